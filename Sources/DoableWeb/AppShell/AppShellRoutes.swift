import DoableArt
import DoableDomain
public import DoableHTTP
import Foundation
import HTTPTypes
public import Hummingbird
import NIOCore
import NIOFoundationCompat

/// REACH-1 and REACH-2: what makes the web app an installable app that opens offline — the manifest, the service
/// worker (served from the root so that it may look after every page) and the page it shows for a page never
/// visited while the network is gone. None of them needs a member.
public struct AppShellRoutes: Sendable {
    let assets: WebAssets
    let manifest: ByteBuffer
    let worker: ByteBuffer

    public init(assets: WebAssets) {
        self.assets = assets
        manifest = ByteBuffer(data: AppManifest(assets: assets).encoded())
        worker = ByteBuffer(string: Self.workerScript(assets: assets))
    }

    /// sw.js with the build's digest and the shell's URLs written in: a new build is a new worker, byte for byte.
    static func workerScript(assets: WebAssets) -> String {
        let url = Bundle.module.url(forResource: "sw", withExtension: "js", subdirectory: "Resources/worker")
        let source = url.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        let shell = String(decoding: (try? JSONEncoder().encode(assets.shellURLs)) ?? Data("[]".utf8), as: UTF8.self)
            .replacingOccurrences(of: "\\/", with: "/")
        return WebAssets.compacted(script: source)
            .replacingOccurrences(of: "__BUILD__", with: assets.build)
            .replacingOccurrences(of: "__SHELL__", with: shell)
            .replacingOccurrences(of: "__ICON__", with: assets.url("app-icons/icon-192.png"))
            .replacingOccurrences(of: "__REPLICA__", with: assets.url("js/replica.js"))
    }

    public func addRoutes(to router: Router<AppRequestContext>) {
        router.get("manifest.webmanifest") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                body: .init(byteBuffer: manifest))
        }
        router.get("sw.js") { _, _ in
            // Browsers check for a new worker on navigation; no-cache makes each check ask the server.
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
                    .xContentTypeOptions: "nosniff",
                ],
                body: .init(byteBuffer: worker))
        }
        router.get("offline") { _, _ in offlinePage() }
    }

    /// What the service worker shows with the network gone (REACH-2): offline.js draws Today, Upcoming, the lists, a
    /// list, a task and search from the replica into it; for any other page it lists the pages this device kept.
    func offlinePage() -> Response {
        let nav: [(String, String)] = [("/today", "Today"), ("/upcoming", "Upcoming"), ("/lists", "Lists"), ("/search", "Search")]
        let html: HTML = """
            <!doctype html><html lang="en" data-theme="system"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Doable</title>
            <link rel="stylesheet" href="\(assets.url("css/app.css"))">
            <link rel="icon" href="\(assets.url("icon.svg"))" type="image/svg+xml">
            <link rel="manifest" href="/manifest.webmanifest">
            <script src="\(assets.url("js/replica.js"))"></script>
            <script type="module" src="\(assets.url("js/offline.js"))"></script></head>
            <body class="offline-app" data-signed-in="false">
            <a class="skip-link" href="#main">Skip to content</a>
            <header class="topbar"><a class="brand" href="/today">Doable</a>
            <nav class="offline-nav" aria-label="Main">\(nav.html { "<a href=\"\($0.0)\">\($0.1)</a>" })</nav></header>
            <main id="main" tabindex="-1">
            <div id="offline-banner" class="app-banner is-offline" role="status"><p>You are offline.</p></div>
            <div id="offline-view"><div class="empty-state offline-state"><h1>You are offline</h1>
            <p>This page has not been opened on this device yet, so there is no copy of it here. Pages you opened
            before are still readable:</p>
            <ul id="offline-pages" class="offline-pages"></ul>
            <p><a class="button primary" href="/today">Try Today</a></p></div></div>
            </main>
            <div id="toast" role="status" aria-live="polite"></div>
            </body></html>
            """
        return WebResponse.page(html, nonce: String(SecretToken.make(prefix: "").secret.prefix(22)))
    }
}
