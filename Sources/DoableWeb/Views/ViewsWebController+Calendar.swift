import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// VIEW-2: month and week grids of tasks by due date, coloured by list. The script drags a task to another day;
/// the keyboard moves a focused task with Alt+arrows; without either, the task page changes the date.
extension ViewsWebController {
    func calendar(_ context: WebRequestContext) async throws -> Response {
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
        var byDay: [CivilDate: [CalendarEntry]] = [:]
        for view in try await tasks.tasks(identity, matching: query) {
            guard let due = view.task.due else { continue }
            byDay[time.day(of: due), default: []].append(CalendarEntry(view: view, occurrence: nil))
        }
        // Issue 29: a repeating task shows at each of its later occurrences in the range too (its next one is the
        // task itself, and can be moved; the ones after it are marked as repeats).
        var repeating = TaskQuery(ownerID: identity.account.id)
        repeating.repeatsOnly = true
        repeating.statuses = [.pending, .inProgress]
        repeating.dueTo = query.dueTo
        repeating.sort = .due
        repeating.limit = 1000
        for view in try await tasks.tasks(identity, matching: repeating) {
            for occurrence in Self.laterOccurrences(of: view.task, from: first, through: last, calendar: time.calendar) {
                byDay[time.day(of: occurrence), default: []].append(CalendarEntry(view: view, occurrence: occurrence))
            }
        }
        for day in byDay.keys { byDay[day]?.sort { $0.sortKey < $1.sortKey } }
        let view = CalendarPage(
            time: time, isWeek: isWeek, anchor: anchor, first: first, dayCount: dayCount, caption: caption,
            previous: previous, next: next, byDay: byDay, csrfToken: context.web.csrfToken)
        return try await page(view.page, context, data: data)
    }

    /// The occurrences of a repeating task after its current due date, from `first` through `last`, at most 62.
    static func laterOccurrences(of task: TaskItem, from first: CivilDate, through last: CivilDate, calendar: ZonedCalendar)
        -> [TaskDate]
    {
        guard let text = task.recurrence, let rule = try? RecurrenceRule(rrule: text), let due = task.due else { return [] }
        // Each step asks for the first occurrence after the previous one (or after the day before the range), which
        // skips straight to it, so a daily task due long ago costs no walk through the years between.
        var found: [TaskDate] = []
        var after = calendar.day(of: due) >= first ? due : TaskDate.day(first.adding(days: -1))
        while found.count < 62, let next = rule.next(after: after, from: due, in: calendar) {
            let day = calendar.day(of: next)
            if day > last { break }
            if day >= first { found.append(next) }
            after = next
        }
        return found
    }
}

/// One task on a calendar day: the task at its due date, or one of its later occurrences (`occurrence`).
struct CalendarEntry: Sendable {
    var view: TaskView
    var occurrence: TaskDate?

    /// When it is on its day, for the order within a day (untimed first).
    var date: TaskDate? { occurrence ?? view.task.due }
    var sortKey: Int64 {
        switch date {
        case .moment(let moment)?: moment.milliseconds
        default: Int64.min
        }
    }
}
