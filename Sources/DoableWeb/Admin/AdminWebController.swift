import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// MKT-11: the admins' page of marketplace categories (`/admin/categories`, in the settings navigation for admins
/// only): add, rename, archive and unarchive ("Other" is always offered), and what members suggested with "Other"
/// (`CategoriesPage`). Anyone else gets the app's 404 page, as the Domain answers them. `doable admin` does the same
/// on the command line. The admin pages share one sub-navigation (`AdminPage`, `AdminSection`): categories, the
/// game's rules, its store and the plans (issue 16, `AdminGameWebController`, `AdminCatalogueWebController`).
struct AdminWebController: WebArea {
    let shell: WebShell
    let market: MarketService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("admin/categories") { _, context in
            try await categoriesPage(context, identity: try admin(context), refusal: nil)
        }
        web.post("admin/categories") { _, context in try await addCategory(context) }
        web.post("admin/categories/{id}") { _, context in try await renameCategory(context) }
        web.post("admin/categories/{id}/archive") { _, context in try await archiveCategory(context) }
    }

    private func categoriesPage(
        _ context: WebRequestContext, identity: Identity, refusal: CategoriesPage.Refusal?
    ) async throws -> Response {
        async let loadedSuggestions = market.categorySuggestions(identity)
        let categories = try await market.marketCategories(includeArchived: true)
        let content = CategoriesPage(
            categories: categories, suggestions: try await loadedSuggestions, refusal: refusal,
            time: MemberTime(preferences: identity.account.preferences), csrf: csrfField(context))
        return try await adminPage(context, .categories, body: content.body, status: refusal == nil ? .ok : .badRequest)
    }

    private func addCategory(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let name = context.web.form["name"] ?? ""
        do {
            let category = try await market.createCategory(identity, name: name)
            return WebResponse.done(
                context, redirect: "/admin/categories",
                toast: Flash(message: "Added the category “\(category.name)”"),
                focus: "category-new")
        } catch let error as DoableError {
            return try await refusedCategory(
                error, context, identity, CategoriesPage.Refusal(id: nil, name: name, message: ""))
        }
    }

    private func renameCategory(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let id: CategoryID = try context.pathID()
        let name = context.web.form["name"] ?? ""
        do {
            let category = try await market.updateCategory(identity, id: id, name: name, isArchived: nil)
            return WebResponse.done(
                context, redirect: "/admin/categories",
                toast: Flash(message: "Renamed to “\(category.name)”"), focus: "category-\(id)-name")
        } catch let error as DoableError {
            return try await refusedCategory(
                error, context, identity, CategoriesPage.Refusal(id: id, name: name, message: ""))
        }
    }

    private func archiveCategory(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let id: CategoryID = try context.pathID()
        let archived = context.web.form.isOn("archived")
        let category = try await market.updateCategory(identity, id: id, name: nil, isArchived: archived)
        // Undo is the opposite button: the toast offers nothing the row does not.
        return WebResponse.done(
            context, redirect: "/admin/categories",
            toast: Flash(
                message: archived
                    ? "Archived “\(category.name)”: new postings can't pick it"
                    : "“\(category.name)” is offered again"), focus: "category-\(id)-archive")
    }

    /// A refused name: the script shows it by the field; without it the page comes back with the name typed.
    private func refusedCategory(
        _ error: DoableError, _ context: WebRequestContext, _ identity: Identity,
        _ refusal: CategoriesPage.Refusal
    ) async throws -> Response {
        switch error {
        case .invalid, .conflict:
            var message = WebErrorMiddleware.message(of: error)
            if case .conflict("already_exists", _, _) = error {
                message = "There is already a category named “\(refusal.name.trimmingCharacters(in: .whitespaces))”."
            }
            if context.web.wantsJSON { return WebResponse.refusedJSON(.invalid(field: "name", message: message)) }
            var refusal = refusal
            refusal.message = message
            return try await categoriesPage(context, identity: identity, refusal: refusal)
        default:
            throw error
        }
    }
}
