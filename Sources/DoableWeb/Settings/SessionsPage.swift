import DoableArt
import DoableCore
import DoableDomain

/// ACC-11: every session, access token and app password of the account, most recently used first: the device (read
/// from its browser's user agent) or the token's name, what it is, the address it was last used from, when it was
/// made and last used, "This device" on this browser's session, and End on each (ending this one signs out here).
/// A list, not a table, so it fits a phone.
struct SessionsPage {
    /// The session of this browser.
    var current: CredentialID
    var credentials: [Credential]
    var time: MemberTime
    var csrf: HTML

    var body: HTML {
        let items = credentials.html { item($0) }
        return """
            <p>Every browser and app signed in to your account, and every access token and app password. End any you
            do not recognise: it stops working at once. To end them all, use Sign out everywhere.</p>
            <ul class="session-list" aria-label="Sessions and devices">\(items)</ul>
            <form method="post" action="/signout/everywhere" class="danger-zone" \
            data-confirm="\(TokensPage.signOutEverywhereQuestion)">
            \(csrf)<input type="hidden" name="back" value="/settings/sessions">
            <button type="submit" class="button danger">Sign out everywhere</button>
            </form>
            """
    }

    private func item(_ credential: Credential) -> HTML {
        let isCurrent = credential.id == current
        let title: String =
            switch credential.kind {
            case .session: credential.deviceName ?? "A browser or app"
            case .accessToken, .appPassword: credential.name
            }
        let kind: String =
            switch credential.kind {
            case .session: "Signed-in session"
            case .accessToken: "Access token"
            case .appPassword: "App password"
            }
        let icon: Icon = credential.kind == .session ? .person : .settings
        let address: HTML = credential.address.map { " · <span class=\"session-address\">\($0)</span>" } ?? ""
        let lastUsed: HTML = credential.lastUsedAt.map { "last used \(when($0))" } ?? "not used yet"
        let name = isCurrent ? "End this session (signs you out here)" : "End \(title), \(kind.lowercased())"
        let question =
            isCurrent
            ? "End this session? You will be signed out of this browser."
            : "End \(title)? It stops working at once and must sign in again."
        return """
            <li id="session-\(credential.id)" class="session-item\(isCurrent ? " is-current" : "")">\(icon.html)
            <div class="session-text"><strong class="session-name">\(title)</strong>\(isCurrent ? HTML(" <span class=\"badge current-badge\">This device</span>") : "")
            <span class="session-meta">\(kind)\(address)</span>
            <span class="session-meta">Made \(when(credential.createdAt)), \(lastUsed)</span></div>
            <form method="post" action="/settings/sessions/\(credential.id)/end" class="inline-form" data-confirm="\(question)">
            \(csrf)<input type="hidden" name="back" value="/settings/sessions">
            <button type="submit" class="button quiet-danger" aria-label="\(name)">End</button>
            </form></li>
            """
    }

    private func when(_ moment: Timestamp) -> HTML {
        "<time datetime=\"\(moment)\">\(time.words(time.date(of: moment))) \(time.time(of: moment))</time>"
    }
}
