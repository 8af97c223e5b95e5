/// TASK-2: the fields of a task a member edits. `nil` leaves a field as it is; for a field that can be empty,
/// `.some(nil)` clears it. The domain's `TaskInput` carries one (with what only the server or an import sets: ids,
/// placement, restored timestamps) and the client sends one (`TaskFields`), so the two name the same fields.
public struct TaskEdit: Sendable, Equatable {
    public var title: String?
    public var notes: String?
    public var status: TaskStatus?
    public var priority: TaskPriority?
    public var due: TaskDate??
    public var start: TaskDate??
    /// The labels the task has afterwards (the whole set).
    public var labelIDs: [LabelID]?
    public var estimatedMinutes: Int??
    public var category: TaskCategory??
    public var assigneeID: AccountID??
    public var recurrence: String??
    public var recurrenceBasis: RecurrenceBasis?

    /// The changes given; every other field stays as it is.
    public init(
        title: String? = nil, notes: String? = nil, status: TaskStatus? = nil, priority: TaskPriority? = nil,
        due: TaskDate?? = nil, start: TaskDate?? = nil, labelIDs: [LabelID]? = nil,
        estimatedMinutes: Int?? = nil, category: TaskCategory?? = nil, assigneeID: AccountID?? = nil,
        recurrence: String?? = nil, recurrenceBasis: RecurrenceBasis? = nil
    ) {
        self.title = title
        self.notes = notes
        self.status = status
        self.priority = priority
        self.due = due
        self.start = start
        self.labelIDs = labelIDs
        self.estimatedMinutes = estimatedMinutes
        self.category = category
        self.assigneeID = assigneeID
        self.recurrence = recurrence
        self.recurrenceBasis = recurrenceBasis
    }

    /// Whether no field is set.
    public var isEmpty: Bool { self == TaskEdit() }
}
