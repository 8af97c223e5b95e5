import DoableArt
import DoableCore
import DoableDomain
import DoableHTTP
import HTTPTypes
import Hummingbird

/// INTEROP-1 and INTEROP-2 in the browser: the "Calendar apps" settings page (`CalendarAppsPage`), the switch for
/// the account password in CalDAV apps (saved like every preference, ACC-7), and new feed links.
struct CalendarsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService
    let transfer: TransferService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/calendars") { request, context in
            try await calendarsPage(request, context)
        }
        web.post("settings/calendars") { request, context in try await saveCalDAVPassword(request, context) }
        web.post("settings/calendars/rotate") { _, context in try await rotateFeeds(context) }
    }

    private func calendarsPage(
        _ request: Request, _ context: WebRequestContext, message: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        let links = try await transfer.feedLinks(identity)
        let page = CalendarAppsPage(
            origin: request.publicOrigin(trustedProxies: shell.renderer.trustedProxies, peer: context.peerAddress, cameOverTLS: context.cameOverTLS),
            username: identity.account.username, links: links,
            allowsAccountPassword: identity.account.preferences.calDAVAccountPassword,
            version: identity.account.version, csrf: csrfField(context))
        let notice = message.map { HTML("<p class=\"form-error\" role=\"alert\">\($0)</p>") }
        return try await settingsPage(context, .calendars, body: "\(notice)\(page.html)", status: status)
    }

    private func saveCalDAVPassword(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        var patch = PreferencesPatch()
        patch.calDAVAccountPassword = context.web.form.isOn("calDAVAccountPassword")
        var profile = ProfilePatch()
        profile.preferences = patch
        do {
            _ = try await accounts.updateProfile(identity, profile, ifVersion: context.web.form.version)
        } catch DoableError.conflict("version_mismatch", _, _) {
            return try await calendarsPage(request, context, message: Self.staleMessage, status: .conflict)
        }
        let saved =
            patch.calDAVAccountPassword == true
            ? "Your account password signs in CalDAV apps too." : "Only app passwords sign in CalDAV apps now."
        return WebResponse.done(context, redirect: "/settings/calendars", toast: Flash(message: saved))
    }

    private func rotateFeeds(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Make new feed links?",
                message: "The calendars subscribed to your current feed links stop getting updates: those links "
                    + "answer “not found” from now on. Subscribe again with the new ones.",
                action: "/settings/calendars/rotate", button: "Make new feed links")
        }
        _ = try await transfer.rotateFeedKey(identity)
        return WebResponse.done(
            context, redirect: "/settings/calendars",
            toast: Flash(message: "New feed links made. The old ones no longer work."))
    }
}
