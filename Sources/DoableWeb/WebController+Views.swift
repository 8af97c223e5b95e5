import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableArt

/// VIEW-1 and VIEW-4: Today, Upcoming, Overdue, Completed and Trash (Assigned to me is in
/// `WebController+Assigned.swift`).
extension WebController {
    func addViewRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("today") { _, context in try await today(context) }
        web.get("upcoming") { _, context in try await upcoming(context) }
        web.get("overdue") { _, context in try await overdue(context) }
        web.get("completed") { _, context in try await completed(context) }
        web.get("trash") { _, context in try await trash(context) }
        addAssignedRoutes(to: web)
        addSearchRoutes(to: web)
        addCalendarRoutes(to: web)
    }

    private func today(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let today = data.time.today
        let whose = WhoseTasks(context, member: identity.account.id, path: "/today")
        let (due, othersCount) = whose.filter(try await data.openTasks(domain, dueThrough: today))
        let overdue = due.filter { data.time.day(of: $0.task.due!) < today }
        let dueToday = due.filter { data.time.day(of: $0.task.due!) == today }
        let openCount = data.lists.filter { !$0.list.isArchived }.reduce(0) { $0 + $1.openTaskCount }
        let rows = try await data.rows(context, for: due)
        // VIEW-1: the next reminders, of tasks the member still sees.
        let upcoming = try await domain.reminders.upcomingReminders(identity, limit: 10)
            .filter { data.listsByID[$0.1.listID] != nil }.prefix(5)
        var panels = HTML.empty
        for panel in todayPanels {
            if let html = try await panel.render(for: identity, context: context) { panels += html }
        }
        let name = identity.account.firstName.isEmpty ? identity.account.username : identity.account.firstName
        // GAME-2: the companion greets at the top while the game is on; nothing at all while it is off.
        let companion = try await GameTodayPanel(domain: domain).render(for: identity, context: context)
        let main: HTML = """
            <h1>Today</h1>
            <p class="subtitle">\(data.time.longWords(today)) · Hello, \(name)</p>
            \(companion)
            \(whose.switcher(othersCount: othersCount))
            <ul class="counts" aria-label="Your tasks at a glance">
            <li><a href="/search?status=open"><strong>\(openCount)</strong> open</a></li>
            <li class="\(overdue.isEmpty ? "" : "has-overdue")"><a href="/overdue"><strong>\(overdue.count)</strong> overdue</a></li>
            <li><a href="#due-today"><strong>\(dueToday.count)</strong> due today</a></li>
            </ul>
            \(overdue.isEmpty ? "" : HTML("""
            <section aria-labelledby="overdue-heading"><h2 id="overdue-heading">Overdue</h2>\(rows.list(overdue))</section>
            """))
            <section aria-labelledby="due-today"><h2 id="due-today">Due today</h2>
            \(dueToday.isEmpty ? HTML("<p class=\"empty-state\">Nothing due today. Add a task above, or enjoy the free time.</p>") : rows.list(dueToday))
            </section>
            \(ReminderSection(time: data.time, csrf: csrfField(context)).upcoming(Array(upcoming)))
            \(panels)
            \(selectionBar(data, context))
            """
        return try await page(WebPage(title: "Today", main: main, current: "today"), context, data: data)
    }

    private func upcoming(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let today = data.time.today
        let whose = WhoseTasks(context, member: identity.account.id, path: "/upcoming")
        let (tasks, othersCount) = whose.filter(
            try await data.openTasks(
                domain, dueThrough: today.adding(days: 6),
                from: today))
        let rows = try await data.rows(context, for: tasks)
        let days = (0..<7).html { offset -> HTML in
            let day = today.adding(days: offset)
            let onDay = tasks.filter { data.time.day(of: $0.task.due!) == day }
            let heading = data.time.heading(day)
            return """
                <section class="day-group" aria-labelledby="day-\(day.description)"><h2 id="day-\(day.description)">\(heading)</h2>
                \(onDay.isEmpty ? HTML("<p class=\"empty-day\">Nothing due.</p>") : rows.list(onDay))</section>
                """
        }
        let main: HTML = """
            <h1>Upcoming</h1><p class="subtitle">The next 7 days.</p>
            \(whose.switcher(othersCount: othersCount))
            \(days)
            \(selectionBar(data, context))
            """
        return try await page(WebPage(title: "Upcoming", main: main, current: "upcoming"), context, data: data)
    }

    private func overdue(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let today = data.time.today
        let tasks = try await data.openTasks(domain, dueThrough: today).filter {
            $0.task.isOverdue(now: data.time.now)
        }
        let rows = try await data.rows(context, for: tasks)
        let main: HTML = """
            <h1>Overdue</h1>
            \(tasks.isEmpty ? HTML("<p class=\"empty-state\">Nothing is overdue. Well done.</p>") : rows.list(tasks))
            \(selectionBar(data, context))
            """
        return try await page(WebPage(title: "Overdue", main: main, current: "overdue"), context, data: data)
    }

    private func completed(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let shown = min(max(Int(context.web.query["limit"] ?? "") ?? 200, 1), 5000)
        var query = TaskQuery(ownerID: identity.account.id)
        query.statuses = [.completed]
        query.sort = .created
        query.limit = 5000
        let all = try await domain.tasks.tasks(identity, matching: query)
            .sorted { ($0.task.completedAt ?? $0.task.updatedAt) > ($1.task.completedAt ?? $1.task.updatedAt) }
        let tasks = Array(all.prefix(shown))
        // TASK-10: a repeating task moved on to its next occurrence; the occurrences done show by their day.
        let occurrences = try await domain.tasks.completedOccurrences(identity, limit: shown)
        var byDay: [CivilDate: (tasks: [TaskView], occurrences: [(TaskCompletion, TaskItem)])] = [:]
        for view in tasks { byDay[data.time.date(of: view.task.completedAt ?? view.task.updatedAt), default: ([], [])].tasks.append(view) }
        for (completion, task) in occurrences {
            byDay[data.time.date(of: completion.completedAt), default: ([], [])].occurrences.append((completion, task))
        }
        let days = byDay.keys.sorted(by: >)
        let rows = try await data.rows(context, for: tasks)
        let groups = days.html { day in
            let entry = byDay[day]!
            let repeats: HTML =
                entry.occurrences.isEmpty
                ? ""
                : """
                <ul class="occurrences">\(entry.occurrences.html { completion, task in
                    """
                    <li><span aria-hidden="true">↻</span> <a href="/tasks/\(task.id)">\(task.title)</a> <span class="muted">· occurrence\(completion.due.map { " due \(data.time.dueWords($0, isCompleted: true).text)" } ?? ""), done \(data.time.time(of: completion.completedAt))</span></li>
                    """
                })</ul>
                """
            return """
                <section class="day-group" aria-labelledby="done-\(day.description)"><h2 id="done-\(day.description)">\(data.time.heading(day))</h2>\(entry.tasks.isEmpty ? "" : rows.list(entry.tasks))\(repeats)</section>
                """
        }
        let more: HTML =
            all.count > shown
            ? "<p><a class=\"button\" href=\"/completed?limit=\(shown * 2)\">Show older (\(all.count - shown) more)</a></p>" : ""
        let main: HTML = """
            <h1>Completed</h1>
            \(days.isEmpty ? HTML("<p class=\"empty-state\">Nothing completed yet. Tick a task off and it shows up here.</p>") : groups)
            \(more)
            """
        return try await page(WebPage(title: "Completed", main: main, current: "completed"), context, data: data)
    }

    private func trash(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let (lists, tasks) = try await domain.tasks.trash(identity)
        let csrf = csrfField(context)
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
        return try await page(WebPage(title: "Trash", main: main, current: "trash"), context)
    }

    /// The bar for acting on several selected tasks at once (docs/web-app.md, "Selecting several tasks").
    func selectionBar(_ data: TaskPageData, _ context: WebRequestContext) -> HTML {
        let listOptions = data.lists.filter { !$0.list.isArchived && $0.role >= .editor }.map(\.list).html { list in
            "<option value=\"\(list.id)\">\(list.name)</option>"
        }
        let labelOptions = data.labels.html { label in "<option value=\"\(label.id)\">\(label.name)</option>" }
        return """
            <p class="select-toggle"><a class="button" href="?select=1" data-action="select">Select</a></p>
            <form id="bulk" class="bulk-bar" method="post" action="/tasks/bulk" aria-label="Selected tasks" data-inplace>
            \(csrfField(context))<input type="hidden" name="back" value="\(context.web.path)">
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
