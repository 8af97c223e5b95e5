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
        let heading: String
        if !errors.isEmpty {
            heading = "Results"
        } else if count == 0 {
            heading = "No results"
        } else if isFiltered {
            heading = "\(count)\(nextCursor == nil ? "" : "+") open \(count == 1 ? "posting" : "postings") found\(what)"
        } else {
            heading = "Open postings, newest first"
        }
        let empty: HTML =
            count == 0 && errors.isEmpty
            ? """
            <p class="empty-state market-empty">\(isFiltered ? "No open posting matches." : "Nobody has posted a task yet.") \
            \(isFiltered ? HTML("<a href=\"/market\">Show all open postings</a>") : HTML("<a href=\"/market/new\">Post the first one</a>"))</p>
            """ : ""
        let summary: HTML = "<h2 class=\"result-count\" id=\"results-heading\">\(heading)</h2>\(empty)"
        var more = HTML.empty
        if let cursor = nextCursor {
            var next = "/market?cursor=\(FormData.encode(cursor))"
            if !text.isEmpty { next += "&q=\(FormData.encode(text))" }
            if let categoryID { next += "&category=\(FormData.encode(categoryID))" }
            more = "<p class=\"more\"><a class=\"button\" href=\"\(next)\">More postings</a></p>"
        }
        let main: HTML = """
            <h1>Marketplace</h1>
            \(MarketParts.navigation(current: "search"))
            <form method="get" action="/market" class="market-search" role="search" aria-label="Search the marketplace">
            \(errors.summary)
            <div class="market-search-fields">
            \(Field.input("q", label: "Words in title or description", value: text, type: "search", errors: errors, extra: " maxlength=\"200\""))
            \(Field.select("category", label: "Category", options: options, selected: categoryID ?? "", errors: errors))
            <button type="submit" class="button primary">Search</button>
            </div>
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
