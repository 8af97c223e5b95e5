/// A VTODO in Doable's terms: what the mapping reads from a client's object and writes for a task.
public struct TodoRecord: Sendable, Equatable {
    public var uid: String
    public var summary: String = ""
    public var description: String = ""
    public var due: TaskDate?
    public var start: TaskDate?
    public var priority: TaskPriority = .none
    public var status: TaskStatus = .pending
    public var completedAt: Timestamp?
    /// PERCENT-COMPLETE as the client sent it (0–100); the writer puts 100 for completed tasks.
    public var percentComplete: Int?
    /// CATEGORIES, unescaped, in order, without duplicates (labels by name).
    public var categories: [String] = []
    /// The UID of the parent: the first RELATED-TO whose RELTYPE is PARENT or absent.
    public var parentUID: String?
    /// The RRULE value as written (Doable validates it with `RecurrenceRule`).
    public var recurrence: String?
    /// EXDATE values, as whole days or moments (skipped occurrences).
    public var exceptionDates: [TaskDate] = []
    /// Every VALARM that maps to a reminder: a moment, or an offset from DUE (`RELATED=END`) or DTSTART.
    public var alarms: [Reminder.Trigger] = []
    public var created: Timestamp?
    public var lastModified: Timestamp?
    public var stamp: Timestamp?
    public var sequence: Int?
    /// X-DOABLE-ESTIMATED-MINUTES, and Doable's own extras written for exports.
    public var estimatedMinutes: Int?
    public var recurrenceBasis: RecurrenceBasis = .due
    /// X-DOABLE-LIST: the list's name in an export of several lists (import puts the task in that list).
    public var listName: String?

    public init(uid: String) { self.uid = uid }
}
