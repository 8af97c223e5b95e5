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
        var byDay: [CivilDate: [TaskView]] = [:]
        for view in try await tasks.tasks(identity, matching: query) {
            guard let due = view.task.due else { continue }
            byDay[time.day(of: due), default: []].append(view)
        }
        let view = CalendarPage(
            time: time, isWeek: isWeek, anchor: anchor, first: first, dayCount: dayCount, caption: caption,
            previous: previous, next: next, byDay: byDay, csrfToken: context.web.csrfToken)
        return try await page(view.page, context, data: data)
    }
}
