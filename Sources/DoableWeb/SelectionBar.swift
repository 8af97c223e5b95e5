import DoableCore
import DoableDomain
import DoableArt

/// The bar for acting on several selected tasks at once (docs/web-app.md, "Selecting several tasks"), under every
/// page of tasks the member may change.
struct SelectionBar {
    var data: TaskPageData
    var csrf: HTML
    /// The page to come back to (its path).
    var back: String

    var html: HTML {
        let listOptions = data.lists.filter { !$0.list.isArchived && $0.role >= .editor }.map(\.list).html { list in
            "<option value=\"\(list.id)\">\(list.name)</option>"
        }
        let labelOptions = data.labels.html { label in "<option value=\"\(label.id)\">\(label.name)</option>" }
        return """
            <p class="select-toggle"><a class="button" href="?select=1" data-action="select">Select</a></p>
            <form id="bulk" class="bulk-bar" method="post" action="/tasks/bulk" aria-label="Selected tasks" data-inplace>
            \(csrf)<input type="hidden" name="back" value="\(back)">
            <p class="bulk-count" aria-live="polite">0 selected</p>
            <button type="submit" name="action" value="complete" class="button">Complete</button>
            <button type="submit" name="action" value="delete" class="button danger" data-confirm="Delete the selected tasks? They go to the trash for 30 days.">Delete</button>
            <span class="bulk-group"><select name="list" aria-label="Move selected to list">\(listOptions)</select><button type="submit" name="action" value="move" class="button">Move</button></span>
            <span class="bulk-group"><input type="date" name="date" aria-label="Reschedule selected to"><button type="submit" name="action" value="reschedule" class="button">Reschedule</button></span>
            \(data.labels.isEmpty ? "" : HTML("<span class=\"bulk-group\"><select name=\"label\" aria-label=\"Add label to selected\">\(labelOptions)</select><button type=\"submit\" name=\"action\" value=\"label\" class=\"button\">Add label</button></span>"))
            </form>
            """
    }
}

extension WebArea {
    /// The selection bar for a page of tasks, coming back to the page itself.
    func selectionBar(_ data: TaskPageData, _ context: WebRequestContext) -> HTML {
        SelectionBar(data: data, csrf: csrfField(context), back: context.web.path).html
    }
}
