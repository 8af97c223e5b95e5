import DoableArt
import DoableCore
import DoableDomain
import Foundation
import HTTPTypes

/// MKT-2 and MKT-3: the search page (`/market`): the search form, browsing by category, and the open postings
/// found, newest first, or "No results" when none; a link to the next page when there are more.
struct MarketSearchPage {
    var text: String
    var categoryID: String?
    var categories: [MarketCategory]
    var found: [PostingView]
    var nextCursor: String?
    var errors: FormErrors
    var time: MemberTime
    /// Issue 29: the finished (done) postings instead of the open ones (`show=finished`).
    var showsFinished = false
    /// With no open posting found: whether finished ones exist, so the page says so instead of "nobody posted".
    var hasFinished = false

    /// The link to this search with `show` set (nil: the open postings).
    func link(show: String?) -> String {
        var parts: [String] = []
        if !text.isEmpty { parts.append("q=\(FormData.encode(text))") }
        if let categoryID { parts.append("category=\(FormData.encode(categoryID))") }
        if let show { parts.append("show=\(show)") }
        return parts.isEmpty ? "/market" : "/market?" + parts.joined(separator: "&amp;")
    }

    var page: WebPage {
        let chosen = categories.first { "\($0.id)" == categoryID }
        let options = [("", "All categories")] + categories.map { ("\($0.id)", $0.name) }
        let browse = categories.html { category in
            let isCurrent = "\(category.id)" == categoryID
            return """
                <li><a class="chip-link" href="/market?category=\(category.id)"\(isCurrent ? HTML(" aria-current=\"page\"") : "")>\(category.name)</a></li>
                """
        }
        let what = chosen.map { " in \($0.name)" } ?? ""
        let isFiltered = !text.trimmingCharacters(in: .whitespaces).isEmpty || chosen != nil
        let count = found.count
        let kind = showsFinished ? "finished" : "open"
        let heading: String
        if !errors.isEmpty {
            heading = "Results"
        } else if count == 0 {
            heading = "No results"
        } else if isFiltered {
            heading = "\(count)\(nextCursor == nil ? "" : "+") \(kind) \(count == 1 ? "posting" : "postings") found\(what)"
        } else {
            heading = showsFinished ? "Finished postings, newest first" : "Open postings, newest first"
        }
        let emptyText: HTML
        if showsFinished {
            emptyText = "No finished posting\(isFiltered ? " matches" : " yet"). <a href=\"\(link(show: nil))\">Show open postings</a>"
        } else if hasFinished {
            emptyText = """
                No open posting\(isFiltered ? " matches" : " right now"). <a href="\(link(show: "finished"))">Show finished postings</a> \
                or <a href="/market/new">post a task</a>.
                """
        } else if isFiltered {
            emptyText = "No open posting matches. <a href=\"/market\">Show all open postings</a>"
        } else {
            emptyText = "Nobody has posted a task yet. <a href=\"/market/new\">Post the first one</a>"
        }
        let empty: HTML =
            count == 0 && errors.isEmpty ? "<p class=\"empty-state market-empty\">\(emptyText)</p>" : ""
        let show: HTML = """
            <span class="segmented market-show" role="group" aria-label="Show">\
            <a href="\(link(show: nil))"\(showsFinished ? "" : HTML(" aria-current=\"page\""))>Open</a>\
            <a href="\(link(show: "finished"))"\(showsFinished ? HTML(" aria-current=\"page\"") : "")>Finished</a></span>
            """
        let summary: HTML = "<div class=\"results-head\"><h2 class=\"result-count\" id=\"results-heading\">\(heading)</h2>\(show)</div>\(empty)"
        var more = HTML.empty
        if let cursor = nextCursor {
            var next = "/market?cursor=\(FormData.encode(cursor))"
            if !text.isEmpty { next += "&q=\(FormData.encode(text))" }
            if let categoryID { next += "&category=\(FormData.encode(categoryID))" }
            if showsFinished { next += "&show=finished" }
            more = "<p class=\"more\"><a class=\"button\" href=\"\(next)\">More postings</a></p>"
        }
        let main: HTML = """
            <h1>Marketplace</h1>
            \(MarketParts.navigation(current: "search"))
            <form method="get" action="/market" class="market-search" role="search" aria-label="Search the marketplace">
            \(errors.summary)
            <div class="search-row">
            \(Field.input("q", label: "Words in title or description", value: text, type: "search", errors: errors, extra: " maxlength=\"200\" placeholder=\"Search postings\""))
            <button type="submit" class="button primary">Search</button>
            </div>
            \(showsFinished ? HTML("<input type=\"hidden\" name=\"show\" value=\"finished\">") : "")
            <details class="search-more market-filters"\(attribute: "open", if: errors.byField["category"] != nil)>
            <summary class="button">\(Icon.filter.html)Category\(chosen.map { ": \($0.name)" } ?? "")</summary>
            \(Field.select("category", label: "Category", options: options, selected: categoryID ?? "", errors: errors))
            </details>
            </form>
            <nav class="category-browse" aria-label="Browse by category"><h2 class="visually-hidden">Browse by category</h2><ul class="chips">\(browse)</ul></nav>
            <section class="market-results" aria-labelledby="results-heading">
            \(summary)
            \(found.isEmpty ? "" : MarketParts.list(found, time: time, label: "Postings found"))
            \(more)
            </section>
            """
        return MarketParts.page("Marketplace", main, status: errors.isEmpty ? .ok : .badRequest)
    }
}
