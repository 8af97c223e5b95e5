import DoableArt
import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird

/// An admin page: the settings' heading and navigation (its admin entry marked), the admin sub-navigation, then
/// the section.
struct AdminPage {
    var section: AdminSection
    var body: HTML
    /// ACC-12: whether Invitations shows in the settings navigation (not on a server with registration closed).
    var mayInvite: Bool

    var page: WebPage {
        // The admin area's own entry: Marketplace categories on its page, Accounts (admin) on every other.
        let entry: SettingsSection = section == .categories ? .categories : .administration
        let settingsLinks = SettingsSection.allCases.filter { $0.isShown(isAdmin: true, mayInvite: mayInvite) }.html { item in
            // The admin entry stands for the whole admin area: the current page only on its own address.
            let current: HTML =
                item != entry
                ? ""
                : item.path == section.path ? " aria-current=\"page\"" : " aria-current=\"true\""
            return "<li><a href=\"\(item.path)\"\(current)>\(item.title)</a></li>"
        }
        let adminLinks = AdminSection.allCases.html { item in
            let current: HTML = item == section ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(item.path)\"\(current)>\(item.navigationTitle)</a></li>"
        }
        return WebPage(
            title: "\(section.title) · Admin",
            main: """
                <div class="settings admin">
                <h1>Settings</h1>
                <nav class="settings-nav" aria-label="Settings"><ul>\(settingsLinks)</ul></nav>
                <nav class="admin-nav" aria-label="Admin"><ul>\(adminLinks)</ul></nav>
                <section class="settings-section" aria-labelledby="settings-heading">
                <h2 id="settings-heading">\(section.title)</h2>
                \(body)
                </section>
                </div>
                """)
    }
}

extension WebArea {
    /// The signed-in member when an admin; a 404 for anyone else (the page's existence is not told).
    func admin(_ context: WebRequestContext) throws -> Identity {
        let identity = try member(context)
        guard identity.account.isAdmin else { throw DoableError.notFound("Not found.") }
        return identity
    }

    /// An admin page (`AdminPage`) with `body` as its section.
    func adminPage(
        _ context: WebRequestContext, _ section: AdminSection, body: HTML,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let mayInvite = context.identity.map { shell.renderer.domain.accounts.mayInvite($0) } ?? false
        var view = AdminPage(section: section, body: body, mayInvite: mayInvite).page
        view.status = status
        return try await page(view, context)
    }
}
