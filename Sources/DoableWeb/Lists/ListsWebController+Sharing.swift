import DoableCore
import DoableArt
import DoableDelivery
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableHTTP

/// What the share form holds: what was typed, and why it was refused.
struct ShareForm: Sendable {
    var login = ""
    var role = ListRole.editor.rawValue
    var errors = FormErrors()
}

/// COLLAB-1 in the browser: the Members section of a list's settings page (`/lists/{id}/edit#members`), sharing by
/// username or email, changing a role, removing a member, handing the list over, and leaving it. Every action is
/// the Domain's, which checks the caller's role again; a refusal shows its message by the field it names.
extension ListsWebController {
    func addSharingRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("lists/{id}/members") { _, context in try await share(context) }
        web.post("lists/{id}/members/{accountId}") { _, context in try await changeRole(context) }
        web.post("lists/{id}/members/{accountId}/remove") { _, context in try await removeMember(context) }
        web.post("lists/{id}/leave") { _, context in try await leave(context) }
    }

    /// The Members section (`MembersSection`) of `view`'s settings page.
    func membersSection(_ context: WebRequestContext, _ view: ListView, share: ShareForm = ShareForm())
        async throws -> HTML
    {
        let identity = try member(context)
        let members = try await sharing.members(identity, listID: view.list.id)
        return MembersSection(
            view: view, members: members, me: identity.account.id, share: share, csrf: csrfField(context)
        ).html
    }

    // MARK: The actions

    private func share(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await tasks.list(identity, id: try context.pathID())
        let form = context.web.form
        do {
            let shared = try await sharing.share(
                identity, listID: view.list.id, login: form["login"],
                role: form["role"])
            // From the list's header the member stays on the list; from its settings, on Members.
            let fromList = form["back"] == "/lists/\(view.list.id)"
            let back = fromList ? "/lists/\(view.list.id)" : "/lists/\(view.list.id)/edit#members"
            switch shared {
            case .member(let added):
                return WebResponse.done(
                    context, redirect: back,
                    toast: Flash(
                        message: "Shared “\(view.list.name)” with \(added.username) as \(added.role.rawValue)",
                        undo: UndoToken([.removeMember(view.list.id, added.accountID)]).encoded),
                    focus: fromList ? "share-login" : "f-login")
            case .invited(let issued):
                return try await invited(context, issued, by: identity, list: view, back: back)
            }
        } catch let error as DoableError where !context.web.wantsJSON && Self.isFormError(error) {
            var share = ShareForm(login: form["login"] ?? "", role: form["role"] ?? ListRole.editor.rawValue)
            share.errors = FormErrors(error, fields: ["login", "role"])
            return try await listSettingsPage(context, view, share: share, status: error.httpStatus)
        }
    }

    private func changeRole(_ context: WebRequestContext) async throws -> Response {
        let (identity, view, person) = try await memberActedOn(context)
        let form = context.web.form
        let role = form["role"]
        let list = view.list
        if role == ListRole.owner.rawValue, !form.isOn("confirmed"), !context.web.wantsJSON {
            return try await confirmPage(
                context, title: "Make \(person.username) the owner of “\(list.name)”?",
                message: "They will own the list and its tasks; you stay on as an admin.",
                action: "/lists/\(list.id)/members/\(person.accountID)",
                button: "Make owner")
        }
        let updated = try await sharing.updateMember(
            identity, listID: list.id, accountID: person.accountID,
            role: role, ifVersion: form.version)
        let back = "/lists/\(list.id)/edit#members"
        if updated.role == .owner {
            return WebResponse.done(
                context, redirect: back,
                toast: Flash(
                    message: "\(updated.username) now owns “\(list.name)”; you are an admin of it."))
        }
        let undo: String? =
            person.role == updated.role
            ? nil
            : UndoToken([.memberRole(list.id, person.accountID, person.role)]).encoded
        return WebResponse.done(
            context, redirect: back,
            toast: Flash(
                message: "\(updated.username) is now \(ListRoleWords.withArticle(updated.role)) of “\(list.name)”",
                undo: undo), focus: "role-\(person.accountID)")
    }

    private func removeMember(_ context: WebRequestContext) async throws -> Response {
        let (identity, view, person) = try await memberActedOn(context)
        if person.accountID == identity.account.id { return try await leave(context) }
        let list = view.list
        if !context.web.form.isOn("confirmed"), !context.web.wantsJSON {
            return try await confirmPage(
                context, title: "Remove \(person.username) from “\(list.name)”?",
                message: "They lose access to the list and its tasks.",
                action: "/lists/\(list.id)/members/\(person.accountID)/remove",
                button: "Remove")
        }
        try await sharing.removeMember(
            identity, listID: list.id, accountID: person.accountID,
            ifVersion: context.web.form.version)
        return WebResponse.done(
            context, redirect: "/lists/\(list.id)/edit#members",
            toast: Flash(
                message: "Removed \(person.username) from “\(list.name)”",
                undo: UndoToken([.addMember(list.id, username: person.username, role: person.role)]).encoded))
    }

    private func leave(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let list = try await tasks.list(identity, id: try context.pathID()).list
        if !context.web.form.isOn("confirmed"), !context.web.wantsJSON {
            return try await confirmPage(
                context, title: "Leave “\(list.name)”?",
                message: "You lose access to it until someone shares it with you again.",
                action: "/lists/\(list.id)/leave", button: "Leave list")
        }
        try await sharing.removeMember(identity, listID: list.id, accountID: identity.account.id)
        return WebResponse.done(
            context, redirect: "/today", toast: Flash(message: "You left “\(list.name)”"),
            forceRedirect: true)
    }

    /// The member, the list as they see it, and the person a member form acts on.
    private func memberActedOn(_ context: WebRequestContext) async throws -> (Identity, ListView, MemberView) {
        let identity = try member(context)
        let view = try await tasks.list(identity, id: try context.pathID())
        let accountID: AccountID = try context.pathID("accountId")
        guard
            let person = try await sharing.members(identity, listID: view.list.id)
                .first(where: { $0.accountID == accountID })
        else { throw DoableError.notFound("Member not found.") }
        return (identity, view, person)
    }

    /// ACC-12: sharing with an email that has no account invited it: the email goes out when the server can send
    /// one; otherwise the member is given the link to pass on (a page with Copy; the page's script shows it in the
    /// toast).
    private func invited(
        _ context: WebRequestContext, _ issued: IssuedInvitation, by identity: Identity, list: ListView, back: String
    ) async throws -> Response {
        let email = issued.invitation.email ?? ""
        let message = "Invited \(email): they join the list when they register"
        let link = shell.accountMailer.url("/join/\(issued.secret)")
        if shell.accountMailer.canSend {
            shell.accountMailer.invitation(issued, from: identity.account, listName: list.list.name)
            return WebResponse.done(context, redirect: back, toast: Flash(message: message + "."))
        }
        if context.web.wantsJSON {
            return WebResponse.done(
                context, redirect: back,
                toast: Flash(message: message + ". This server cannot send email: send them this link: \(link)"))
        }
        let page = WebPage(
            title: "Invited \(email)",
            main: """
                <div class="narrow"><h1>Invited \(email)</h1>
                <p>They join “\(list.list.name)” when they register with this link. This server cannot send email, so
                <strong>copy the link now</strong> and send it to them yourself: Doable shows it only this once.</p>
                <label for="invitation-link">Invitation link</label>
                <div class="copy-row"><input id="invitation-link" class="secret" type="text" readonly value="\(link)" autocomplete="off" spellcheck="false">\
                <button type="button" class="button" data-copy="invitation-link" data-name="the invitation link" hidden>\(Icon.copy.html)Copy</button></div>
                <p><a class="button primary" href="\(back)">Back to “\(list.list.name)”</a></p></div>
                """)
        var view = page
        view.status = .created
        return try await self.page(view, context)
    }

    /// A refusal the share form shows by its fields; others (no access, a role too small) get their own page.
    private static func isFormError(_ error: DoableError) -> Bool {
        switch error {
        case .invalid, .conflict: true
        default: false
        }
    }
}
