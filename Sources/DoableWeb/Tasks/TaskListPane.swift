import DoableCore
import DoableDomain
import DoableArt

/// Issue 29 item 3: beside a task on a wide screen, the list it belongs to — its open tasks in the list's order,
/// subtasks nested, the open task marked — so the task reads as a panel of its list and the next one is a click
/// away. Links only: the rows with their checkboxes and menus stay on the list page (one set of row ids a page).
/// A phone hides the pane and shows the task as a full-screen sheet.
struct TaskListPane {
    var list: TaskList
    /// Every task of the list in manual order (all levels).
    var tasks: [TaskView]
    var current: TaskID
    var time: MemberTime
    /// A long list shows its first rows and a link to the rest.
    var limit = 200

    var html: HTML {
        let tree = TaskRows.tree(tasks.filter { $0.task.status != .completed || $0.task.id == current })
        // The task's parents are links in the breadcrumb above the panel; here they are the path to it.
        var ancestors = Set<TaskID>()
        let byID = Dictionary(tasks.map { ($0.task.id, $0.task) }, uniquingKeysWith: { first, _ in first })
        var next = byID[current]?.parentID
        while let id = next, !ancestors.contains(id) {
            ancestors.insert(id)
            next = byID[id]?.parentID
        }
        var shown = 0
        func rows(_ views: [TaskView]) -> HTML {
            views.html { view -> HTML in
                guard shown < limit else { return "" }
                shown += 1
                let task = view.task
                let due = task.due.map { time.dueWords($0, isCompleted: task.status == .completed) }
                let isCurrent = task.id == current
                // The open task's subtasks are in the panel beside it: one link to each task on the page.
                let children = isCurrent ? [] : tree.children[task.id] ?? []
                // The open task's own row draws its title from an attribute: the page's text says the title once,
                // in the panel (issue 29), while the pane still shows where the task sits in its list.
                let title: HTML =
                    isCurrent
                    ? "<span class=\"pane-title\" data-title=\"\(task.title)\"></span>"
                    : "<span class=\"pane-title\">\(task.title)</span>"
                let content: HTML = """
                    \(title)\
                    \(due.map { HTML("<span class=\"due\($0.isOverdue ? " overdue" : "")\">\($0.text)</span>") })
                    """
                let entry: HTML =
                    ancestors.contains(task.id)
                    ? "<span class=\"pane-task\">\(content)</span>"
                    : """
                    <a href="/tasks/\(task.id)" class="pane-task\(task.status == .completed ? " is-completed" : "")"\(isCurrent ? HTML(" aria-current=\"page\" aria-label=\"\(task.title) (open)\"") : "")>\(content)</a>
                    """
                return """
                    <li>\(entry)\(children.isEmpty ? "" : HTML("<ul>\(rows(children))</ul>"))</li>
                    """
            }
        }
        let body = rows(tree.roots)
        let more: HTML =
            shown >= limit ? "<p class=\"pane-more\"><a href=\"/lists/\(list.id)\">All tasks of \(list.name)</a></p>" : ""
        return """
            <nav class="list-pane" aria-label="Tasks in \(list.name)">
            <h2 class="pane-heading"><a href="/lists/\(list.id)">\(list.name)</a></h2>
            <ul class="pane-tasks">\(body)</ul>
            \(more)
            </nav>
            """
    }
}
