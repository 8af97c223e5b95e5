import DoableArt
import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-12 in the browser (`/settings/invitations`, `InvitationsPage`): make an invitation link (emailed when it names
/// an address and the server can send email; its link shown once on the answer either way), list the open ones,
/// withdraw one. Members who may not invite get the 404 page, as the link is not in their settings.
struct InvitationsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/invitations") { _, context in
            try await invitationsPage(context, identity: try inviter(context), form: FormData(), errors: FormErrors())
        }
        web.post("settings/invitations") { _, context in try await invite(context) }
        web.post("settings/invitations/{id}/revoke") { _, context in
            let identity = try inviter(context)
            let id: InvitationID = try context.pathID()
            guard context.web.form.isOn("confirmed") else {
                return try await confirmPage(
                    context, title: "Withdraw this invitation?", message: "Its link stops working at once.",
                    action: "/settings/invitations/\(id)/revoke", button: "Withdraw")
            }
            try await accounts.revokeInvitation(identity, id: id)
            return WebResponse.done(
                context, redirect: "/settings/invitations", toast: Flash(message: "Invitation withdrawn."))
        }
    }

    private func inviter(_ context: WebRequestContext) throws -> Identity {
        let identity = try member(context)
        guard accounts.mayInvite(identity) else { throw DoableError.notFound("Not found.") }
        return identity
    }

    private func invitationsPage(
        _ context: WebRequestContext, identity: Identity, form: FormData, errors: FormErrors,
        made: InvitationsPage.Made? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let open = try await accounts.openInvitations(identity).sorted { $0.createdAt > $1.createdAt }
        let content = InvitationsPage(
            made: made, open: open, defaultDays: shell.renderer.domain.accountPolicy.invitationDays,
            isAdmin: identity.account.isAdmin, time: MemberTime(preferences: identity.account.preferences),
            form: form, errors: errors, csrf: csrfField(context))
        return try await settingsPage(context, .invitations, body: content.body, status: status)
    }

    private func invite(_ context: WebRequestContext) async throws -> Response {
        let identity = try inviter(context)
        let form = context.web.form
        var errors = FormErrors()
        let days = Int(form["days"] ?? "")
        if days == nil { errors.byField["days"] = "Enter a number of days from 1 to 90." }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                let issued = try await accounts.invite(identity, email: form["email"], days: days)
                let emailed = issued.invitation.email != nil && shell.accountMailer.canSend
                if emailed { shell.accountMailer.invitation(issued, from: identity.account, listName: nil) }
                // The answer shows the link this once; the page it comes back to after a reload has no link.
                let made = InvitationsPage.Made(
                    invitation: issued.invitation, link: shell.accountMailer.url("/join/\(issued.secret)"),
                    emailed: emailed)
                return try await invitationsPage(
                    context, identity: identity, form: FormData(), errors: errors, made: made, status: .created)
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: ["email", "days"], rename: ["expiresInDays": "days"])
            }
        }
        return try await invitationsPage(context, identity: identity, form: form, errors: errors, status: status)
    }
}
