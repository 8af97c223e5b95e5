import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableArt

/// MKT-8: unseen bids show as a badge on the sidebar's Marketplace link. `MarketBadgeMiddleware` reads the count
/// once for each page a signed-in member asks for and binds it for the rest of the request, where the navigation
/// reads it (`WebNavigation.views`). `market.js` keeps it current as bids arrive (`GET /market/badge`).
enum MarketBadge {
    @TaskLocal static var unseenBids = 0

    /// The sidebar's link content: the name, what a screen reader hears of the badge ("Marketplace (2 new bids)"),
    /// and the badge.
    static func navTitle(unseen: Int) -> HTML {
        """
        Marketplace<span class="visually-hidden" id="nav-market-unseen">\(unseen > 0 ? " (\(MarketWords.newBids(unseen)))" : "")</span>\
        <span class="market-badge" id="nav-market-badge" aria-hidden="true"\(attribute: "hidden", if: unseen == 0)>\(unseen > 99 ? "99+" : String(unseen))</span>
        """
    }

    static var navItem: NavItem { NavItem(key: "market", href: "/market", icon: .market, title: navTitle(unseen: unseenBids)) }
}

struct MarketBadgeMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let domain: Domain

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let identity = context.identity, !context.web.wantsJSON, Self.mayRenderPage(request.uri.path) else {
            return try await next(request, context)
        }
        let count = (try? await domain.market.unseenBidCount(identity)) ?? 0
        return try await MarketBadge.$unseenBids.withValue(count) { try await next(request, context) }
    }

    /// Paths that answer with something other than a page (a photo's bytes, the quick-add preview, the badge
    /// itself) need no count.
    static func mayRenderPage(_ path: String) -> Bool {
        !["/attachments/", "/quick-add/", "/market/badge", "/assets/"].contains { path.hasPrefix($0) }
    }
}
