import DoableArt
import DoableCore
import DoableDomain
import HTTPTypes

/// MKT-1, MKT-10: the page that posts a task (`/market/new`) or edits one (`/market/postings/{id}/edit`): the form
/// (`MarketPostingForm`), and for a posting no longer open, a note that it can no longer be edited.
struct MarketPostingFormPage {
    var categories: [MarketCategory]
    /// The posting edited; nil for a new one.
    var edited: PostingView?
    var form: MarketPostingForm
    var status: HTTPResponse.Status = .ok
    var csrf: HTML

    var page: WebPage {
        var notice = HTML.empty
        if let edited, !edited.posting.status.isOpen {
            notice = """
                <p class="notice read-only-notice" role="note">This posting is \(MarketWords.status(edited.posting.status).lowercased()): \
                it can no longer be edited.</p>
                """
        }
        let title = edited == nil ? "Post a task" : "Edit “\(edited?.posting.title ?? "")”"
        let main: HTML = """
            \(edited.map { HTML("<nav class=\"breadcrumb\" aria-label=\"Where this is\"><a href=\"/market\">Marketplace</a> › <a href=\"/market/postings/\($0.posting.id)\">\($0.posting.title)</a></nav>") })
            <h1>\(title)</h1>
            \(edited == nil ? MarketParts.navigation(current: "new") : "")
            \(edited == nil ? HTML("<p class=\"subtitle\">Describe a task you want done; members bid what they would do it for, and you choose.</p>") : "")
            \(notice)
            \(form.html(categories: categories, edited: edited, csrf: csrf))
            """
        return MarketParts.page(title, main, status: status)
    }
}
