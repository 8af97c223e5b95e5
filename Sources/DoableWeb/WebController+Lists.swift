import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableArt

/// A list's page (LIST-4, TASK-4, TASK-5, TASK-6): its tasks with nested, collapsible subtasks, inline add, sort,
/// group and label filter in the URL, drag and keyboard reordering. Creating and editing lists is in
/// `WebController+ListSettings.swift`.
extension WebController {
    func addListRoutes(to web: RouterGroup<WebRequestContext>) {
        addListSettingsRoutes(to: web)
        web.get("lists/{id}") { _, context in try await listPage(context) }
        web.post("lists/{id}/restore") { _, context in
            let identity = try member(context)
            guard let id = context.parameters.get("id").flatMap(ListID.init) else {
                throw DoableError.notFound(field: nil, message: "No such list.")
            }
            let list = try await domain.tasks.restoreList(identity, id: id)
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
        let (list, openCount) = (view.list, view.openTaskCount)
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
        var tasks = try await domain.tasks.tasks(identity, matching: taskQuery)
        if !showAll { tasks = tasks.filter { $0.task.status != .completed } }
        var rows = try await data.rows(context, for: tasks, showsList: false)
        let isFlat = !labelFilter.isEmpty
        let tree = isFlat ? (roots: tasks, children: [:]) : TaskRows.tree(tasks)
        if !isFlat { rows.children = tree.children }
        rows.isDraggable = canEdit && sort == .manual && group == "none" && !isFlat
        let body: HTML
        if tasks.isEmpty {
            body =
                labelFilter.isEmpty
                ? "<p class=\"empty-state\">No open tasks in \(list.name).\(canEdit ? " Add one above." : "")</p>"
                : "<p class=\"empty-state\">No tasks with these labels.</p>"
        } else if group == "none" {
            body = rows.list(tree.roots, id: "list-tasks", label: "Tasks in \(list.name)")
        } else {
            body = grouped(tree.roots, by: group, rows: rows, data: data)
        }
        let sharing = try await sharingLine(view, identity)
        let settingsLink: HTML =
            view.role >= .admin
            ? "<a class=\"button\" href=\"/lists/\(list.id)/edit\">Edit list</a>"
            : "<a class=\"button\" href=\"/lists/\(list.id)/edit#members\">Members</a>"
        let controls = viewControls(sort: sort, group: group, showAll: showAll, labelFilter: labelFilter, data: data)
        let main: HTML = """
            <div class="list-header lc-\(list.id)">
            <h1><span class="list-dot" aria-hidden="true"></span>\(list.icon.map { HTML("<span class=\"list-icon\" aria-hidden=\"true\">\($0)</span> ") })\(list.name)</h1>
            <p class="subtitle">\(openCount) open \(openCount == 1 ? "task" : "tasks")\(list.isArchived ? " · archived" : "")</p>
            \(sharing)
            \(list.description.isEmpty ? "" : HTML("<p class=\"list-description\">\(list.description)</p>"))
            <p class="list-actions">\(settingsLink)</p>
            </div>
            \(canEdit ? inlineAdd(list, context) : "")
            \(controls)
            \(body)
            \(canEdit ? selectionBar(data, context) : "")
            """
        var page = WebPage(
            title: list.name, main: main, current: "list:\(list.id)",
            quickAddList: canEdit ? list.id : nil)
        page.styles.append(ListColor.rule(for: list))
        return try await self.page(page, context, data: data)
    }

    private func inlineAdd(_ list: TaskList, _ context: WebRequestContext) -> HTML {
        """
        <form method="post" action="/tasks" class="inline-add" id="inline-add" data-inplace>\(csrfField(context))
        <input type="hidden" name="list" value="\(list.id)"><input type="hidden" name="back" value="\(context.web.path)">
        <label class="visually-hidden" for="inline-add-text">Add a task to \(list.name)</label>
        <span class="inline-add-row"><input id="inline-add-text" name="text" autocomplete="off" maxlength="1000" placeholder="Add a task to \(list.name), then press Enter"><button type="submit" class="button primary">Add task</button></span>
        </form>
        """
    }

    /// COLLAB-1: who shares a list, as one line under its name: the owner sees how many people, a member who
    /// owns it and their own role.
    private func sharingLine(_ view: ListView, _ identity: Identity) async throws -> HTML {
        let list = view.list
        guard view.memberCount > 1 || view.role != .owner else { return "" }
        if view.role == .owner {
            let others = view.memberCount - 1
            return """
                <p class="sharing-line"><a href="/lists/\(list.id)/edit#members">Shared with \(others == 1 ? "1 person" : "\(others) people")</a></p>
                """
        }
        let owner = try await domain.usernames([list.ownerID])[list.ownerID]
        return """
            <p class="sharing-line">Shared by \(owner ?? "its owner") · \
            <a href="/lists/\(list.id)/edit#members">you are \(ListRoleWords.withArticle(view.role))</a></p>
            """
    }

    private func viewControls(
        sort: TaskSort, group: String, showAll: Bool, labelFilter: [LabelID],
        data: TaskPageData
    ) -> HTML {
        let sorts: [(String, String)] = [
            ("manual", "My order"), ("due", "Due date"), ("priority", "Priority"),
            ("created", "Date created"), ("title", "Title"),
        ]
        let groups: [(String, String)] = [
            ("none", "No grouping"), ("priority", "Priority"), ("label", "Label"),
            ("due", "Due day"),
        ]
        func options(_ items: [(String, String)], _ selected: String) -> HTML {
            items.html { value, title in
                "<option value=\"\(value)\"\(attribute: "selected", if: value == selected)>\(title)</option>"
            }
        }
        let chosen = Set(labelFilter)
        let labelBoxes = data.labels.html { label in
            "<label class=\"chip-check\"><input type=\"checkbox\" name=\"label\" value=\"\(label.id)\"\(attribute: "checked", if: chosen.contains(label.id))> \(label.name)</label>"
        }
        return """
            <form method="get" class="view-controls" aria-label="Sort, group and filter">
            <label>Sort by <select name="sort" aria-label="Sort by">\(options(sorts, sort.rawValue))</select></label>
            <label>Group by <select name="group" aria-label="Group by">\(options(groups, group))</select></label>
            <label>Show <select name="show" aria-label="Show">\(options([("open", "Open tasks"), ("all", "All tasks")], showAll ? "all" : "open"))</select></label>
            \(data.labels.isEmpty ? "" : HTML("<fieldset class=\"label-filter\"><legend>Filter by label</legend>\(labelBoxes)</fieldset>"))
            <button type="submit" class="button">Apply</button>
            </form>
            """
    }

    private func grouped(_ roots: [TaskView], by group: String, rows: TaskRows, data: TaskPageData) -> HTML {
        var sections: [(String, [TaskView])] = []
        func add(_ key: String, _ view: TaskView) {
            if let index = sections.firstIndex(where: { $0.0 == key }) {
                sections[index].1.append(view)
            } else {
                sections.append((key, [view]))
            }
        }
        switch group {
        case "priority":
            for priority in [TaskPriority.high, .medium, .low, .none] {
                let matching = roots.filter { $0.task.priority == priority }
                if !matching.isEmpty {
                    sections.append((priority == .none ? "No priority" : "\(priority.rawValue.capitalized) priority", matching))
                }
            }
        case "label":
            for view in roots {
                // Under its first label only: a row shown twice would repeat its ids and controls on the page.
                let name = view.task.labelIDs.lazy.compactMap { data.labelsByID[$0]?.name }.first
                add(name.map { "@\($0)" } ?? "No label", view)
            }
            sections.sort { ($0.0 == "No label" ? "~" : $0.0) < ($1.0 == "No label" ? "~" : $1.0) }
        default:
            sections = data.dueGroups(roots) { view, day in day < data.time.today && view.task.status != .completed }
                .map { ($0.title, $0.tasks) }
        }
        return sections.enumerated().html { index, section in
            """
            <section class="task-group" aria-labelledby="group-\(index)"><h2 id="group-\(index)">\(section.0) <span class="count">\(section.1.count)</span></h2>\(rows.list(section.1))</section>
            """
        }
    }
}
