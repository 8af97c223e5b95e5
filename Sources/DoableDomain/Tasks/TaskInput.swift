public import DoableCore
import PublicInit

/// TASK-1 and TASK-2: the fields of a new task or a task edit. nil leaves a field as it is; `.some(nil)` clears it.
@dynamicMemberLookup
public struct TaskInput: Sendable {
    /// SYNC-1: the id a device made for a new task; nil to have one made here.
    public var id: TaskID?
    /// SYNC: the place a device chose among its siblings (a `RankKey`); nil to append.
    public var rank: String?
    /// The fields a member edits (title, notes, status, priority, dates, labels, estimate, category, assignee,
    /// recurrence — TASK-10: an RRULE value, or `.some(nil)` to stop repeating), read and set as `input.title`.
    public var edit = TaskEdit()
    public var listID: ListID?
    public var parentID: TaskID??
    /// Set by Undo (TASK-8): the values put back are the task's own earlier ones, so a due date that has passed
    /// meanwhile is allowed, as it is for import and sync replay (TASK-2).
    public var isRestoringPreviousValues = false
    /// TASK-2: the moments data from elsewhere (CalDAV, import) carries: when it was made and when it was completed,
    /// kept as they came (with `isRestoringPreviousValues`; ignored for edits through the app).
    public var createdAt: Timestamp?
    public var completedAt: Timestamp?
    /// INTEROP-1: the CalDAV resource this write came from, stored with the task in the same transaction.
    public var calendarResource: CalendarResource?

    public init(title: String? = nil) { self.edit.title = title }

    public subscript<Value>(dynamicMember field: WritableKeyPath<TaskEdit, Value>) -> Value {
        get { edit[keyPath: field] }
        set { edit[keyPath: field] = newValue }
    }
}

/// TASK-5: where a task goes: a list, a parent (`.some(nil)` for the top level) and a neighbour.
public struct TaskPlacement: Sendable {
    public var listID: ListID?
    public var parentID: TaskID??
    public var beforeID: TaskID?
    public var afterID: TaskID?
    /// SYNC: the rank a device chose (a `RankKey`), instead of a neighbour.
    public var rank: String?
    public init(
        listID: ListID? = nil, parentID: TaskID?? = nil, beforeID: TaskID? = nil, afterID: TaskID? = nil,
        rank: String? = nil
    ) {
        self.rank = rank
        self.listID = listID
        self.parentID = parentID
        self.beforeID = beforeID
        self.afterID = afterID
    }
}

/// A task as the caller sees it, with the progress of its subtree.
public struct TaskView: Sendable {
    public var task: TaskItem
    public var progress: SubtaskProgress
    /// QR-01: set by `completeTask` when completing earned a reward (the game is on).
    public var reward: GameReaction?

    public init(task: TaskItem, progress: SubtaskProgress) {
        self.task = task
        self.progress = progress
    }
}

/// INTEROP-1: a client's calendar object resource as it arrived with a PUT.
@PublicInit
public struct CalendarResource: Sendable {
    public var name: String
    public var uid: String
    /// The text exactly as sent.
    public var body: String
    /// The body decoded (what the task was set from).
    public var record: TodoRecord
    /// RELATED-TO named a parent not (yet) in the calendar.
    public var pendingParentUID: String?
    /// A trashed task that held the name before: its object row goes, so the name is the new task's.
    public var replacing: TaskID?
}
