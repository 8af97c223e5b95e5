import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableArt

/// VIEW-2: month and week grids of tasks by due date, coloured by list. The script drags a task to another day;
/// the keyboard moves a focused task with Alt+arrows; without either, the task page changes the date.
extension WebController {
    func addCalendarRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("calendar") { _, context in try await calendar(context) }
    }

    private func calendar(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let time = data.time
        let isWeek = context.web.query["view"] == "week"
        let anchor = context.web.query["date"].flatMap(CivilDate.init) ?? time.today
        let first: CivilDate
        let dayCount: Int
        let caption: String
        let previous: CivilDate
        let next: CivilDate
        if isWeek {
            first = time.weekStart(of: anchor)
            dayCount = 7
            let last = first.adding(days: 6)
            caption =
                "Week of \(first.day) \(MemberTime.monthNames[first.month - 1]) – \(last.day) \(MemberTime.monthNames[last.month - 1]) \(last.year)"
            previous = anchor.adding(days: -7)
            next = anchor.adding(days: 7)
        } else {
            let monthStart = CivilDate(year: anchor.year, month: anchor.month, day: 1)!
            first = time.weekStart(of: monthStart)
            let monthEnd = monthStart.adding(days: CivilDate.daysIn(month: anchor.month, year: anchor.year) - 1)
            let weeks = (monthEnd.daysSinceEpoch - first.daysSinceEpoch) / 7 + 1
            dayCount = weeks * 7
            caption = "\(MemberTime.monthNames[anchor.month - 1]) \(anchor.year)"
            previous = monthStart.adding(days: -1)
            next = monthEnd.adding(days: 1)
        }
        let last = first.adding(days: dayCount - 1)
        var query = TaskQuery(ownerID: identity.account.id)
        let startMoment = time.moment(on: first, at: "00:00") ?? first.startTimestamp
        let endMoment = time.moment(on: last.adding(days: 1), at: "00:00") ?? last.adding(days: 1).startTimestamp
        query.dueFrom = min(startMoment, first.startTimestamp)
        query.dueTo = max(endMoment, last.adding(days: 1).startTimestamp)
        query.sort = .due
        query.limit = 5000
        var byDay: [CivilDate: [TaskView]] = [:]
        for view in try await domain.tasks.tasks(identity, matching: query) {
            guard let due = view.task.due else { continue }
            byDay[time.day(of: due), default: []].append(view)
        }
        let view = isWeek ? "week" : "month"
        let headerDays = (0..<7).html { offset -> HTML in
            let name = MemberTime.weekdayName(first.adding(days: offset))
            return "<th scope=\"col\"><abbr title=\"\(name)\">\(name.prefix(3))</abbr></th>"
        }
        let weeks = stride(from: 0, to: dayCount, by: 7).html { start -> HTML in
            let cells = (start..<start + 7).html { offset -> HTML in
                let day = first.adding(days: offset)
                let tasks = byDay[day] ?? []
                var classes = ["cal-day"]
                if day == time.today { classes.append("is-today") }
                if !isWeek && day.month != anchor.month { classes.append("other-month") }
                let items = tasks.html { item -> HTML in
                    let task = item.task
                    let timeText: HTML = {
                        if case .moment(let moment)? = task.due { return "<span class=\"cal-time\">\(time.time(of: moment))</span> " }
                        return ""
                    }()
                    return """
                        <li><a class="cal-task lc-\(task.listID)\(task.status == .completed ? " is-completed" : "")\(task.isOverdue(now: time.now) ? " is-overdue" : "")" data-task-id="\(task.id)" data-version="\(task.version)" draggable="true" href="/tasks/\(task.id)">\(timeText)\(task.title)</a></li>
                        """
                }
                return """
                    <td class="\(classes.joined(separator: " "))" data-date="\(day.description)" aria-label="\(time.longWords(day))\(tasks.isEmpty ? "" : ", \(tasks.count) \(tasks.count == 1 ? "task" : "tasks")")"><span class="day-number"\(day == time.today ? HTML(" aria-current=\"date\"") : "")>\(day.day)</span>\(tasks.isEmpty ? "" : HTML("<ul class=\"cal-tasks\">\(items)</ul>"))</td>
                    """
            }
            return "<tr>\(cells)</tr>"
        }
        let main: HTML = """
            <div class="calendar-header">
            <h1>Calendar</h1>
            <nav class="calendar-nav" aria-label="Calendar">
            <a class="button" href="/calendar?view=\(view)&amp;date=\(previous.description)">Previous</a>
            <a class="button" href="/calendar?view=\(view)">Today</a>
            <a class="button" href="/calendar?view=\(view)&amp;date=\(next.description)">Next</a>
            <a class="button" href="/calendar?view=month&amp;date=\(anchor.description)"\(isWeek ? "" : HTML(" aria-current=\"page\""))>Month</a>
            <a class="button" href="/calendar?view=week&amp;date=\(anchor.description)"\(isWeek ? HTML(" aria-current=\"page\"") : "")>Week</a>
            </nav>
            </div>
            <p class="hint">Drag a task to another day, or focus it and press Alt with an arrow key to move it a day or a week.</p>
            <table class="calendar \(view)" data-csrf="\(context.web.csrfToken)">
            <caption>\(caption)</caption>
            <thead><tr>\(headerDays)</tr></thead>
            <tbody>\(weeks)</tbody>
            </table>
            """
        var page = WebPage(title: "Calendar", main: main, current: "calendar")
        page.bodyClass = "wide"
        return try await self.page(page, context, data: data)
    }
}
