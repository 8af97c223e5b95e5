import Foundation

/// REACH-1 and REACH-4: the web app manifest that makes Doable installable — its name, the page it opens at, how it
/// looks on the home screen, its shortcuts, and the share target that sends shared text to quick add.
struct AppManifest: Encodable {
    struct Icon: Encodable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String
    }

    struct Shortcut: Encodable {
        var name: String
        var shortName: String
        var description: String
        var url: String
        var icons: [Icon]
    }

    struct ShareTarget: Encodable {
        var action = "/share"
        var method = "GET"
        var enctype = "application/x-www-form-urlencoded"
        var params = ["title": "title", "text": "text", "url": "url"]
    }

    struct Colors: Encodable {
        var themeColor: String
        var backgroundColor: String
    }

    var id = "/today"
    var name = "Doable"
    var shortName = "Doable"
    var description = "Your tasks, lists and reminders, on every device."
    var startUrl = "/today"
    var scope = "/"
    var display = "standalone"
    var themeColor = AppManifest.light.themeColor
    var backgroundColor = AppManifest.light.backgroundColor
    /// Chromium's dark variant of the colours (the page's `theme-color` meta tags say the same for browsers).
    var userPreferences = ["color_scheme_dark": AppManifest.dark]
    var icons: [Icon]
    var shortcuts: [Shortcut]
    var shareTarget = ShareTarget()
    var categories = ["productivity"]

    /// app.css's top bar (`--bg-soft`), so the system bars run into it, and its page background (`--bg`).
    static let light = Colors(themeColor: "#f6f7f9", backgroundColor: "#ffffff")
    static let dark = Colors(themeColor: "#1b1e23", backgroundColor: "#15171b")

    init(assets: WebAssets) {
        let png = { (file: String, size: Int, purpose: String) in
            Icon(src: assets.url("app-icons/\(file)"), sizes: "\(size)x\(size)", type: "image/png", purpose: purpose)
        }
        icons = [
            Icon(src: assets.url("app-icons/icon-any.svg"), sizes: "any", type: "image/svg+xml", purpose: "any"),
            png("icon-192.png", 192, "any"), png("icon-512.png", 512, "any"), png("maskable-512.png", 512, "maskable"),
        ]
        let small = [png("icon-192.png", 192, "any")]
        shortcuts = [
            Shortcut(
                name: "Quick add", shortName: "Add", description: "Add a task", url: "/today#quick-add", icons: small),
            Shortcut(name: "Today", shortName: "Today", description: "What is due today", url: "/today", icons: small),
        ]
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}
