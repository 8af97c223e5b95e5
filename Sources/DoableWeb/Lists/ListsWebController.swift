import DoableCore
import DoableArt
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// Lists in the browser: a list's page (LIST-4, TASK-4, TASK-5, TASK-6), restoring one from the trash; the form
/// that makes or edits a list, reordering, archiving and deleting (`ListsWebController+Settings.swift`); its
/// members (COLLAB-1, `ListsWebController+Sharing.swift`).
struct ListsWebController: WebArea {
    let shell: WebShell
    /// The shared core: `TaskPageData`, usernames and the role checks.
    let domain: Domain
    let tasks: TaskService
    let sharing: SharingService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        addSettingsRoutes(to: web)
        web.get("lists/{id}") { _, context in try await listPage(context) }
        web.post("lists/{id}/restore") { _, context in
            let identity = try member(context)
            guard let id = context.parameters.get("id").flatMap(ListID.init) else {
                throw DoableError.notFound(field: nil, message: "No such list.")
            }
            let list = try await tasks.restoreList(identity, id: id)
            return WebResponse.done(
                context, redirect: Self.safeBack(context.web.form["back"], default: "/trash"),
                toast: Flash(message: "Restored list '\(list.name)'"))
        }
    }

    private func listPage(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard let id = context.parameters.get("id").flatMap(ListID.init) else {
            throw DoableError.notFound(field: nil, message: "No such list.")
        }
        let data = try await TaskPageData.load(domain, identity)
        guard let view = data.lists.first(where: { $0.list.id == id }) else {
            throw DoableError.notFound(field: nil, message: "No such list.")
        }
        let canEdit = view.role >= .editor
        let query = context.web.query
        let sort = TaskSort(rawValue: query["sort"] ?? "") ?? identity.account.preferences.defaultSort
        let group = ["priority", "label", "due"].contains(query["group"] ?? "") ? query["group"]! : "none"
        let showAll = query["show"] == "all"
        let labelFilter = query.all("label").compactMap(LabelID.init).filter { data.labelsByID[$0] != nil }
        var taskQuery = TaskQuery(ownerID: identity.account.id)
        taskQuery.listID = id
        taskQuery.sort = sort
        taskQuery.labelIDs = labelFilter
        taskQuery.limit = 100_000
        var tasks = try await self.tasks.tasks(identity, matching: taskQuery)
        if !showAll { tasks = tasks.filter { $0.task.status != .completed } }
        var rows = try await data.rows(context, for: tasks, showsList: false)
        let isFlat = !labelFilter.isEmpty
        if !isFlat { rows.children = TaskRows.tree(tasks).children }
        rows.isDraggable = canEdit && sort == .manual && group == "none" && !isFlat
        // COLLAB-1: a member who does not own the list sees who shares it.
        let owner = view.role == .owner ? nil : try await domain.usernames([view.list.ownerID])[view.list.ownerID]
        let people = view.role >= .admin ? try await sharing.people(identity, in: data.lists) : []
        var page = ListPage(
            data: data, view: view, tasks: tasks, rows: rows, sort: sort, group: group, showAll: showAll,
            labelFilter: labelFilter, owner: owner, csrf: csrfField(context), path: context.web.path,
            selectionBar: canEdit ? selectionBar(data, context) : "")
        page.people = people
        return try await self.page(page.page, context, data: data)
    }
}
