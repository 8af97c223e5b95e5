import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableArt
import DoableHTTP

/// MKT in the browser (issue 15): search and browse (`+MarketSearch`), near me with its map (`+MarketNear`), posting
/// and editing (`+MarketForms`), a posting's page (`+MarketPosting`, drawn by `MarketPostingPage`) and what is done
/// there (`+MarketActions`), and my postings and bids (`+MarketMine`). Every write is the Domain's, which checks the
/// rules again; a refusal shows by the field it names, with what the member typed kept.
extension WebController {
    func addMarketRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("market") { _, context in try await marketSearch(context) }
        web.get("market/near") { _, context in try await marketNear(context) }
        web.get("market/mine") { _, context in try await marketMine(context) }
        web.get("market/badge") { _, context in
            JSONResponse.make(["unseenBidCount": try await domain.market.unseenBidCount(try member(context))])
        }
        addMarketFormRoutes(to: web)
        addMarketPostingRoutes(to: web)
        addMarketActionRoutes(to: web)
    }

    /// The posting named in the path; the app's 404 page for a malformed id.
    func postingID(_ context: WebRequestContext) throws -> PostingID {
        guard let text = context.parameters.get("id"), let id = PostingID(text) else {
            throw DoableError.notFound(field: nil, message: "No such posting.")
        }
        return id
    }

    /// A marketplace page: the sidebar marks "Marketplace".
    func marketPage(_ title: String, _ main: HTML, status: HTTPResponse.Status = .ok) -> WebPage {
        var page = WebPage(title: title, main: main, current: "market")
        page.status = status
        return page
    }

    /// A refusal a marketplace form shows by its fields (or atop the form); others get their own page.
    static func isMarketFormError(_ error: DoableError) -> Bool {
        switch error {
        case .invalid, .conflict, .forbidden: true
        default: false
        }
    }
}

/// What every marketplace page shares: its sub-navigation, and a posting as a row of a list (MKT-3).
enum MarketParts {
    /// The marketplace's own navigation under the page heading; `current` is "search", "near", "mine" or "new".
    static func navigation(current: String) -> HTML {
        let items = [
            ("search", "/market", "Search"), ("near", "/market/near", "Near me"),
            ("mine", "/market/mine", "My postings and bids"),
        ]
        let links = items.html { key, href, title in
            "<li><a href=\"\(href)\" class=\"button\"\(key == current ? HTML(" aria-current=\"page\"") : "")>\(title)</a></li>"
        }
        return """
            <nav class="market-nav" aria-label="Marketplace"><ul>\(links)\
            <li><a href="/market/new" class="button primary"\(current == "new" ? HTML(" aria-current=\"page\"") : "")>Post a task</a></li></ul></nav>
            """
    }

    /// One posting in a list of results: its title (a link), poster, status and lowest bid (MKT-3), and what else
    /// helps choose: category, maximum bid, place and distance, when it was posted; for its poster, new bids.
    static func row(_ view: PostingView, time: MemberTime, number: Int? = nil) -> HTML {
        let posting = view.posting
        let poster: HTML =
            view.poster.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
            ?? "a former member"
        var meta: [HTML] = [
            "<span class=\"posting-poster\">by \(poster)</span>",
            "<span class=\"posting-lowest\">\(MarketWords.lowestBid(posting))</span>",
            "<span class=\"posting-max\">max \(posting.maxBid.description)</span>",
        ]
        if let bid = view.myBid {
            meta.append("<span class=\"posting-mybid\">your bid \(bid.amount.description)</span>")
        }
        if let category = view.category { meta.append("<span class=\"posting-category\">\(category.name)</span>") }
        if let location = view.location, !location.placeName.isEmpty {
            meta.append("<span class=\"posting-place\">\(location.placeName)</span>")
        }
        if let distance = MarketWords.distanceAndDirection(view) {
            meta.append("<span class=\"posting-distance\">\(distance)</span>")
        }
        meta.append("<span class=\"posting-when\">\(time.agoElement(posting.createdAt))</span>")
        let unseen: HTML =
            view.isPoster && view.unseenBidCount > 0
            ? "<span class=\"market-new\">\(MarketWords.newBids(view.unseenBidCount))</span>" : ""
        let number: HTML = number.map { "<span class=\"near-number\" aria-hidden=\"true\">\($0)</span>" } ?? ""
        return """
            <li class="posting-row" id="posting-\(posting.id)">
            <p class="posting-head">\(number)<a class="posting-title" href="/market/postings/\(posting.id)">\(posting.title)</a> \
            \(MarketWords.statusTag(posting.status)) \(unseen)</p>
            <p class="posting-meta">\(HTML(unsafeMarkup: meta.map(\.markup).joined(separator: " · ")))</p>
            </li>
            """
    }

    static func list(_ views: [PostingView], time: MemberTime, label: String, numbered: Bool = false) -> HTML {
        let rows = views.enumerated().html { index, view in row(view, time: time, number: numbered ? index + 1 : nil) }
        return "<ul class=\"posting-list\" aria-label=\"\(label)\">\(rows)</ul>"
    }
}
