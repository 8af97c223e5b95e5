public import DoableCore
import PublicInit

/// INTEROP-5: what an import made (201) or would make (200, a dry run).
@PublicInit
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
}

/// An item left out (`field` null) or a field dropped from an imported task; `line` for CSV, `position` (1-based,
/// among the file's tasks) for JSON and iCalendar.
@PublicInit
public struct ImportSkipDTO: Codable, Sendable {
    @Nullable public var line: Int?
    @Nullable public var position: Int?
    public let title: String
    @Nullable public var field: String?
    public let reason: String
}

@PublicInit
public struct ImportedTaskDTO: Codable, Sendable {
    /// Null in a dry run.
    @Nullable public var id: TaskID?
    public let title: String
    @Nullable public var due: TaskDate?
    public let priority: TaskPriority
    public let labels: [String]
    @Nullable public var parentTitle: String?
    public let completed: Bool
}
