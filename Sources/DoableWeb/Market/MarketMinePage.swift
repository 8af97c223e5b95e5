import DoableArt
import DoableCore
import DoableDomain

/// MKT-5 and MKT-8: my postings and bids (`/market/mine`): my postings (all, bidded, assigned) with their new bids,
/// and my bids (all, or only those assigned to me) with their postings; the filters are links.
struct MarketMinePage {
    static let postingFilters: [(MyPostingsFilter, String)] = [
        (.all, "All"), (.bidded, "Has bids"),
        (.assigned, "Assigned"),
    ]
    static let bidFilters: [(MyBidsFilter, String)] = [(.all, "All"), (.assigned, "Assigned to me")]

    var postingFilter: MyPostingsFilter
    var bidFilter: MyBidsFilter
    var postings: [PostingView]
    var bids: [(BidView, PostingView)]
    var time: MemberTime

    var page: WebPage {
        let unseen = postings.reduce(0) { $0 + $1.unseenBidCount }

        func link(_ name: String, _ value: String, _ title: String, isCurrent: Bool, other: (String, String))
            -> HTML
        {
            var href = "/market/mine?\(name)=\(value)"
            if other.1 != "all" { href += "&\(other.0)=\(other.1)" }
            return "<li><a class=\"chip-link\" href=\"\(href)\"\(isCurrent ? HTML(" aria-current=\"page\"") : "")>\(title)</a></li>"
        }
        let postingLinks = Self.postingFilters.html { filter, title in
            link(
                "postings", filter.rawValue, title, isCurrent: filter == postingFilter,
                other: ("bids", bidFilter.rawValue))
        }
        let bidLinks = Self.bidFilters.html { filter, title in
            link(
                "bids", filter.rawValue, title, isCurrent: filter == bidFilter,
                other: ("postings", postingFilter.rawValue))
        }
        let postingList: HTML =
            postings.isEmpty
            ? (postingFilter == .all
                ? "<p class=\"empty-state\">You have not posted a task yet. <a href=\"/market/new\">Post a task</a></p>"
                : "<p class=\"empty-state\">None of your postings is \(postingFilter.rawValue).</p>")
            : MarketParts.list(postings, time: time, label: "My postings")
        let bidList: HTML =
            bids.isEmpty
            ? (bidFilter == .all
                ? "<p class=\"empty-state\">You have not bid yet. <a href=\"/market\">Find a task to do</a></p>"
                : "<p class=\"empty-state\">No posting is assigned to you.</p>")
            : "<ul class=\"posting-list my-bids\" aria-label=\"My bids\">\(bids.html { bidRow($0.0, $0.1, time: time) })</ul>"
        let main: HTML = """
            <h1>My postings and bids</h1>
            \(MarketParts.navigation(current: "mine"))
            <section class="my-postings" id="my-postings" aria-labelledby="my-postings-heading">
            <h2 id="my-postings-heading">My postings\(unseen > 0 ? HTML(" <span class=\"market-new\">\(MarketWords.newBids(unseen))</span>") : "")</h2>
            <nav class="market-filter" aria-label="Show my postings"><ul class="chips">\(postingLinks)</ul></nav>
            \(postingList)
            </section>
            <section class="my-bids-section" id="my-bids" aria-labelledby="my-bids-heading">
            <h2 id="my-bids-heading">My bids</h2>
            <nav class="market-filter" aria-label="Show my bids"><ul class="chips">\(bidLinks)</ul></nav>
            \(bidList)
            </section>
            """
        return MarketParts.page("My postings and bids", main)
    }

    /// One of my bids with its posting: the posting's title, status and poster, my amount and what became of it;
    /// for one assigned to me, the task it gave me.
    private func bidRow(_ item: BidView, _ view: PostingView, time: MemberTime) -> HTML {
        let bid = item.bid, posting = view.posting
        let poster: HTML =
            view.poster.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
            ?? "a former member"
        let isMine = bid.status == .accepted && posting.acceptedBidID == bid.id
        var outcome: HTML = MarketWords.bidStatusTag(bid.status)
        if isMine && posting.status == .assigned {
            outcome = "<span class=\"bid-status bid-accepted\">Assigned to you</span>"
            if let task = posting.assigneeTaskID { outcome += " <a href=\"/tasks/\(task)\">Open the task</a>" }
        } else if isMine && posting.status == .done {
            outcome = "<span class=\"bid-status bid-accepted\">Done</span>"
        }
        return """
            <li class="posting-row" id="my-bid-\(bid.id)">
            <p class="posting-head"><a class="posting-title" href="/market/postings/\(posting.id)">\(posting.title)</a> \(MarketWords.statusTag(posting.status))</p>
            <p class="posting-meta"><span class="posting-mybid">Your bid \(bid.amount.shown)</span> \(outcome) \
            <span class="posting-poster">by \(poster)</span> <span class="posting-lowest">\(MarketWords.lowestBid(posting))</span> \
            <span class="posting-when">\(time.agoElement(bid.updatedAt))</span></p>
            </li>
            """
    }
}
