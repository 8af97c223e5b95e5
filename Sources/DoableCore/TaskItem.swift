import PublicInit

/// A task or a subtask (TASK-1..9). Named TaskItem so it never shadows Swift's `Task`.
@PublicInit
public struct TaskItem: Sendable, Equatable, Codable {
    public var id: TaskID
    public var ownerID: AccountID
    public var listID: ListID
    public var parentID: TaskID?
    public var title: String
    public var notes: String = ""
    public var status: TaskStatus = .pending
    public var priority: TaskPriority = .none
    public var due: TaskDate?
    public var start: TaskDate?
    public var estimatedMinutes: Int?
    public var category: TaskCategory?
    public var assigneeID: AccountID?
    public var labelIDs: [LabelID] = []
    public var completedAt: Timestamp?
    public var rank: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set while the task is in the trash.
    public var deletedAt: Timestamp?
    /// What the user deleted to put this task in the trash: the task itself, an ancestor, or its list.
    public var trashedWith: String?
    public var version: Int64 = 1
    /// TASK-10: an RFC 5545 RRULE value (`FREQ=WEEKLY;BYDAY=MO`), checked by `RecurrenceRule`; nil for none.
    public var recurrence: String?
    public var recurrenceBasis: RecurrenceBasis = .due

    /// TASK-3: its due moment passed while it was not completed.
    public func isOverdue(now: Timestamp = .now) -> Bool {
        guard status != .completed, let due else { return false }
        return due.passesAt <= now
    }
}

/// TASK-10: the next occurrence counts from the due date, or from the day the task was completed.
public enum RecurrenceBasis: String, Sendable, Codable, CaseIterable { case due, completion }

public enum TaskStatus: String, Sendable, Codable, CaseIterable { case pending, inProgress, completed }

public enum TaskPriority: String, Sendable, Codable, CaseIterable {
    case none, low, medium, high

    /// Higher means more urgent; used to sort.
    public var weight: Int {
        switch self {
        case .none: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        }
    }
}

public enum TaskCategory: String, Sendable, Codable, CaseIterable { case study, work, exercise, personal, other }

/// TASK-4: done and total over a task's whole subtree (the task itself not counted).
@PublicInit
public struct SubtaskProgress: Sendable, Equatable, Codable {
    public var done: Int
    public var total: Int
}
