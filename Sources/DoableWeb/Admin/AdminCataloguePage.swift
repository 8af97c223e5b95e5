import DoableArt
import DoableCore
import DoableDomain

/// The pages every admin catalogue shares (`AdminCatalogue`): the table with the add form, and an entry's page with
/// the edit form, each entry with its button to retire it or bring it back.
struct AdminCataloguePage<Entry: Sendable, Marker: Sendable, Input: Sendable> {
    var catalogue: AdminCatalogue<Entry, Marker, Input>
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    /// The table of every entry, then the add form.
    func table(_ entries: [Entry]) -> HTML {
        let (access, table) = (catalogue.access, catalogue.table)
        let rows = entries.html { entry in
            """
            <tr id="\(catalogue.anchor)-\(access.id(entry).description)"\
            \(access.isRetired(entry) ? HTML(" class=\"is-retired\"") : "")>
            \(table.cells(entry, retireForm(entry)))
            </tr>
            """
        }
        let tableHTML: HTML =
            entries.isEmpty
            ? "<p class=\"empty-state\">\(table.empty)</p>"
            : """
            <div class="table-scroll"><table class="admin-table \(table.className)">
            <caption class="visually-hidden">\(table.caption)</caption>
            <thead><tr>\(table.headers)\
            <th scope="col"><span class="visually-hidden">\(table.lastHeader)</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
        let id = catalogue.formID
        return """
            \(catalogue.words.intro)
            \(tableHTML)
            <h3 id="\(id)-add-heading">\(catalogue.words.addHeading)</h3>
            \(errors.summary)
            <form method="post" action="/\(catalogue.path)" class="settings-form \(catalogue.formClass)" id="\(id)-add" \
            aria-labelledby="\(id)-add-heading" novalidate>\(csrf)
            \(catalogue.form.fields(form, errors))
            <button type="submit" class="button primary">\(catalogue.words.addButton)</button>
            </form>
            """
    }

    /// An entry's page: what it is, its retire form, and the edit form.
    func entry(_ entry: Entry) -> HTML {
        let entryPath = "/\(catalogue.path)/\(catalogue.access.id(entry).description)"
        let id = catalogue.formID
        return """
            \(catalogue.words.entryIntro)
            <p><a href="/\(catalogue.path)">\(catalogue.words.allEntries)</a></p>
            <h3 id="\(id)-edit-heading">Edit “\(catalogue.access.name(entry))”</h3>
            <div class="\(catalogue.table.headClass)">\(catalogue.table.head(entry))
            \(retireForm(entry, back: entryPath))</div>
            \(errors.summary)
            <form method="post" action="\(entryPath)" class="settings-form \(catalogue.formClass)" id="\(id)-edit" \
            aria-labelledby="\(id)-edit-heading" novalidate>\(csrf)
            \(catalogue.form.fields(form, errors))
            <button type="submit" class="button primary">\(catalogue.words.saveButton)</button>
            </form>
            """
    }

    /// Retire or bring back; the answer comes back to `back` (the table, or the entry's own page).
    private func retireForm(_ entry: Entry, back: String? = nil) -> HTML {
        let (access, words) = (catalogue.access, catalogue.words)
        let id = access.id(entry).description
        let isRetired = access.isRetired(entry)
        let action = isRetired ? words.unretire : words.retire
        return """
            <form method="post" action="/\(catalogue.path)/\(id)/retire" class="inline-form" data-inplace>\(csrf)\
            <input type="hidden" name="retired" value="\(isRetired ? "0" : "1")">\
            <input type="hidden" name="back" value="\(back ?? "/" + catalogue.path)">\
            <button type="submit" class="button" id="\(catalogue.anchor)-\(id)-retire" \
            aria-label="\(action) “\(access.name(entry))”">\(action)</button></form>
            """
    }
}
