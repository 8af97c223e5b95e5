import DoableCore
import DoableDomain
import DoableHTTP
import HTTPTypes
import Hummingbird

/// MKT in the browser (issue 15): search and browse (`MarketSearchPage`), near me with its map (`+Near`), posting
/// and editing (`+Forms`), a posting's page (drawn by `MarketPostingPage`) and what is done there (`+Bids`,
/// `+Actions`), and my postings and bids (`MarketMinePage`). Every write is the service's, which checks the rules
/// again; a refusal shows by the field it names, with what the member typed kept.
struct MarketWebController: WebArea {
    let shell: WebShell
    let market: MarketService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("market") { _, context in try await marketSearch(context) }
        web.get("market/near") { _, context in try await marketNear(context) }
        web.get("market/mine") { _, context in try await marketMine(context) }
        web.get("market/badge") { _, context in
            JSONResponse.make(["unseenBidCount": try await market.unseenBidCount(try member(context))])
        }
        addFormRoutes(to: web)
        web.get("market/postings/{id}") { _, context in
            try await postingPage(context, identity: try member(context), id: try postingID(context), draft: nil)
        }
        addBidRoutes(to: web)
        addActionRoutes(to: web)
    }

    /// The posting named in the path; the app's 404 page for a malformed id.
    func postingID(_ context: WebRequestContext) throws -> PostingID {
        guard let text = context.parameters.get("id"), let id = PostingID(text) else {
            throw DoableError.notFound(field: nil, message: "No such posting.")
        }
        return id
    }

    /// MKT-2 and MKT-3 (`/market`): words over titles and descriptions, open postings (or with `show=finished` the
    /// done ones), newest first; browsing by category. The query is in the URL (`q`, `category`, `show`, `cursor` for
    /// the next page), so a search can be bookmarked and works without script.
    private func marketSearch(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let query = context.web.query
        let time = MemberTime(preferences: identity.account.preferences)
        let categories = try await market.marketCategories()
        let text = query["q"] ?? ""
        let categoryID = query.text("category")
        let finished = query["show"] == "finished"
        var errors = FormErrors()
        var found: [PostingView] = []
        var nextCursor: String?
        var hasFinished = false
        do {
            let page = try await market.searchPostings(
                identity, text: text, category: categoryID, statuses: finished ? [.done] : nil,
                cursor: query.text("cursor"), limit: 30)
            (found, nextCursor) = (page.postings, page.nextCursor)
            // Issue 29: with nothing open, say whether finished postings exist rather than that nobody posted.
            if !finished, found.isEmpty {
                hasFinished =
                    try await !market.searchPostings(
                        identity, text: text, category: categoryID, statuses: [.done], limit: 1
                    ).postings.isEmpty
            }
        } catch let error as DoableError where Self.isMarketFormError(error) {
            errors = FormErrors(error, fields: ["q", "category"])
        }
        let view = MarketSearchPage(
            text: text, categoryID: categoryID, categories: categories, found: found, nextCursor: nextCursor,
            errors: errors, time: time, showsFinished: finished, hasFinished: hasFinished)
        return try await page(view.page, context)
    }

    /// MKT-5 and MKT-8 (`/market/mine`): my postings and my bids, each filtered by a link (`?postings=`, `?bids=`),
    /// so each view can be bookmarked; the page refreshes in place when a bid or a posting changes (`live.js`).
    private func marketMine(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let query = context.web.query
        let time = MemberTime(preferences: identity.account.preferences)
        let postingFilter =
            MyPostingsFilter(rawValue: query["postings"] ?? "")
            .flatMap { filter in MarketMinePage.postingFilters.contains { $0.0 == filter } ? filter : nil } ?? .all
        let bidFilter =
            MyBidsFilter(rawValue: query["bids"] ?? "")
            .flatMap { filter in MarketMinePage.bidFilters.contains { $0.0 == filter } ? filter : nil } ?? .all
        async let loadedPostings = market.myPostings(identity, filter: postingFilter)
        async let loadedBids = market.myBids(identity, filter: bidFilter)
        let view = MarketMinePage(
            postingFilter: postingFilter, bidFilter: bidFilter, postings: try await loadedPostings,
            bids: try await loadedBids, time: time)
        return try await page(view.page, context)
    }

    /// A posting's page (`/market/postings/{id}`), drawn by `MarketPostingPage`. When its poster opens it, the bids
    /// it shows are marked seen (MKT-8) once everything on it is loaded, and the sidebar's badge is counted again.
    func postingPage(_ context: WebRequestContext, identity: Identity, id: PostingID, draft: MarketDraft?)
        async throws -> Response
    {
        let detail = try await market.posting(identity, id: id)
        let time = MemberTime(preferences: identity.account.preferences)
        let content = MarketPostingPage(
            detail: detail, time: time, csrf: csrfField(context),
            seenBefore: detail.view.posting.bidsSeenAt, draft: draft, map: shell.map)
        var page = MarketParts.page(detail.view.posting.title, content.html, status: draft?.status ?? .ok)
        page.bodyClass = "market-posting"
        guard detail.view.isPoster, detail.view.unseenBidCount > 0 else { return try await self.page(page, context) }
        try await market.markBidsSeen(identity, postingID: id)
        let unseen = try await market.unseenBidCount(identity)
        return try await MarketBadge.$unseenBids.withValue(unseen) { try await self.page(page, context) }
    }
}
