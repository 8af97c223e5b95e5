import DoableCore
import DoableDomain
import DoableArt

/// VIEW-1: Trash: deleted lists and tasks, each with its Restore button.
struct TrashPage {
    var lists: [TaskList]
    var tasks: [TaskView]
    var csrf: HTML

    var page: WebPage {
        let listRows = lists.html { list in
            """
            <li class="trash-item"><span class="trash-title">List: \(list.name)</span>
            <form method="post" action="/lists/\(list.id)/restore" data-inplace>\(csrf)<button type="submit" class="button">Restore list '\(list.name)'</button></form></li>
            """
        }
        let taskRows = tasks.html { view in
            """
            <li class="trash-item"><span class="trash-title">\(view.task.title)</span>
            <form method="post" action="/tasks/\(view.task.id)/restore" data-inplace>\(csrf)<input type="hidden" name="back" value="/trash"><button type="submit" class="button">Restore '\(view.task.title)'</button></form></li>
            """
        }
        let main: HTML = """
            <h1>Trash</h1>
            <p class="subtitle">Deleted lists and tasks stay here for 30 days, then they are gone for good.</p>
            \(lists.isEmpty && tasks.isEmpty ? HTML("<p class=\"empty-state\">The trash is empty.</p>") : HTML("<ul class=\"trash-list\">\(listRows)\(taskRows)</ul>"))
            """
        return WebPage(title: "Trash", main: main, current: "trash")
    }
}
