import DoableArt
import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird

/// A settings page: the heading, the settings sub-navigation and the section's content. Every settings area
/// (profile, preferences, security, webhooks, calendar apps, import) shows its forms in it.
struct SettingsPage {
    var section: SettingsSection
    var body: HTML
    /// MKT-11: admins also find the marketplace's categories here; nobody else sees the link.
    var isAdmin: Bool
    /// ACC-12: members who may invite people find Invitations here.
    var mayInvite: Bool

    var page: WebPage {
        let links = SettingsSection.allCases.filter { $0.isShown(isAdmin: isAdmin, mayInvite: mayInvite) }.html { item in
            let current: HTML = item == section ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(item.path)\"\(current)>\(item.title)</a></li>"
        }
        return WebPage(
            title: "\(section.title) · Settings",
            main: """
                <div class="settings">
                <h1>Settings</h1>
                <nav class="settings-nav" aria-label="Settings"><ul>\(links)</ul></nav>
                <section class="settings-section" aria-labelledby="settings-heading">
                <h2 id="settings-heading">\(section.title)</h2>
                \(body)
                </section>
                </div>
                """)
    }
}

extension WebArea {
    /// A settings page: the heading, the settings sub-navigation and the section's content.
    func settingsPage(
        _ context: WebRequestContext, _ section: SettingsSection, body: HTML,
        status: HTTPResponse.Status = .ok, styles: [String] = []
    ) async throws -> Response {
        let isAdmin = context.identity?.account.isAdmin == true
        let mayInvite = context.identity.map { shell.renderer.domain.accounts.mayInvite($0) } ?? false
        var view = SettingsPage(section: section, body: body, isAdmin: isAdmin, mayInvite: mayInvite).page
        view.status = status
        view.styles = styles
        return try await page(view, context)
    }
}
