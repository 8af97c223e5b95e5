import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// Renders task rows as docs/web-app.md describes them: a labelled checkbox that is a form, the title linking to
/// the task page, its due date in words, priority, labels, its subtasks nested and collapsible with their progress,
/// and a menu of single-tap actions (the keyboard and touch alternative to every drag).
struct TaskRows {
    let time: MemberTime
    let labels: [LabelID: Label]
    let lists: [ListID: TaskList]
    let csrf: HTML
    /// The page opened in selection mode (`?select=1`, for browsers without the script): the boxes then belong
    /// to the bulk form.
    var isSelecting = false
    /// Cross-list views name each task's list.
    var showsList = false
    /// Rows can be dragged only where the manual order is shown.
    var isDraggable = false
    /// Subtasks by parent; nil renders flat rows.
    var children: [TaskID: [TaskView]]? = nil
    /// COLLAB-2: the usernames of the assignees on the page (a row names its assignee in a chip).
    var assignees: [AccountID: String] = [:]
    /// TASK-12: how many comments each task has; a row shows the count when there are any.
    var commentCounts: [TaskID: Int] = [:]
    /// COLLAB-3: the lists whose tasks the member may change (editor or more). Rows of other lists are read-only:
    /// no checkbox form, selection box, menu or drag. nil: every row is editable.
    var editableListIDs: Set<ListID>? = nil

    func isEditable(_ task: TaskItem) -> Bool { editableListIDs?.contains(task.listID) ?? true }

    func list(_ tasks: [TaskView], id: String? = nil, label: String? = nil) -> HTML {
        """
        <ul class="task-list"\(id.map { HTML(" id=\"\($0)\"") })\(label.map { HTML(" aria-label=\"\($0)\"") })>\(tasks.html(row))</ul>
        """
    }

    func row(_ view: TaskView) -> HTML {
        let task = view.task
        let isDone = task.status == .completed
        let canEdit = isEditable(task)
        let subtasks = children?[task.id] ?? []
        let openSubtasks = view.progress.total - view.progress.done
        let due = task.due.map { time.dueWords($0, isCompleted: isDone) }
        var classes = ["task"]
        if isDone { classes.append("is-completed") }
        if due?.isOverdue == true { classes.append("is-overdue") }
        if !canEdit { classes.append("is-readonly") }
        let dueDay = task.due.map { time.day(of: $0).description } ?? ""
        let quoted = "'\(task.title)'"
        let checked: HTML = "role=\"checkbox\" aria-checked=\"\(isDone ? "true" : "false")\""
        let main: HTML = """
            <div class="task-main">
            <a class="task-title" href="/tasks/\(task.id)">\(task.title)</a>
            \(meta(view, due: due))
            </div>
            """
        // A read-only row shows the state without a control that would change it.
        let row: HTML =
            canEdit
            ? """
            <form class="task-row" method="post" action="/tasks/\(task.id)/\(isDone ? "reopen" : "complete")" data-inplace>\(csrf)
            <input type="checkbox" class="select-box"\(isSelecting ? HTML(" form=\"bulk\"") : "") name="ids" value="\(task.id)" aria-label="Select \(quoted)">
            <button type="submit" class="check" \(checked) aria-label="Mark \(quoted) as \(isDone ? "not done" : "done")"\(openSubtasks > 0 && !isDone ? HTML(" data-open-subtasks=\"\(openSubtasks)\"") : "")></button>
            \(main)
            \(menu(task))
            </form>
            """
            : """
            <div class="task-row"><span class="check" \(checked) aria-disabled="true" aria-label="\(quoted) (view only)"></span>
            \(main)
            </div>
            """
        return """
            <li class="\(classes.joined(separator: " "))" id="task-\(task.id)" data-task-id="\(task.id)" data-version="\(task.version)" data-list-id="\(task.listID)" data-parent-id="\(task.parentID.map { "\($0)" } ?? "")" data-due="\(dueDay)"\(isDraggable && canEdit ? HTML(" draggable=\"true\"") : "")>
            \(row)
            \(subtasks.isEmpty ? "" : subtaskBlock(view, subtasks))
            </li>
            """
    }

    private func meta(_ view: TaskView, due: (text: String, isOverdue: Bool)?) -> HTML {
        let task = view.task
        var parts: [HTML] = []
        if let due {
            parts.append("<span class=\"due\(due.isOverdue ? " overdue" : "")\">\(due.text)</span>")
        }
        if let words = task.repeatWords(in: time.calendar.zone) {
            parts.append("<span class=\"repeats\" role=\"img\" aria-label=\"Repeats: \(words)\" title=\"\(words)\">↻</span>")
        }
        if task.priority != .none {
            parts.append("<span class=\"priority p-\(task.priority.rawValue)\">\(task.priority.rawValue.capitalized) priority</span>")
        }
        for id in task.labelIDs {
            if let label = labels[id] { parts.append("<span class=\"task-label\">@\(label.name)</span>") }
        }
        if showsList, let list = lists[task.listID] {
            parts.append("<span class=\"task-list-name lc-\(list.id)\">\(list.name)</span>")
        }
        if view.progress.total > 0, children?[task.id] == nil {
            parts.append("<span class=\"progress\">\(view.progress.done)/\(view.progress.total) subtasks</span>")
        }
        if !task.notes.isEmpty { parts.append("<span class=\"has-notes\">Notes</span>") }
        if let assignee = task.assigneeID {
            let name = assignees[assignee] ?? "someone"
            parts.append("<span class=\"assignee\" role=\"img\" aria-label=\"Assigned to \(name)\">\(name)</span>")
        }
        if let count = commentCounts[task.id], count > 0 {
            parts.append(
                "<span class=\"comment-count\" role=\"img\" aria-label=\"\(count == 1 ? "1 comment" : "\(count) comments")\">\(count)</span>")
        }
        guard !parts.isEmpty else { return "" }
        return "<span class=\"task-meta\">\(parts)</span>"
    }

    private func subtaskBlock(_ view: TaskView, _ subtasks: [TaskView]) -> HTML {
        """
        <details class="subtasks" open><summary>\(view.progress.done) of \(view.progress.total) \(view.progress.total == 1 ? "subtask" : "subtasks") done</summary>
        \(list(subtasks))</details>
        """
    }

    /// Single-tap actions: buttons of the row's form, each with its own `formaction` (one form a row keeps the page
    /// small; the attribute `form` on every button would make Chromium take seconds over 2,000 rows).
    private func menu(_ task: TaskItem) -> HTML {
        let quoted = "'\(task.title)'"
        func action(_ path: String, _ title: String, _ field: (String, String)? = nil, confirm: String? = nil) -> HTML {
            """
            <button type="submit" formaction="/tasks/\(task.id)/\(path)"\(field.map { HTML(" name=\"\($0.0)\" value=\"\($0.1)\"") })\(confirm.map { HTML(" data-confirm=\"\($0)\"") })>\(title)</button>
            """
        }
        return """
            <details class="task-menu"><summary aria-label="Actions for \(quoted)"><span aria-hidden="true">⋯</span></summary>
            <div class="menu-items">\(isDraggable ? action("move", "Move up", ("direction", "up")) + action("move", "Move down", ("direction", "down")) : "")\(action("reschedule", "Due today", ("due", "today")))\(action("reschedule", "Due tomorrow", ("due", "tomorrow")))\(action("reschedule", "Due next week", ("due", "nextweek")))<a href="/tasks/\(task.id)#pick-list">Move to…</a>\(action("delete", "Delete", confirm: "Delete \(quoted)? It goes to the trash for 30 days."))</div></details>
            """
    }

    /// Groups tasks of one list by parent, keeping the order they came in.
    static func tree(_ tasks: [TaskView]) -> (roots: [TaskView], children: [TaskID: [TaskView]]) {
        let ids = Set(tasks.map(\.task.id))
        var roots: [TaskView] = []
        var children: [TaskID: [TaskView]] = [:]
        for view in tasks {
            if let parent = view.task.parentID, ids.contains(parent) {
                children[parent, default: []].append(view)
            } else {
                roots.append(view)
            }
        }
        return (roots, children)
    }
}
