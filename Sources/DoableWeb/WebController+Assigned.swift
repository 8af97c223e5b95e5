import DoableCore
import DoableDomain
import Hummingbird
import DoableArt

/// VIEW-4 and COLLAB-2: "Assigned to me": the open tasks assigned to the member in their own lists and in lists
/// shared with them, grouped by due day (overdue first, no date last).
extension WebController {
    func addAssignedRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("assigned") { _, context in try await assigned(context) }
    }

    private func assigned(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        var query = TaskQuery(ownerID: identity.account.id)
        query.assigneeID = identity.account.id
        query.statuses = [.pending, .inProgress]
        query.sort = .due
        query.limit = 5000
        let tasks = try await domain.tasks.tasks(identity, matching: query)
        let rows = try await data.rows(context, for: tasks)
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
            \(selectionBar(data, context))
            """
        return try await page(WebPage(title: "Assigned to me", main: main, current: "assigned"), context, data: data)
    }
}
