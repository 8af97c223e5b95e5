import DoableCore
import DoableDomain
import DoableArt

/// TASK-7: the search form with every filter, what was found, and the selection bar.
struct SearchPage {
    var data: TaskPageData
    /// The URL's query: the form shows what it asked for.
    var query: FormData
    var errors: FormErrors
    /// The people the member shares lists with ("Assigned to").
    var people: [MemberView]
    var isSearching: Bool
    var results: [TaskView]
    var rows: TaskRows
    var selectionBar: HTML

    var page: WebPage {
        let listOptions = [("", "Any list")] + data.lists.map { ("\($0.list.id)", $0.list.name) }
        let statusOptions = [
            ("open", "Open"), ("pending", "Not started"), ("inProgress", "In progress"),
            ("completed", "Completed"), ("any", "Any status"),
        ]
        let priorityOptions = [
            ("", "Any priority"), ("high", "High"), ("medium", "Medium"), ("low", "Low"),
            ("none", "None"),
        ]
        let assigneeOptions =
            [("", "Anyone"), ("me", "Me")]
            + people.map { ("\($0.accountID)", PersonChoices.personLabel($0)) }
        let chosenLabels = Set(query.all("label"))
        let labelBoxes = data.labels.html { label in
            "<label class=\"chip-check\"><input type=\"checkbox\" name=\"label\" value=\"\(label.id)\"\(attribute: "checked", if: chosenLabels.contains("\(label.id)"))> \(label.name)</label>"
        }
        let summary: HTML =
            !isSearching
            ? "<p class=\"empty-state\">Type words to find, or choose filters.</p>"
            : results.isEmpty
                ? "<p class=\"empty-state\">No tasks match.</p>"
                : "<p class=\"result-count\" role=\"status\">\(results.count == 500 ? "The first 500 tasks" : "\(results.count) \(results.count == 1 ? "task" : "tasks")") found.</p>"
        let activeFilters =
            ["list", "priority", "assignee", "dueFrom", "dueTo"].filter { !(query[$0] ?? "").isEmpty }.count
            + ((query["status"] ?? "open") == "open" ? 0 : 1) + (chosenLabels.isEmpty ? 0 : 1)
        let main: HTML = """
            <h1>Search</h1>
            <form method="get" action="/search" class="search-filters" role="search" aria-label="Search and filters">
            \(errors.summary)
            <div class="search-row">
            \(Field.input("q", label: "Words in title or notes", value: query["q"], type: "search", errors: errors))
            <button type="submit" class="button primary">Search</button>
            </div>
            <details class="search-more"\(attribute: "open", if: !isSearching || !errors.summary.isEmpty)>
            <summary class="button">\(Icon.filter.html)Filters\(activeFilters == 0 ? "" : " (\(activeFilters))")</summary>
            <div class="filter-row">
            \(Field.select("list", label: "List", options: listOptions, selected: query["list"], errors: errors))
            \(Field.select("status", label: "Status", options: statusOptions, selected: query["status"] ?? "open", errors: errors))
            \(Field.select("priority", label: "Priority", options: priorityOptions, selected: query["priority"], errors: errors))
            \(Field.select("assignee", label: "Assigned to", options: assigneeOptions, selected: query["assignee"], errors: errors))
            \(Field.input("dueFrom", label: "Due from", value: query["dueFrom"], type: "date", errors: errors))
            \(Field.input("dueTo", label: "Due until", value: query["dueTo"], type: "date", errors: errors))
            </div>
            \(data.labels.isEmpty ? "" : HTML("<fieldset class=\"label-filter\"><legend>Labels</legend>\(labelBoxes)</fieldset>"))
            </details>
            </form>
            \(summary)
            \(results.isEmpty ? "" : rows.list(results, label: "Search results"))
            \(selectionBar)
            """
        return WebPage(title: "Search", main: main, current: "search")
    }
}
