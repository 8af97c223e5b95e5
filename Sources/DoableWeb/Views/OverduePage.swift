import DoableCore
import DoableDomain
import DoableArt

/// VIEW-1: Overdue: the open tasks whose due moment passed.
struct OverduePage {
    var tasks: [TaskView]
    var rows: TaskRows
    var selectionBar: HTML

    var page: WebPage {
        let main: HTML = """
            <h1>Overdue</h1>
            \(tasks.isEmpty ? HTML("<p class=\"empty-state\">Nothing is overdue. Well done.</p>") : rows.list(tasks))
            \(selectionBar)
            """
        return WebPage(title: "Overdue", main: main, current: "overdue")
    }
}
