import HTTPTypes
import Foundation
import DoableCore
public import DoableDomain
public import Hummingbird
public import DoableHTTP

/// The web app's routes (issue 11). Each area adds its pages in its own `WebController+Area.swift`; every write
/// goes through the same Domain operation the API uses.
public struct WebController: Sendable {
    let domain: Domain
    let renderer: WebRenderer
    let limiter: SignInLimiter
    /// The installation's secret, for CSRF tokens and sealed cookies (`CSRFKey`).
    let installationKey = CSRFKey()
    /// The Today page's panels, in order (reminders, the companion, … as later features add them).
    var todayPanels: [any TodayPanel] = []

    public init(domain: Domain, assets: WebAssets, trustedProxies: TrustedProxies, limiter: SignInLimiter) {
        self.domain = domain
        self.renderer = WebRenderer(domain: domain, assets: assets, trustedProxies: trustedProxies)
        self.limiter = limiter
    }

    public func addRoutes(to router: Router<AppRequestContext>) {
        let web = router.group(context: WebRequestContext.self)
            .add(middleware: WebErrorMiddleware(renderer: renderer))
            .add(
                middleware: WebSessionMiddleware(
                    domain: domain, trustedProxies: renderer.trustedProxies,
                    csrfKey: installationKey)
            )
            .add(middleware: MarketBadgeMiddleware(domain: domain))
            .add(middleware: GameNavMiddleware(domain: domain))
        addAccountRoutes(to: web)
        addViewRoutes(to: web)
        addListRoutes(to: web)
        addTaskRoutes(to: web)
        addLabelRoutes(to: web)
        addSettingsRoutes(to: web)
        addNotificationRoutes(to: web)
        addEmailLinkRoutes(to: web)
        addReminderRoutes(to: web)
        addPhotoRoutes(to: web)
        addAdminRoutes(to: web)
        addStatsRoutes(to: web)
        addImportRoutes(to: web)
        addAdminGameRoutes(to: web)
        addAdminStoreRoutes(to: web)
        addAdminPlanRoutes(to: web)
        addPlanRoutes(to: web)
        addMarketRoutes(to: web)
        addGameRoutes(to: web)
    }

    /// The signed-in member, or a redirect to the sign-in page that comes back here afterwards.
    func member(_ context: WebRequestContext) throws -> Identity {
        guard let identity = context.identity else {
            let back = context.web.path == "/" ? "" : "?next=\(FormData.encode(context.web.path))"
            throw WebRedirect(location: "/signin\(back)")
        }
        return identity
    }

    func page(_ page: WebPage, _ context: WebRequestContext) async throws -> Response {
        try await renderer.render(page, context: context)
    }

    /// A page of tasks: the sidebar reuses the lists the page loaded.
    func page(_ page: WebPage, _ context: WebRequestContext, data: TaskPageData) async throws -> Response {
        var page = page
        page.lists = data.lists
        return try await renderer.render(page, context: context)
    }

    /// A local path to go back to after a form: only paths on this site, never another origin.
    static func safeBack(_ value: String?, default fallback: String) -> String {
        // A browser drops tabs and newlines from a URL, so "/\t/evil.example" would become "//evil.example": no
        // control character, space or backslash may pass, and the second character must not start a host.
        guard let value, value.hasPrefix("/"), value.utf8.count <= 2048,
            value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" }),
            !value.dropFirst().hasPrefix("/")
        else { return fallback }
        return value
    }
}
