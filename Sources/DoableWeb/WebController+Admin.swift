import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableArt
import DoableHTTP

/// MKT-11: the admins' page of marketplace categories (`/admin/categories`, in the settings navigation for admins
/// only): add, rename, archive and unarchive ("Other" is always offered), and what members suggested with "Other".
/// Anyone else gets the app's 404 page, as the Domain answers them. `doable admin` does the same on the command line.
/// The admin pages share one sub-navigation (`AdminSection`): categories, the game's rules, its store and the plans
/// (issue 16, `WebController+AdminGame.swift`, `+AdminStore.swift`, `+AdminPlans.swift`).
extension WebController {
    func addAdminRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("admin/categories") { _, context in
            try await categoriesPage(context, identity: try admin(context), refusal: nil)
        }
        web.post("admin/categories") { _, context in try await addCategory(context) }
        web.post("admin/categories/{id}") { _, context in try await renameCategory(context) }
        web.post("admin/categories/{id}/archive") { _, context in try await archiveCategory(context) }
    }

    /// The signed-in member when an admin; a 404 for anyone else (the page's existence is not told).
    func admin(_ context: WebRequestContext) throws -> Identity {
        let identity = try member(context)
        guard identity.account.isAdmin else { throw DoableError.notFound("Not found.") }
        return identity
    }

    /// Which form was refused, what was typed and why (without the script the page comes back with it).
    private struct CategoryRefusal {
        /// The category renamed, nil for the add form.
        var id: CategoryID?
        var name: String
        var message: String
    }

    private func categoriesPage(_ context: WebRequestContext, identity: Identity, refusal: CategoryRefusal?)
        async throws -> Response
    {
        async let loadedSuggestions = domain.market.categorySuggestions(identity)
        let categories = try await domain.market.marketCategories(includeArchived: true)
        let time = MemberTime(preferences: identity.account.preferences)
        let csrf = csrfField(context)
        let addError = refusal?.id == nil ? refusal?.message : nil
        let rows: HTML = categories.html { category in
            categoryRow(category, csrf: csrf, refusal: refusal?.id == category.id ? refusal : nil)
        }
        let suggestions = try await loadedSuggestions
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
        let body: HTML = """
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
        return try await adminPage(context, .categories, body: body, status: refusal == nil ? .ok : .badRequest)
    }

    /// An admin page: the settings' heading and navigation (its admin entry marked), the admin sub-navigation, then
    /// the section.
    func adminPage(
        _ context: WebRequestContext, _ section: AdminSection, body: HTML,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let settingsLinks = SettingsSection.allCases.html { item in
            // The admin entry stands for the whole admin area: the current page only on its own address.
            let current: HTML =
                item != .categories
                ? ""
                : section == .categories ? " aria-current=\"page\"" : " aria-current=\"true\""
            return "<li><a href=\"\(item.path)\"\(current)>\(item.title)</a></li>"
        }
        let adminLinks = AdminSection.allCases.html { item in
            let current: HTML = item == section ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(item.path)\"\(current)>\(item.navigationTitle)</a></li>"
        }
        var page = WebPage(
            title: "\(section.title) · Admin",
            main: """
                <div class="settings admin">
                <h1>Settings</h1>
                <nav class="settings-nav" aria-label="Settings"><ul>\(settingsLinks)</ul></nav>
                <nav class="admin-nav" aria-label="Admin"><ul>\(adminLinks)</ul></nav>
                <section class="settings-section" aria-labelledby="settings-heading">
                <h2 id="settings-heading">\(section.title)</h2>
                \(body)
                </section>
                </div>
                """)
        page.status = status
        return try await self.page(page, context)
    }

    private func categoryRow(_ category: MarketCategory, csrf: HTML, refusal: CategoryRefusal?) -> HTML {
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

    private func addCategory(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let name = context.web.form["name"] ?? ""
        do {
            let category = try await domain.market.createCategory(identity, name: name)
            return WebResponse.done(
                context, redirect: "/admin/categories",
                toast: Flash(message: "Added the category “\(category.name)”"),
                focus: "category-new")
        } catch let error as DoableError {
            return try await refusedCategory(error, context, identity, CategoryRefusal(id: nil, name: name, message: ""))
        }
    }

    private func renameCategory(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let id: CategoryID = try context.pathID()
        let name = context.web.form["name"] ?? ""
        do {
            let category = try await domain.market.updateCategory(identity, id: id, name: name, isArchived: nil)
            return WebResponse.done(
                context, redirect: "/admin/categories",
                toast: Flash(message: "Renamed to “\(category.name)”"), focus: "category-\(id)-name")
        } catch let error as DoableError {
            return try await refusedCategory(error, context, identity, CategoryRefusal(id: id, name: name, message: ""))
        }
    }

    private func archiveCategory(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let id: CategoryID = try context.pathID()
        let archived = context.web.form.isOn("archived")
        let category = try await domain.market.updateCategory(identity, id: id, name: nil, isArchived: archived)
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
        _ refusal: CategoryRefusal
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

/// The admin pages, in the order of the admin sub-navigation.
enum AdminSection: CaseIterable {
    case categories, gameRules, store, plans

    var path: String {
        switch self {
        case .categories: "/admin/categories"
        case .gameRules: "/admin/game"
        case .store: "/admin/store"
        case .plans: "/admin/plans"
        }
    }

    /// The page's heading.
    var title: String {
        switch self {
        case .categories: "Marketplace categories"
        case .gameRules: "Game rules"
        case .store: "Store items"
        case .plans: "Subscription plans"
        }
    }

    /// The sub-navigation's link.
    var navigationTitle: String {
        switch self {
        case .categories: "Categories"
        case .gameRules: "Game rules"
        case .store: "Store items"
        case .plans: "Plans"
        }
    }
}
