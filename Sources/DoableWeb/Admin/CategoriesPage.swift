import DoableArt
import DoableCore
import DoableDomain

/// MKT-11: the marketplace's categories (add, rename, archive and unarchive) and what members suggested with "Other".
/// A refused form comes back with the name typed and why.
struct CategoriesPage {
    /// Which form was refused, what was typed and why (without the script the page comes back with it).
    struct Refusal {
        /// The category renamed, nil for the add form.
        var id: CategoryID?
        var name: String
        var message: String
    }

    var categories: [MarketCategory]
    var suggestions: [CategorySuggestion]
    var refusal: Refusal?
    var time: MemberTime
    var csrf: HTML

    var body: HTML {
        let addError = refusal?.id == nil ? refusal?.message : nil
        let rows: HTML = categories.html { category in
            categoryRow(category, refusal: refusal?.id == category.id ? refusal : nil)
        }
        let suggestionRows: HTML = suggestions.html { item in
            let who: HTML =
                item.poster.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
                ?? "a deleted account"
            return """
                <tr><td><a href="/market/postings/\(item.postingID)">\(item.postingTitle)</a></td>
                <td>\(item.suggestion)</td><td>\(who)</td><td>\(time.agoElement(item.createdAt))</td></tr>
                """
        }
        let suggestionList: HTML =
            suggestions.isEmpty
            ? "<p class=\"empty-state\">No suggestions yet. They appear here when a member posts with “Other” and names a category.</p>"
            : """
            <div class="table-scroll"><table class="suggestions">
            <caption class="visually-hidden">Categories members suggested, newest first</caption>
            <thead><tr><th scope="col">Posting</th><th scope="col">Suggested category</th><th scope="col">By</th><th scope="col">When</th></tr></thead>
            <tbody>\(suggestionRows)</tbody></table></div>
            """
        let describedBy = "category-new-hint" + (addError == nil ? "" : " category-new-error")
        return """
            <p>Members file each marketplace posting under one of these. An archived category takes no new postings;
            the postings in it keep it. “Other” is always offered: with it a member suggests a category, listed below.</p>
            <form method="post" action="/admin/categories" class="category-add" id="category-add" data-inplace novalidate>\(csrf)
            <div class="field\(addError == nil ? "" : " has-error")"><label for="category-new">New category</label>
            <p class="hint" id="category-new-hint">1 to 40 characters.</p>
            <span class="inline-add"><input id="category-new" name="name" maxlength="40" autocomplete="off" value="\(refusal?.id == nil ? refusal?.name ?? "" : "")" aria-describedby="\(describedBy)"\(addError == nil ? "" : HTML(" aria-invalid=\"true\""))>\
            <button type="submit" class="button primary">Add category</button></span>
            \(addError.map { HTML("<p class=\"field-error\" id=\"category-new-error\" role=\"alert\">\($0)</p>") })
            </div></form>
            <h3 id="categories-heading">Categories</h3>
            <ul class="category-list" aria-labelledby="categories-heading">\(rows)</ul>
            <h3 id="suggestions-heading">Suggestions</h3>
            \(suggestionList)
            """
    }

    private func categoryRow(_ category: MarketCategory, refusal: Refusal?) -> HTML {
        let id = "category-\(category.id)"
        let error = refusal?.message
        let describedBy: HTML = error == nil ? "" : " aria-describedby=\"\(id)-error\" aria-invalid=\"true\""
        let archive: HTML =
            category.isOther
            ? "<span class=\"hint\">Always offered</span>"
            : """
            <form method="post" action="/admin/categories/\(category.id)/archive" class="inline-form" data-inplace>\(csrf)\
            <input type="hidden" name="archived" value="\(category.isArchived ? "0" : "1")">\
            <button type="submit" class="button" id="\(id)-archive" aria-label="\(category.isArchived ? "Unarchive" : "Archive") “\(category.name)”">\(category.isArchived ? "Unarchive" : "Archive")</button></form>
            """
        return """
            <li class="category\(category.isArchived ? " is-archived" : "")" id="\(id)">
            <form method="post" action="/admin/categories/\(category.id)" class="inline-form category-rename" id="\(id)-rename" data-inplace novalidate>\(csrf)\
            <label class="visually-hidden" for="\(id)-name">Name of “\(category.name)”</label>\
            <input id="\(id)-name" name="name" maxlength="40" autocomplete="off" value="\(refusal?.name ?? category.name)"\(describedBy)> \
            <button type="submit" class="button" aria-label="Rename “\(category.name)”">Rename</button>\
            \(error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\" role=\"alert\">\($0)</p>") })</form>
            \(category.isArchived ? HTML("<span class=\"badge\">Archived</span>") : "")
            \(archive)
            </li>
            """
    }
}
