import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableArt
import DoableHTTP

/// The routes, pages and flow every admin catalogue shares (`AdminCatalogue`): the table with the add form, an
/// entry's page with the edit form, adding, saving, and retiring or bringing back. A refusal comes back beside its
/// field with what was typed; every answer is the app's 404 for anyone but an admin.
extension WebController {
    func addCatalogueRoutes<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, to web: RouterGroup<WebRequestContext>
    ) {
        web.get(RouterPath(catalogue.path)) { _, context in
            try await catalogueTablePage(
                catalogue, context, identity: try admin(context), form: catalogue.form.blank, errors: FormErrors())
        }
        web.post(RouterPath(catalogue.path)) { _, context in try await addEntry(catalogue, context) }
        web.get(RouterPath(catalogue.path + "/{id}")) { _, context in
            let entry = try await entry(catalogue, try admin(context), id: try context.pathID())
            return try await catalogueEntryPage(
                catalogue, context, entry: entry, form: catalogue.form.values(entry), errors: FormErrors())
        }
        web.post(RouterPath(catalogue.path + "/{id}")) { _, context in try await saveEntry(catalogue, context) }
        web.post(RouterPath(catalogue.path + "/{id}/retire")) { _, context in try await retireEntry(catalogue, context) }
    }

    private func entry<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, _ identity: Identity, id: EntityID<Marker>
    ) async throws -> Entry {
        guard let entry = try await catalogue.access.all(domain, identity).first(where: { catalogue.access.id($0) == id })
        else { throw DoableError.notFound(catalogue.words.notFound) }
        return entry
    }

    private func catalogueTablePage<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, _ context: WebRequestContext, identity: Identity,
        form: FormData, errors: FormErrors, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let entries = try await catalogue.access.all(domain, identity)
        let csrf = csrfField(context)
        let (access, table) = (catalogue.access, catalogue.table)
        let rows = entries.html { entry in
            """
            <tr id="\(catalogue.anchor)-\(access.id(entry).description)"\
            \(access.isRetired(entry) ? HTML(" class=\"is-retired\"") : "")>
            \(table.cells(entry, retireForm(catalogue, entry, csrf: csrf)))
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
        let body: HTML = """
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
        return try await adminPage(context, catalogue.section, body: body, status: status)
    }

    private func catalogueEntryPage<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, _ context: WebRequestContext, entry: Entry,
        form: FormData, errors: FormErrors, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let entryPath = "/\(catalogue.path)/\(catalogue.access.id(entry).description)"
        let id = catalogue.formID
        let body: HTML = """
            \(catalogue.words.entryIntro)
            <p><a href="/\(catalogue.path)">\(catalogue.words.allEntries)</a></p>
            <h3 id="\(id)-edit-heading">Edit “\(catalogue.access.name(entry))”</h3>
            <div class="\(catalogue.table.headClass)">\(catalogue.table.head(entry))
            \(retireForm(catalogue, entry, csrf: csrfField(context), back: entryPath))</div>
            \(errors.summary)
            <form method="post" action="\(entryPath)" class="settings-form \(catalogue.formClass)" id="\(id)-edit" \
            aria-labelledby="\(id)-edit-heading" novalidate>\(csrfField(context))
            \(catalogue.form.fields(form, errors))
            <button type="submit" class="button primary">\(catalogue.words.saveButton)</button>
            </form>
            """
        return try await adminPage(context, catalogue.section, body: body, status: status)
    }

    /// Retire or bring back; the answer comes back to `back` (the table, or the entry's own page).
    private func retireForm<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, _ entry: Entry, csrf: HTML, back: String? = nil
    ) -> HTML {
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

    private func addEntry<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, _ context: WebRequestContext
    ) async throws -> Response {
        let identity = try admin(context)
        let form = context.web.form
        let parsed = catalogue.form.input(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let entry = try await catalogue.access.create(domain, identity, parsed.input)
                return WebResponse.done(
                    context, redirect: "/\(catalogue.path)#\(catalogue.anchor)-\(catalogue.access.id(entry).description)",
                    toast: Flash(message: catalogue.words.added(catalogue.access.name(entry))))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: catalogue.fields)
            }
        }
        return try await catalogueTablePage(
            catalogue, context, identity: identity, form: form, errors: errors, status: .badRequest)
    }

    private func saveEntry<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, _ context: WebRequestContext
    ) async throws -> Response {
        let identity = try admin(context)
        let entry = try await entry(catalogue, identity, id: try context.pathID())
        let form = context.web.form
        let parsed = catalogue.form.input(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let saved = try await catalogue.access.update(domain, identity, catalogue.access.id(entry), parsed.input)
                return WebResponse.done(
                    context, redirect: "/\(catalogue.path)#\(catalogue.anchor)-\(catalogue.access.id(saved).description)",
                    toast: Flash(message: catalogue.words.saved(catalogue.access.name(saved))))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: catalogue.fields)
            }
        }
        return try await catalogueEntryPage(catalogue, context, entry: entry, form: form, errors: errors, status: .badRequest)
    }

    private func retireEntry<Entry, Marker, Input>(
        _ catalogue: AdminCatalogue<Entry, Marker, Input>, _ context: WebRequestContext
    ) async throws -> Response {
        let identity = try admin(context)
        let id: EntityID<Marker> = try context.pathID()
        let retired = context.web.form.isOn("retired")
        let entry = try await catalogue.access.update(domain, identity, id, catalogue.access.retiring(retired))
        let back = WebController.safeBack(context.web.form["back"], default: "/" + catalogue.path)
        let name = catalogue.access.name(entry)
        return WebResponse.done(
            context, redirect: back,
            toast: Flash(message: retired ? catalogue.words.retired(name) : catalogue.words.unretired(name)),
            focus: "\(catalogue.anchor)-\(id.description)-retire")
    }
}
