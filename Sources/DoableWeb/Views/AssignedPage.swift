import DoableCore
import DoableDomain
import DoableArt

/// VIEW-4 and COLLAB-2: "Assigned to me", grouped by due day (overdue first, no date last).
struct AssignedPage {
    var data: TaskPageData
    var tasks: [TaskView]
    var rows: TaskRows
    var selectionBar: HTML

    var page: WebPage {
        // Overdue first (its due moment passed), then each day, then no date; within a group the soonest first.
        let groups = data.dueGroups(tasks) { view, _ in view.task.isOverdue(now: data.time.now) }
        let sections = groups.enumerated().html { index, group in
            """
            <section class="day-group" aria-labelledby="assigned-\(index)"><h2 id="assigned-\(index)">\(group.title) <span class="count">\(group.tasks.count)</span></h2>\(rows.list(group.tasks))</section>
            """
        }
        let main: HTML = """
            <h1>Assigned to me</h1>
            <p class="subtitle">Open tasks assigned to you, in your lists and in lists shared with you.</p>
            \(tasks.isEmpty ? HTML("<p class=\"empty-state\">Nothing is assigned to you. When someone assigns you a task in a shared list, it shows up here.</p>") : sections)
            \(selectionBar)
            """
        return WebPage(title: "Assigned to me", main: main, current: "assigned")
    }
}
