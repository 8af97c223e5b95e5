public import DoableCore

/// TASK-1: what a new task is made from. Only the title is required; without a list (or a parent) the task goes
/// to the account's Inbox, after its last sibling.
public struct TaskDraft: Sendable, Equatable {
    public var title: String
    /// The list to put it in; nil for the parent's list, or the Inbox.
    public var listID: ListID?
    /// The task to make it a subtask of.
    public var parentID: TaskID?
    public var notes: String
    public var priority: TaskPriority
    public var due: TaskDate?
    public var start: TaskDate?
    public var labelIDs: [LabelID]
    public var estimatedMinutes: Int?
    public var category: TaskCategory?
    /// TASK-10: an RFC 5545 RRULE value (`FREQ=WEEKLY;BYDAY=MO`); needs a due or start date.
    public var recurrence: String?
    public var recurrenceBasis: RecurrenceBasis

    /// A draft with the given fields; the rest take the values a new task has.
    public init(
        title: String, listID: ListID? = nil, parentID: TaskID? = nil, notes: String = "",
        priority: TaskPriority = .none, due: TaskDate? = nil, start: TaskDate? = nil, labelIDs: [LabelID] = [],
        estimatedMinutes: Int? = nil, category: TaskCategory? = nil, recurrence: String? = nil,
        recurrenceBasis: RecurrenceBasis = .due
    ) {
        self.title = title
        self.listID = listID
        self.parentID = parentID
        self.notes = notes
        self.priority = priority
        self.due = due
        self.start = start
        self.labelIDs = labelIDs
        self.estimatedMinutes = estimatedMinutes
        self.category = category
        self.recurrence = recurrence
        self.recurrenceBasis = recurrenceBasis
    }
}
