public import DoableCore

/// INTEROP-5: what an import made (201) or would make (200, a dry run).
public struct ImportReportDTO: Codable, Sendable {
    /// Null in a dry run that would make a new list.
    @Nullable public var listId: ListID?
    public let listName: String
    public let listCreated: Bool
    public let dryRun: Bool
    public let created: Int
    public let skipped: [ImportSkipDTO]
    public let labelsCreated: [String]
    public let remindersCreated: Int
    public let tasks: [ImportedTaskDTO]

    public init(
        listId: ListID?, listName: String, listCreated: Bool, dryRun: Bool, created: Int, skipped: [ImportSkipDTO], labelsCreated: [String],
        remindersCreated: Int, tasks: [ImportedTaskDTO]
    ) {
        self.listId = listId
        self.listName = listName
        self.listCreated = listCreated
        self.dryRun = dryRun
        self.created = created
        self.skipped = skipped
        self.labelsCreated = labelsCreated
        self.remindersCreated = remindersCreated
        self.tasks = tasks
    }

}

/// An item left out (`field` null) or a field dropped from an imported task; `line` for CSV, `position` (1-based,
/// among the file's tasks) for JSON and iCalendar.
public struct ImportSkipDTO: Codable, Sendable {
    @Nullable public var line: Int?
    @Nullable public var position: Int?
    public let title: String
    @Nullable public var field: String?
    public let reason: String

    public init(
        line: Int?, position: Int?, title: String, field: String?, reason: String
    ) {
        self.line = line
        self.position = position
        self.title = title
        self.field = field
        self.reason = reason
    }

}

public struct ImportedTaskDTO: Codable, Sendable {
    /// Null in a dry run.
    @Nullable public var id: TaskID?
    public let title: String
    @Nullable public var due: TaskDate?
    public let priority: TaskPriority
    public let labels: [String]
    @Nullable public var parentTitle: String?
    public let completed: Bool

    public init(
        id: TaskID?, title: String, due: TaskDate?, priority: TaskPriority, labels: [String], parentTitle: String?, completed: Bool
    ) {
        self.id = id
        self.title = title
        self.due = due
        self.priority = priority
        self.labels = labels
        self.parentTitle = parentTitle
        self.completed = completed
    }

}
