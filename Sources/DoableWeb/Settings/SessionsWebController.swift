import DoableArt
import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-11 in the browser: Sessions and devices (`/settings/sessions`, `SessionsPage`), and ending one of them
/// (asks first; ending this browser's own session signs it out).
struct SessionsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/sessions") { _, context in
            let identity = try member(context)
            let credentials = try await accounts.credentials(identity).sorted {
                ($0.lastUsedAt ?? $0.createdAt) > ($1.lastUsedAt ?? $1.createdAt)
            }
            let content = SessionsPage(
                current: identity.credential.id, credentials: credentials,
                time: MemberTime(preferences: identity.account.preferences), csrf: csrfField(context))
            return try await settingsPage(context, .sessions, body: content.body)
        }
        web.post("settings/sessions/{id}/end") { _, context in try await end(context) }
    }

    private func end(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: CredentialID = try context.pathID()
        guard let credential = try await accounts.credentials(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("No such session.")
        }
        let isCurrent = id == identity.credential.id
        let title = credential.kind == .session ? credential.deviceName ?? "this session" : "“\(credential.name)”"
        guard context.web.form.isOn("confirmed") else {
            return try await confirmPage(
                context, title: isCurrent ? "End this session?" : "End \(title)?",
                message: isCurrent
                    ? "You will be signed out of this browser."
                    : "It stops working at once; a browser or app must sign in again.",
                action: "/settings/sessions/\(id)/end", button: "End")
        }
        try await accounts.revokeCredential(identity, id: id)
        if isCurrent {
            var response = WebResponse.redirect("/signin")
            response.headers.append(
                HTTPField(name: .setCookie, value: WebCookie.clear(WebCookie.session, secure: context.web.isSecure)))
            return response
        }
        return WebResponse.done(context, redirect: "/settings/sessions", toast: Flash(message: "Ended \(title)."))
    }
}
