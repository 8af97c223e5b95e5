public import DoableCore
import PublicInit

/// TASK-1: what a new task is made from. Only the title is required; without a list (or a parent) the task goes
/// to the account's Inbox, after its last sibling.
@PublicInit
public struct TaskDraft: Sendable, Equatable {
    public var title: String
    /// The list to put it in; nil for the parent's list, or the Inbox.
    public var listID: ListID?
    /// The task to make it a subtask of.
    public var parentID: TaskID?
    public var notes: String = ""
    public var priority: TaskPriority = .none
    public var due: TaskDate?
    public var start: TaskDate?
    public var labelIDs: [LabelID] = []
    public var estimatedMinutes: Int?
    public var category: TaskCategory?
    /// TASK-10: an RFC 5545 RRULE value (`FREQ=WEEKLY;BYDAY=MO`); needs a due or start date.
    public var recurrence: String?
    public var recurrenceBasis: RecurrenceBasis = .due

}
