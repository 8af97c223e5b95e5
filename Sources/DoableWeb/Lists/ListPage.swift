import DoableCore
import Foundation
import DoableDomain
import DoableArt

/// A list's page (LIST-4, TASK-4, TASK-5, TASK-6): its tasks with nested, collapsible subtasks, inline add, sort,
/// group and label filter in the URL, drag and keyboard reordering.
struct ListPage {
    var data: TaskPageData
    var view: ListView
    /// The list's tasks as the query asked for them (all levels).
    var tasks: [TaskView]
    var rows: TaskRows
    var sort: TaskSort
    var group: String
    var showAll: Bool
    var labelFilter: [LabelID]
    /// The owner's username, for a member who does not own the list (nil for the owner).
    var owner: String?
    var csrf: HTML
    /// The page's path, to come back to after adding a task.
    var path: String
    var selectionBar: HTML
    /// COLLAB-1: the people the member already shares lists with, suggested by the header's share sheet.
    var people: [String] = []

    /// COLLAB-1 from the list's header (issue 29): a sheet that shares the list by username or email, suggesting the
    /// people the member already shares with, without leaving the list; "Manage members" for roles and removal.
    var shareSheet: HTML {
        let list = view.list
        let options = people.html { "<option value=\"\($0)\"></option>" }
        return """
            <details class="menu share-sheet"><summary class="button" aria-label="Share \(list.name)">\(Icon.share.html)<span class="label">Share</span></summary>
            <div class="menu-panel share-panel">
            <form method="post" action="/lists/\(list.id)/members" class="share-form" data-inplace>\(csrf)
            <input type="hidden" name="back" value="/lists/\(list.id)">
            <label for="share-login">Share “\(list.name)” with</label>
            <input id="share-login" name="login" required autocomplete="off" maxlength="254" list="share-people" \
            placeholder="Username or email" aria-describedby="share-hint">
            <datalist id="share-people">\(options)</datalist>
            <p class="hint" id="share-hint">\(people.isEmpty ? "Their username, or the email they signed up with." : "Start typing: people you already share with are suggested.")</p>
            <label for="share-role">They may</label>
            <select id="share-role" name="role">
            <option value="editor" selected>Edit tasks</option><option value="viewer">Only view</option>\
            <option value="admin">Edit and share</option></select>
            <p class="form-actions"><button type="submit" class="button primary">Share</button> \
            <a href="/lists/\(list.id)/edit#members">Manage members</a></p>
            </form></div></details>
            """
    }

    var page: WebPage {
        let (list, openCount) = (view.list, view.openTaskCount)
        let canEdit = view.role >= .editor
        let isFlat = !labelFilter.isEmpty
        let tree = isFlat ? (roots: tasks, children: [:]) : TaskRows.tree(tasks)
        let body: HTML
        if tasks.isEmpty {
            body =
                labelFilter.isEmpty
                ? "<p class=\"empty-state\">No open tasks in \(list.name).\(canEdit ? " Add one above." : "")</p>"
                : "<p class=\"empty-state\">No tasks with these labels.</p>"
        } else if group == "none" {
            body = rows.list(tree.roots, id: "list-tasks", label: "Tasks in \(list.name)")
        } else {
            body = grouped(tree.roots)
        }
        let tools: HTML =
            view.role >= .admin
            ? """
            \(shareSheet)
            <a class="button" href="/lists/\(list.id)/edit">\(Icon.settings.html)<span class="label">Edit list</span></a>
            """
            : "<a class=\"button\" href=\"/lists/\(list.id)/edit#members\">\(Icon.share.html)<span class=\"label\">Members</span></a>"
        let main: HTML = """
            <div class="list-header lc-\(list.id)">
            <div class="title-row">
            <h1><span class="list-dot" aria-hidden="true"></span>\(list.icon.map { HTML("<span class=\"list-icon\" aria-hidden=\"true\">\($0)</span> ") })\(list.name)</h1>
            <div class="title-tools">\(viewControls)\(tools)</div>
            </div>
            <p class="subtitle">\(openCount) open \(openCount == 1 ? "task" : "tasks")\(list.isArchived ? " · archived" : "")\(sharingLine)</p>
            \(list.description.isEmpty ? "" : HTML("<p class=\"list-description\">\(list.description)</p>"))
            </div>
            \(canEdit ? inlineAdd : "")
            \(body)
            \(selectionBar)
            """
        var page = WebPage(
            title: list.name, main: main, current: "list:\(list.id)",
            quickAddList: canEdit ? list.id : nil)
        page.styles.append(ListColor.rule(for: list))
        return page
    }

    private var inlineAdd: HTML {
        let list = view.list
        return """
            <form method="post" action="/tasks" class="inline-add" id="inline-add" data-inplace>\(csrf)
            <input type="hidden" name="list" value="\(list.id)"><input type="hidden" name="back" value="\(path)">
            <label class="visually-hidden" for="inline-add-text">Add a task to \(list.name)</label>
            <span class="inline-add-row"><input id="inline-add-text" name="text" autocomplete="off" maxlength="1000" placeholder="Add a task to \(list.name), then press Enter"><button type="submit" class="button primary">Add task</button></span>
            </form>
            """
    }

    /// COLLAB-1: who shares a list, as one line under its name: the owner sees how many people, a member who
    /// owns it and their own role.
    private var sharingLine: HTML {
        let list = view.list
        guard view.memberCount > 1 || view.role != .owner else { return "" }
        if view.role == .owner {
            let others = view.memberCount - 1
            return """
                 · <a class="sharing-line" href="/lists/\(list.id)/edit#members">Shared with \(others == 1 ? "1 person" : "\(others) people")</a>
                """
        }
        return """
             · <span class="sharing-line">Shared by \(owner ?? "its owner") · \
            <a href="/lists/\(list.id)/edit#members">you are \(ListRoleWords.withArticle(view.role))</a></span>
            """
    }

    private var viewControls: HTML {
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
        let summary = [
            sorts.first { $0.0 == sort.rawValue }?.1 ?? "My order",
            group == "none" ? nil : "by \((groups.first { $0.0 == group }?.1 ?? group).lowercased())",
            showAll ? "all tasks" : nil,
            labelFilter.isEmpty ? nil : labelFilter.count == 1 ? "1 label" : "\(labelFilter.count) labels",
        ].compactMap { $0 }.joined(separator: ", ")
        return """
            <details class="menu view-sheet">
            <summary class="button" title="\(summary)">\(Icon.filter.html)<span class="label">View</span></summary>
            <form method="get" class="view-controls menu-items" aria-label="Sort, group and filter">
            <label>Sort by <select name="sort" aria-label="Sort by">\(options(sorts, sort.rawValue))</select></label>
            <label>Group by <select name="group" aria-label="Group by">\(options(groups, group))</select></label>
            <label>Show <select name="show" aria-label="Show">\(options([("open", "Open tasks"), ("all", "All tasks")], showAll ? "all" : "open"))</select></label>
            \(data.labels.isEmpty ? "" : HTML("<fieldset class=\"label-filter\"><legend>Filter by label</legend>\(labelBoxes)</fieldset>"))
            <button type="submit" class="button">Apply</button>
            </form>
            </details>
            """
    }

    private func grouped(_ roots: [TaskView]) -> HTML {
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
