import DoableArt
import DoableCore
import HTTPTypes

/// What every game page shares: its sub-navigation and its place in the sidebar.
enum GameParts {
    static func page(_ title: String, _ main: HTML, status: HTTPResponse.Status = .ok) -> WebPage {
        var page = WebPage(title: title, main: main, current: "game")
        page.status = status
        return page
    }

    /// The game's own navigation under the page heading; `current` is "game", "companion", "store" or "settings".
    static func navigation(current: String) -> HTML {
        let items = [
            ("game", "/game", "Companion"), ("companion", "/game/companion", "Name and looks"),
            ("store", "/game/store", "Store"), ("settings", "/game/settings", "Game settings"),
        ]
        let links = items.html { key, href, title in
            "<li><a href=\"\(href)\" class=\"button\"\(key == current ? HTML(" aria-current=\"page\"") : "")>\(title)</a></li>"
        }
        return "<nav class=\"market-nav game-nav\" aria-label=\"Companion game\"><ul>\(links)</ul></nav>"
    }
}
