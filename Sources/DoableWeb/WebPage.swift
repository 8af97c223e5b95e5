import Foundation
import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableArt
import DoableHTTP

/// One page of the web app, before the skeleton (top bar, sidebar, toast) is put around it.
struct WebPage {
    var title: String
    var main: HTML
    /// The sidebar entry to mark as current: `today`, `upcoming`, …, or `list:{id}`.
    var current: String?
    /// The list quick add puts new tasks into on this page (the Inbox when nil).
    var quickAddList: ListID?
    var status: HTTPResponse.Status = .ok
    /// Classes for `<body>` (`selecting` when the page opened in selection mode).
    var bodyClass = ""
    /// The page's own CSS rules, put in its nonce'd style block (list colours).
    var styles: [String] = []
    /// The member's lists with open counts when the page already loaded them (the sidebar reuses them).
    var lists: [ListView]?

    init(title: String, main: HTML, current: String? = nil, quickAddList: ListID? = nil) {
        self.title = title
        self.main = main
        self.current = current
        self.quickAddList = quickAddList
    }
}

/// Puts pages into the skeleton every page shares, documented in docs/web-app.md.
struct WebRenderer: Sendable {
    let domain: Domain
    let assets: WebAssets
    let trustedProxies: TrustedProxies
    let map: MarketMap

    func render(_ page: WebPage, context: WebRequestContext) async throws -> Response {
        let nonce = SecretToken.make(prefix: "").secret.prefix(22)
        let identity = context.identity
        async let unread = unreadCount(identity)
        var lists: [ListView] = []
        if let known = page.lists { lists = known } else if let identity { lists = try await domain.tasks.lists(identity) }
        let unreadCount = try await unread
        let preferences = identity?.account.preferences ?? Preferences()
        var styles = page.styles
        styles.append(":root{--accent:\(ListColor.hex(preferences.accentColor))}")
        for view in lists { styles.append(ListColor.rule(for: view.list)) }
        let html: HTML = """
            <!doctype html>
            <html lang="en" data-theme="\(preferences.theme.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="csrf-token" content="\(context.web.csrfToken)">
            <title>\(page.title) · Doable</title>
            <link rel="stylesheet" href="\(assets.url("css/app.css"))">
            <link rel="icon" href="\(assets.url("icon.svg"))" type="image/svg+xml">
            <link rel="manifest" href="/manifest.webmanifest">
            <link rel="apple-touch-icon" href="\(assets.url("app-icons/icon-192.png"))">
            <meta name="theme-color" media="(prefers-color-scheme: light)" content="\(AppManifest.light.themeColor)">
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content="\(AppManifest.dark.themeColor)">
            <style nonce="\(String(nonce))">\(HTML(unsafeMarkup: styles.joined(separator: "\n")))</style>
            <script type="module" src="\(assets.url("js/app.js"))"></script>
            </head>
            <body class="\(context.web.query["select"] == "1" ? page.bodyClass + " selecting" : page.bodyClass)" data-signed-in="\(identity != nil ? "true" : "false")">
            <a class="skip-link" href="#main">Skip to content</a>
            \(identity.map { topBar($0, page: page, lists: lists, unread: unreadCount, context: context) })
            \(identity.map { _ in WebSidebar(lists: lists, current: page.current).html })
            <main id="main" tabindex="-1">
            \(identity.flatMap { verificationBanner($0, context: context) })
            \(page.main)
            </main>
            \(identity.map { _ in tabBar(page) })
            \(toast(context))
            </body>
            </html>
            """
        return WebResponse.page(html, nonce: String(nonce), status: page.status, imageOrigin: map.tileOrigin)
    }

    /// ACC-9: on every page of a member whose address the server wants confirmed, what to do and the button that
    /// sends the link again.
    private func verificationBanner(_ identity: Identity, context: WebRequestContext) -> HTML? {
        guard domain.accounts.needsVerification(identity.account) else { return nil }
        return """
            <div class="verify-banner" role="region" aria-label="Confirm your email address">
            <p>Confirm your email address: open the link we sent to <strong>\(identity.account.email)</strong>. Until then
            you cannot share lists or post to the marketplace.</p>
            <form method="post" action="/verify-email" class="inline-form">\(csrfField(context))\
            <input type="hidden" name="back" value="\(context.currentPath)">\
            <button type="submit" class="button">Send the link again</button></form>
            </div>
            """
    }

    /// NOTIF-2: the bell's count, read beside the lists.
    private func unreadCount(_ identity: Identity?) async throws -> Int {
        guard let identity else { return 0 }
        return try await domain.reminders.unreadNotificationCount(identity)
    }

    private func topBar(
        _ identity: Identity, page: WebPage, lists: [ListView], unread: Int,
        context: WebRequestContext
    ) -> HTML {
        // A list the member may only read (COLLAB-1) leaves quick add on the Inbox.
        let chosen = page.quickAddList.flatMap { id in lists.first { $0.list.id == id && $0.role >= .editor } }
        let listID = chosen?.list.id ?? identity.account.inboxID
        let listName = chosen?.list.name ?? lists.first { $0.list.id == listID }?.list.name ?? "Inbox"
        let isCurrent = { (key: String) -> HTML in page.current == key ? " aria-current=\"page\"" : "" }
        // REACH-4: text shared into the installed app arrives as `add` (from /share), ready to add.
        let shared = context.web.query["add"].map { String($0.prefix(1000)) }
        let opensQuickAdd = context.web.flash?.retry != nil || shared != nil
        return """
            <header class="topbar">
            <a id="menu-toggle" class="icon-button" href="#sidebar" aria-controls="sidebar" aria-expanded="false" aria-label="Menu">\(Icon.menu.html)</a>
            <a class="brand" href="/today">Doable</a>
            <form class="search-form" role="search" aria-label="Search tasks" method="get" action="/search">
            <input type="search" name="q" aria-label="Search tasks" placeholder="Search" value="\(page.current == "search" ? context.web.query["q"] ?? "" : "")">
            </form>
            <form id="quick-add" class="quick-add\(opensQuickAdd ? " is-open" : "")" method="post" action="/tasks" data-inplace>
            \(csrfField(context))
            <input type="hidden" name="list" value="\(listID)">
            <input type="hidden" name="parent" value="">
            <input type="hidden" name="ignore" value="">
            \(page.current == "today" ? HTML("<input type=\"hidden\" name=\"when\" value=\"today\">") : "")
            <input type="hidden" name="back" value="\(context.currentPath)">
            <p class="quick-add-heading" aria-hidden="true">Add to \(listName)\(page.current == "today" ? " · due today" : "")</p>
            <input id="quick-add-text" name="text" aria-label="New task" autocomplete="off" maxlength="1000" value="\(context.web.flash?.retry ?? shared ?? "")" placeholder="\(page.current == "today" ? "Add a task for today" : "Add a task to \(listName)"): Buy milk 17:00 #Groceries !high @errand">
            <button type="submit" class="button primary">Add</button>
            <a class="icon-button quick-add-close" href="#main" aria-label="Close quick add">\(Icon.close.html)</a>
            <div class="quick-add-feedback">
            <ul id="quick-add-chips" class="chips" aria-label="Recognised in the text" aria-live="polite"></ul>
            <p id="quick-add-error" class="field-error" role="alert">\(opensQuickAdd ? context.web.flash?.message ?? "" : "")</p>
            <p id="quick-add-offers" class="offers">\((opensQuickAdd ? context.web.flash?.offers ?? [] : []).html { offer in
                "<button type=\"submit\" class=\"button\" name=\"\(offer.name)\" value=\"\(offer.value)\">\(offer.label)</button>"
            })</p>
            </div>
            </form>
            <nav class="account-links" aria-label="Account">
            <a class="icon-button phone-only" href="/search" aria-label="Search"\(isCurrent("search"))>\(Icon.search.html)</a>
            \(NotificationBell.link(unread: unread, isCurrent: page.current == "notifications"))
            <details class="menu account-menu">
            <summary class="icon-button" aria-label="Account: \(identity.account.username)">\(Icon.person.html)<span class="account-name" aria-hidden="true">\(identity.account.username)</span></summary>
            <div class="menu-items">
            <a href="/settings">\(Icon.settings.html)Settings</a>
            <a href="/plans"\(isCurrent("plans"))>\(Icon.plans.html)Plans</a>
            <button type="button" id="install-app" hidden>\(Icon.download.html)Install Doable</button>
            <a href="/signout">\(Icon.signout.html)Sign out</a>
            </div>
            </details>
            </nav>
            </header>
            """
    }

    /// Phones: the four places a person goes most, at the thumb, and the button that opens quick add.
    private func tabBar(_ page: WebPage) -> HTML {
        let tab = { (key: String, href: String, icon: Icon, title: String) -> HTML in
            let current: HTML = page.current == key ? " aria-current=\"page\"" : ""
            return "<a href=\"\(href)\"\(current)>\(icon.html)<span>\(title)</span></a>"
        }
        return """
            <a class="fab" href="#quick-add" aria-label="Quick add">\(Icon.plus.html)</a>
            <nav class="tab-bar" aria-label="Shortcuts">
            \(tab("today", "/today", .today, "Today"))
            \(tab("upcoming", "/upcoming", .upcoming, "Upcoming"))
            \(tab("search", "/search", .search, "Search"))
            <a href="#sidebar" class="tab-menu" aria-controls="sidebar" aria-expanded="false">\(Icon.lists.html)<span>Lists</span></a>
            </nav>
            """
    }

    private func toast(_ context: WebRequestContext) -> HTML {
        guard let flash = context.web.flash, flash.retry == nil else { return "<div id=\"toast\" role=\"status\" aria-live=\"polite\"></div>" }
        let undo: HTML =
            flash.undo.map { token in
                """
                <form method="post" action="/undo" data-inplace>\(csrfField(context))<input type="hidden" name="token" value="\(token)"><button type="submit" class="undo button">Undo</button></form>
                """
            } ?? ""
        return """
            <div id="toast" role="status" aria-live="polite" class="is-visible"><p>\(flash.message)</p>\(undo)</div>
            """
    }
}

/// The hidden field every form carries (issue 11: CSRF protection on every form).
func csrfField(_ context: WebRequestContext) -> HTML {
    "<input type=\"hidden\" name=\"_csrf\" value=\"\(context.web.csrfToken)\">"
}

extension WebRequestContext {
    /// The path and query of this request, for "come back here" fields.
    var currentPath: String { web.path }
}

extension ListColor {
    static func rule(for list: TaskList) -> String { ".lc-\(list.id){--list-color:\(hex(list.color))}" }
}
