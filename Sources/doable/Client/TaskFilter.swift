import DoableAPI
import DoableContractMapping
import DoableClient
import DoableCore

/// Which tasks of the replica a listing shows: the API's `GET /tasks` filters, applied on the device.
struct TaskFilter {
    var listID: ListID?
    /// Tasks that carry every one of these labels.
    var labelIDs: [LabelID] = []
    /// Empty means every status.
    var statuses: Set<TaskStatus> = [.pending, .inProgress]
    var priorities: Set<TaskPriority> = []
    var dueFrom: TaskDate?
    var dueTo: TaskDate?
    /// Words that must all appear in the title or notes.
    var words: [String] = []
    /// The member's calendar, which decides the local day of a due date.
    var calendar: ZonedCalendar

    init(calendar: ZonedCalendar) { self.calendar = calendar }

    /// The search words of `text`: letters and digits, case folded as the server folds names.
    static func words(_ text: String) -> [String] {
        Rules.matchKey(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    func matches(_ task: TaskRecord) -> Bool {
        if let listID, task.listId != listID { return false }
        if !labelIDs.allSatisfy(task.labelIds.contains) { return false }
        if !statuses.isEmpty && !statuses.contains(task.status) { return false }
        if !priorities.isEmpty && !priorities.contains(task.priority) { return false }
        if dueFrom != nil || dueTo != nil {
            guard let due = task.due else { return false }
            if let dueFrom, !isOnOrAfter(due, dueFrom) { return false }
            if let dueTo, !isOnOrBefore(due, dueTo) { return false }
        }
        if !words.isEmpty {
            let text = Rules.matchKey(task.title) + "\n" + Rules.matchKey(task.notes)
            guard words.allSatisfy(text.contains) else { return false }
        }
        return true
    }

    /// A day bound compares local days; a moment bound compares moments (a whole-day date by its local start).
    private func isOnOrAfter(_ due: TaskDate, _ bound: TaskDate) -> Bool {
        switch bound {
        case .day(let day): localDay(due) >= day
        case .moment(let moment): localMoment(due) >= moment
        }
    }

    private func isOnOrBefore(_ due: TaskDate, _ bound: TaskDate) -> Bool {
        switch bound {
        case .day(let day): localDay(due) <= day
        case .moment(let moment): localMoment(due) <= moment
        }
    }

    private func localDay(_ date: TaskDate) -> CivilDate {
        switch date {
        case .day(let day): day
        case .moment(let moment): calendar.day(of: moment)
        }
    }

    private func localMoment(_ date: TaskDate) -> Timestamp {
        switch date {
        case .day(let day): calendar.moment(on: day, hour: 0, minute: 0)
        case .moment(let moment): moment
        }
    }
}
