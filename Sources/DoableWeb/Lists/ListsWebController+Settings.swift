import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableArt
import DoableHTTP

/// LIST-1..4 in the browser: the page of all lists, the form that makes or edits a list, reordering, archiving and
/// deleting.
extension ListsWebController {
    func addSettingsRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("lists") { _, context in try await manageListsPage(context) }
        web.get("lists/new") { _, context in
            _ = try member(context)
            let form = FormData(pairs: [("color", "blue")])
            return try await listFormPage(context, view: nil, form: form, errors: FormErrors())
        }
        web.post("lists") { _, context in try await saveList(context, id: nil) }
        web.get("lists/{id}/edit") { _, context in
            try await listSettingsPage(context, try await tasks.list(try member(context), id: try context.pathID()))
        }
        web.post("lists/{id}") { _, context in try await saveList(context, id: try context.pathID()) }
        web.post("lists/{id}/archive") { _, context in try await archiveList(context) }
        web.post("lists/{id}/delete") { _, context in try await deleteList(context) }
        web.post("lists/{id}/move") { _, context in try await moveList(context) }
        addSharingRoutes(to: web)
    }

    /// LIST-4 and COLLAB-1: `/lists`, every list with its open count.
    private func manageListsPage(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let lists = try await tasks.lists(identity)
        return try await page(ManageListsPage(lists: lists, csrf: csrfField(context)).page, context)
    }

    /// `/lists/{id}/edit`: the list's form and its members for an admin or the owner; for anyone else the list
    /// and its members to read, and the way to leave it (COLLAB-1).
    func listSettingsPage(
        _ context: WebRequestContext, _ view: ListView, share: ShareForm = ShareForm(),
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard view.role < .admin else {
            return try await listFormPage(
                context, view: view, form: ListFormPage.form(view.list), errors: FormErrors(),
                share: share, status: status)
        }
        let members = try await membersSection(context, view)
        var page = ListMembersPage(view: view, members: members).page
        page.status = status
        return try await self.page(page, context)
    }

    private func listFormPage(
        _ context: WebRequestContext, view: ListView?, form: FormData, errors: FormErrors,
        share: ShareForm = ShareForm(), status: HTTPResponse.Status = .ok
    ) async throws
        -> Response
    {
        var members = HTML.empty
        if let view { members = try await membersSection(context, view, share: share) }
        var page = ListFormPage(
            list: view?.list, form: form, errors: errors, members: members, csrf: csrfField(context)
        ).page
        page.status = status
        return try await self.page(page, context)
    }

    private func saveList(_ context: WebRequestContext, id: ListID?) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        var input = ListInput()
        input.name = form["name"] ?? ""
        input.description = form["description"] ?? ""
        input.icon = .some(form.text("icon"))
        var errors = FormErrors()
        if let color = ColorChooser.chosen(form, name: "color", customName: "customColor") {
            input.color = color
        } else {
            errors.byField["color"] = "Enter a custom colour as #RRGGBB, or choose one of the colours."
        }
        var current: ListView?
        if let id {
            let view = try await tasks.list(identity, id: id)
            if view.role < .admin { _ = try await domain.authorize(identity, .manage, listID: id) }
            current = view
        }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                if let id {
                    let version = form.version
                    let list = try await tasks.updateList(identity, id: id, input, ifVersion: version)
                    return WebResponse.done(
                        context, redirect: "/lists/\(list.id)",
                        toast: Flash(message: "Saved '\(list.name)'."), forceRedirect: true)
                }
                let list = try await tasks.createList(identity, input)
                return WebResponse.done(
                    context, redirect: "/lists/\(list.id)",
                    toast: Flash(message: "Created list '\(list.name)'."), forceRedirect: true)
            } catch let error as DoableError {
                status = error.httpStatus
                if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
                // A role too small (COLLAB-3) gets its own page, not a form it may not use.
                if case .forbidden = error { throw error }
                if case .conflict("version_mismatch", _, _) = error, let id {
                    let fresh = try await tasks.list(identity, id: id)
                    var stale = FormErrors()
                    stale.general = Self.staleMessage
                    return try await listFormPage(
                        context, view: fresh, form: ListFormPage.form(fresh.list), errors: stale,
                        status: .conflict)
                }
                errors = FormErrors(error, fields: ["name", "description", "color", "icon"])
            }
        }
        return try await listFormPage(context, view: current, form: form, errors: errors, status: status)
    }
}
