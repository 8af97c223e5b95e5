import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Hummingbird

/// What every area of the web app shares: the page shell, the sign-in limiter and the installation's CSRF key.
struct WebShell: Sendable {
    let renderer: WebRenderer
    let limiter: SignInLimiter
    /// The installation's secret, for CSRF tokens and sealed cookies (`CSRFKey`).
    let installationKey: CSRFKey
    /// Whether the server has a mail server: without one, email is offered nowhere as a channel.
    let canSendEmail: Bool
    /// MKT-12: the marketplace's real map and address search, when the server has them.
    let map: MarketMap
    /// ACC-8, ACC-9, ACC-12: reset links, verification links and invitations by email.
    let accountMailer: AccountMailer

    /// The server's clock (the test clock in tests).
    func now() -> Timestamp { renderer.domain.now() }
}

/// One area of the web app (labels, settings, the marketplace, …): a controller that reads the request, calls the
/// services it holds and picks a view (a `…Page` type that returns `HTML`). `WebController` adds every area's routes.
protocol WebArea: Sendable {
    var shell: WebShell { get }
    func addRoutes(to web: RouterGroup<WebRequestContext>)
}

extension WebArea {
    /// The signed-in member, or a redirect to the sign-in page that comes back here afterwards.
    func member(_ context: WebRequestContext) throws -> Identity {
        guard let identity = context.identity else {
            let back = context.web.path == "/" ? "" : "?next=\(FormData.encode(context.web.path))"
            throw WebRedirect(location: "/signin\(back)")
        }
        return identity
    }

    /// `page` in the skeleton every page shares (top bar, sidebar, toast).
    func page(_ page: WebPage, _ context: WebRequestContext) async throws -> Response {
        try await shell.renderer.render(page, context: context)
    }

    /// A page of tasks: the sidebar reuses the lists the page loaded.
    func page(_ page: WebPage, _ context: WebRequestContext, data: TaskPageData) async throws -> Response {
        var page = page
        page.lists = data.lists
        return try await shell.renderer.render(page, context: context)
    }

    /// A local path to go back to after a form: only paths on this site, never another origin.
    static func safeBack(_ value: String?, default fallback: String) -> String {
        WebBack.safe(value, default: fallback)
    }
}

/// Where a form may send the browser back to.
enum WebBack {
    /// `value` when it is a local path on this site, else `fallback`.
    static func safe(_ value: String?, default fallback: String) -> String {
        // A browser drops tabs and newlines from a URL, so "/\t/evil.example" would become "//evil.example": no
        // control character, space or backslash may pass, and the second character must not start a host.
        guard let value, value.hasPrefix("/"), value.utf8.count <= 2048,
            value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" }),
            !value.dropFirst().hasPrefix("/")
        else { return fallback }
        return value
    }
}
