import DoableArt
import DoableCore
import DoableDomain
import HTTPTypes

/// What every marketplace page shares: the page itself, its sub-navigation, and a posting as a row of a list (MKT-3).
enum MarketParts {
    /// A marketplace page: the sidebar marks "Marketplace".
    static func page(_ title: String, _ main: HTML, status: HTTPResponse.Status = .ok) -> WebPage {
        var page = WebPage(title: title, main: main, current: "market")
        page.status = status
        return page
    }

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
    /// helps choose: category, place and distance, when it was posted; for its poster, new bids. The maximum bid
    /// leads on the right, in large type, as marketplaces show a price.
    static func row(_ view: PostingView, time: MemberTime, number: Int? = nil) -> HTML {
        let posting = view.posting
        let poster: HTML =
            view.poster.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
            ?? "a former member"
        var meta: [HTML] = [
            "<span class=\"posting-poster\">by \(poster)</span>",
            "<span class=\"posting-lowest\">\(MarketWords.lowestBid(posting))</span>",
        ]
        if let bid = view.myBid {
            meta.append("<span class=\"posting-mybid\">your bid \(bid.amount.shown)</span>")
        }
        if let when = posting.when {
            meta.append("<span class=\"posting-day\">\(MarketWords.when(when, time: time))</span>")
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
            <p class="posting-price posting-max">max <strong>\(posting.maxBid.shown)</strong></p>
            </li>
            """
    }

    static func list(_ views: [PostingView], time: MemberTime, label: String, numbered: Bool = false) -> HTML {
        let rows = views.enumerated().html { index, view in row(view, time: time, number: numbered ? index + 1 : nil) }
        return "<ul class=\"posting-list\" aria-label=\"\(label)\">\(rows)</ul>"
    }
}
