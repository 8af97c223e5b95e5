import DoableArt
import DoableCore
import DoableDomain

/// VIEW-2: the month grid (a cell a day), or the week as an hour grid (issue 29: an all-day row, then a row an hour
/// with each timed task in its hour), and the way to the previous and next one. A repeating task shows at each of
/// its occurrences in the range; only its next one (the task itself) can be dragged.
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
    var byDay: [CivilDate: [CalendarEntry]]
    /// The script posts moves with this token.
    var csrfToken: String

    var page: WebPage {
        let view = isWeek ? "week" : "month"
        let headerDays = (0..<7).html { offset -> HTML in
            let day = first.adding(days: offset)
            let name = MemberTime.weekdayName(day)
            let label: HTML =
                isWeek
                ? "<abbr title=\"\(time.longWords(day))\">\(name.prefix(3))</abbr> <span class=\"week-date\">\(day.day)</span>"
                : "<abbr title=\"\(name)\">\(name.prefix(3))</abbr>"
            return "<th scope=\"col\"\(day == time.today && isWeek ? HTML(" class=\"is-today\"") : "")>\(label)</th>"
        }
        let grid: HTML = isWeek ? weekGrid(headerDays) : monthGrid(headerDays)
        let hint =
            isWeek
            ? "Drag a task to another day or hour, or focus it and press Alt with an arrow key: left and right move it a day, up and down an hour."
            : "Drag a task to another day, or focus it and press Alt with an arrow key to move it a day or a week."
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
            <p class="hint">\(hint)</p>
            \(grid)
            \(isWeek ? "" : HTML("<p class=\"agenda-more\"><a class=\"button\" href=\"/calendar?view=month&amp;date=\(next.description)\" data-agenda-next=\"\(next.description)\">Show \(MemberTime.monthNames[next.month - 1]) \(String(next.year))</a></p>"))
            """
        var page = WebPage(title: "Calendar", main: main, current: "calendar")
        page.bodyClass = "wide"
        return page
    }

    private func monthGrid(_ headerDays: HTML) -> HTML {
        let weeks = stride(from: 0, to: dayCount, by: 7).html { start -> HTML in
            let cells = (start..<start + 7).html { offset -> HTML in
                let day = first.adding(days: offset)
                let entries = byDay[day] ?? []
                return cell(day, entries: entries, attributes: "", label: dayLabel(day, count: entries.count))
            }
            return "<tr>\(cells)</tr>"
        }
        return """
            <table class="calendar month" data-csrf="\(csrfToken)">
            <caption>\(caption)</caption>
            <thead><tr>\(headerDays)</tr></thead>
            <tbody>\(weeks)</tbody>
            </table>
            """
    }

    /// The week: the days and their all-day tasks as a head that stays in view, then 24 rows of an hour, in a frame
    /// that opens at 07:00 (`calendar.js`).
    private func weekGrid(_ headerDays: HTML) -> HTML {
        let days = (0..<7).map { first.adding(days: $0) }
        let allDay = days.html { day -> HTML in
            let entries = (byDay[day] ?? []).filter { $0.hour(in: time) == nil }
            return cell(day, entries: entries, attributes: " data-all-day", label: "\(dayLabel(day, count: entries.count)), all day")
        }
        let hours = (0..<24).html { hour -> HTML in
            let clock = hour < 10 ? "0\(hour):00" : "\(hour):00"
            let cells = days.html { day -> HTML in
                let entries = (byDay[day] ?? []).filter { $0.hour(in: time) == hour }
                let label = "\(time.longWords(day)) \(clock)\(entries.isEmpty ? "" : ", \(entries.count) \(entries.count == 1 ? "task" : "tasks")")"
                return cell(day, entries: entries, attributes: " data-hour=\"\(hour)\"", label: label)
            }
            return "<tr class=\"hour-row\" id=\"hour-\(hour)\"><th scope=\"row\" class=\"hour-label\">\(clock)</th>\(cells)</tr>"
        }
        return """
            <div class="week-frame" tabindex="0" role="group" aria-label="\(caption), by the hour">
            <table class="calendar week" data-csrf="\(csrfToken)">
            <caption>\(caption)</caption>
            <thead><tr><td class="hour-corner"></td>\(headerDays)</tr>
            <tr class="all-day-row"><th scope="row" class="hour-label">All day</th>\(allDay)</tr></thead>
            <tbody>\(hours)</tbody>
            </table></div>
            """
    }

    private func dayLabel(_ day: CivilDate, count: Int) -> String {
        "\(time.longWords(day))\(count == 0 ? "" : ", \(count) \(count == 1 ? "task" : "tasks")")"
    }

    private func cell(_ day: CivilDate, entries: [CalendarEntry], attributes: HTML, label: String) -> HTML {
        var classes = ["cal-day"]
        if day == time.today { classes.append("is-today") }
        if day < time.today { classes.append("is-past") }
        if !isWeek && day.month != anchor.month { classes.append("other-month") }
        let items = entries.html { entry in "<li>\(link(entry))</li>" }
        let number: HTML =
            isWeek ? "" : "<span class=\"day-number\"\(day == time.today ? HTML(" aria-current=\"date\"") : "")>\(day.day)</span>"
        return """
            <td class="\(classes.joined(separator: " "))" data-date="\(day.description)"\(attributes) aria-label="\(label)">\(number)\(entries.isEmpty ? "" : HTML("<ul class=\"cal-tasks\">\(items)</ul>"))</td>
            """
    }

    private func link(_ entry: CalendarEntry) -> HTML {
        let task = entry.view.task
        let timeText: HTML = {
            if case .moment(let moment)? = entry.date { return "<span class=\"cal-time\">\(time.time(of: moment))</span> " }
            return ""
        }()
        var classes = "cal-task lc-\(task.listID)"
        if task.status == .completed { classes += " is-completed" }
        guard entry.occurrence == nil else {
            // A later occurrence: it opens the task, and is not itself a thing to move.
            return """
                <a class="\(classes) is-occurrence" href="/tasks/\(task.id)">\(timeText)\(Icon.repeats.html)<span class="visually-hidden">Repeats: </span>\(task.title)</a>
                """
        }
        if task.isOverdue(now: time.now) { classes += " is-overdue" }
        let minute: HTML = {
            if case .moment(let moment)? = task.due { return " data-time=\"\(time.time(of: moment))\"" }
            return ""
        }()
        let repeats: HTML = task.recurrence == nil ? "" : Icon.repeats.html
        return """
            <a class="\(classes)" data-task-id="\(task.id)" data-version="\(task.version)"\(minute) draggable="true" href="/tasks/\(task.id)">\(timeText)\(repeats)\(task.title)</a>
            """
    }
}

extension CalendarEntry {
    /// The hour of the day it is at, in the member's zone; nil for a whole-day one.
    func hour(in time: MemberTime) -> Int? {
        guard case .moment(let moment)? = date else { return nil }
        return time.calendar.wallTime(of: moment).hour
    }
}
