import DoableCore
import DoableDomain
import DoableArt

/// VIEW-2: the month or week grid, a cell a day with its tasks, and the way to the previous and next one.
struct CalendarPage {
    var time: MemberTime
    var isWeek: Bool
    /// The day the grid is about (its month, or its week).
    var anchor: CivilDate
    /// The first day of the grid, and how many days it shows.
    var first: CivilDate
    var dayCount: Int
    var caption: String
    var previous: CivilDate
    var next: CivilDate
    var byDay: [CivilDate: [TaskView]]
    /// The script posts moves with this token.
    var csrfToken: String

    var page: WebPage {
        let view = isWeek ? "week" : "month"
        let headerDays = (0..<7).html { offset -> HTML in
            let name = MemberTime.weekdayName(first.adding(days: offset))
            return "<th scope=\"col\"><abbr title=\"\(name)\">\(name.prefix(3))</abbr></th>"
        }
        let weeks = stride(from: 0, to: dayCount, by: 7).html { start -> HTML in
            let cells = (start..<start + 7).html { offset -> HTML in cell(first.adding(days: offset)) }
            return "<tr>\(cells)</tr>"
        }
        let main: HTML = """
            <div class="calendar-header">
            <h1>Calendar</h1>
            <nav class="calendar-nav" aria-label="Calendar">
            <a class="button" href="/calendar?view=\(view)&amp;date=\(previous.description)">Previous</a>
            <a class="button" href="/calendar?view=\(view)">Today</a>
            <a class="button" href="/calendar?view=\(view)&amp;date=\(next.description)">Next</a>
            <span class="segmented" role="group" aria-label="Show">\
            <a href="/calendar?view=month&amp;date=\(anchor.description)"\(isWeek ? "" : HTML(" aria-current=\"page\""))>Month</a>\
            <a href="/calendar?view=week&amp;date=\(anchor.description)"\(isWeek ? HTML(" aria-current=\"page\"") : "")>Week</a></span>
            </nav>
            </div>
            <p class="hint">Drag a task to another day, or focus it and press Alt with an arrow key to move it a day or a week.</p>
            <table class="calendar \(view)" data-csrf="\(csrfToken)">
            <caption>\(caption)</caption>
            <thead><tr>\(headerDays)</tr></thead>
            <tbody>\(weeks)</tbody>
            </table>
            \(isWeek ? "" : HTML("<p class=\"agenda-more\"><a class=\"button\" href=\"/calendar?view=month&amp;date=\(next.description)\">Show \(MemberTime.monthNames[next.month - 1]) \(String(next.year))</a></p>"))
            """
        var page = WebPage(title: "Calendar", main: main, current: "calendar")
        page.bodyClass = "wide"
        return page
    }

    private func cell(_ day: CivilDate) -> HTML {
        let tasks = byDay[day] ?? []
        var classes = ["cal-day"]
        if day == time.today { classes.append("is-today") }
        if day < time.today { classes.append("is-past") }
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
}
