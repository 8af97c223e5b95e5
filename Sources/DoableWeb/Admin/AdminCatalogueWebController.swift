import DoableCore
import DoableDomain
import DoableHTTP
import HTTPTypes
import Hummingbird

/// The routes and flow every admin catalogue shares (`AdminCatalogue`: the subscription plans, the store's items):
/// the table with the add form, an entry's page with the edit form, adding, saving, and retiring or bringing back
/// (`AdminCataloguePage`). A refusal comes back beside its field with what was typed; every answer is the app's 404
/// for anyone but an admin.
struct AdminCatalogueWebController<Entry: Sendable, Marker: Sendable, Input: Sendable>: WebArea {
    let shell: WebShell
    let game: GameService
    let catalogue: AdminCatalogue<Entry, Marker, Input>

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get(RouterPath(catalogue.path)) { _, context in
            try await tablePage(context, identity: try admin(context), form: catalogue.form.blank, errors: FormErrors())
        }
        web.post(RouterPath(catalogue.path)) { _, context in try await addEntry(context) }
        web.get(RouterPath(catalogue.path + "/{id}")) { _, context in
            let entry = try await entry(try admin(context), id: try context.pathID())
            return try await entryPage(context, entry: entry, form: catalogue.form.values(entry), errors: FormErrors())
        }
        web.post(RouterPath(catalogue.path + "/{id}")) { _, context in try await saveEntry(context) }
        web.post(RouterPath(catalogue.path + "/{id}/retire")) { _, context in try await retireEntry(context) }
    }

    private func entry(_ identity: Identity, id: EntityID<Marker>) async throws -> Entry {
        guard let entry = try await catalogue.access.all(game, identity).first(where: { catalogue.access.id($0) == id })
        else { throw DoableError.notFound(catalogue.words.notFound) }
        return entry
    }

    private func tablePage(
        _ context: WebRequestContext, identity: Identity, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let entries = try await catalogue.access.all(game, identity)
        let content = AdminCataloguePage(catalogue: catalogue, form: form, errors: errors, csrf: csrfField(context))
        return try await adminPage(context, catalogue.section, body: content.table(entries), status: status)
    }

    private func entryPage(
        _ context: WebRequestContext, entry: Entry, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let content = AdminCataloguePage(catalogue: catalogue, form: form, errors: errors, csrf: csrfField(context))
        return try await adminPage(context, catalogue.section, body: content.entry(entry), status: status)
    }

    private func addEntry(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let form = context.web.form
        let parsed = catalogue.form.input(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let entry = try await catalogue.access.create(game, identity, parsed.input)
                return WebResponse.done(
                    context, redirect: "/\(catalogue.path)#\(catalogue.anchor)-\(catalogue.access.id(entry).description)",
                    toast: Flash(message: catalogue.words.added(catalogue.access.name(entry))))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: catalogue.fields)
            }
        }
        return try await tablePage(context, identity: identity, form: form, errors: errors, status: .badRequest)
    }

    private func saveEntry(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let entry = try await entry(identity, id: try context.pathID())
        let form = context.web.form
        let parsed = catalogue.form.input(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let saved = try await catalogue.access.update(game, identity, catalogue.access.id(entry), parsed.input)
                return WebResponse.done(
                    context, redirect: "/\(catalogue.path)#\(catalogue.anchor)-\(catalogue.access.id(saved).description)",
                    toast: Flash(message: catalogue.words.saved(catalogue.access.name(saved))))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: catalogue.fields)
            }
        }
        return try await entryPage(context, entry: entry, form: form, errors: errors, status: .badRequest)
    }

    private func retireEntry(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let id: EntityID<Marker> = try context.pathID()
        let retired = context.web.form.isOn("retired")
        let entry = try await catalogue.access.update(game, identity, id, catalogue.access.retiring(retired))
        let back = Self.safeBack(context.web.form["back"], default: "/" + catalogue.path)
        let name = catalogue.access.name(entry)
        return WebResponse.done(
            context, redirect: back,
            toast: Flash(message: retired ? catalogue.words.retired(name) : catalogue.words.unretired(name)),
            focus: "\(catalogue.anchor)-\(id.description)-retire")
    }
}
