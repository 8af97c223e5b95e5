import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird

/// A posting's page (`/market/postings/{id}`), drawn by `MarketPostingPage`. When its poster opens it, the bids it
/// shows are marked seen (MKT-8) once everything on it is loaded, and the sidebar's badge is counted again.
extension WebController {
    func addMarketPostingRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("market/postings/{id}") { _, context in
            try await postingPage(context, identity: try member(context), id: try postingID(context), draft: nil)
        }
    }

    func postingPage(_ context: WebRequestContext, identity: Identity, id: PostingID, draft: MarketDraft?)
        async throws -> Response
    {
        let detail = try await domain.market.posting(identity, id: id)
        let time = MemberTime(preferences: identity.account.preferences)
        let content = MarketPostingPage(
            detail: detail, time: time, csrf: csrfField(context),
            seenBefore: detail.view.posting.bidsSeenAt, draft: draft)
        var page = marketPage(detail.view.posting.title, content.html, status: draft?.status ?? .ok)
        page.bodyClass = "market-posting"
        guard detail.view.isPoster, detail.view.unseenBidCount > 0 else { return try await self.page(page, context) }
        try await domain.market.markBidsSeen(identity, postingID: id)
        let unseen = try await domain.market.unseenBidCount(identity)
        return try await MarketBadge.$unseenBids.withValue(unseen) { try await self.page(page, context) }
    }
}
