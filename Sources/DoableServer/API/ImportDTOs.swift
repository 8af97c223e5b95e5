import DoableCore
import DoableDomain

/// INTEROP-5: what an import made (201) or would make (200, a dry run).
struct ImportReportDTO: Encodable, Sendable {
    /// Null in a dry run that would make a new list.
    @Nullable var listId: ListID?
    let listName: String
    let listCreated: Bool
    let dryRun: Bool
    let created: Int
    let skipped: [ImportSkipDTO]
    let labelsCreated: [String]
    let remindersCreated: Int
    let tasks: [ImportedTaskDTO]

    init(_ report: ImportReport) {
        listId = report.listID
        listName = report.listName
        listCreated = report.isNewList
        dryRun = report.isDryRun
        created = report.created
        skipped = report.skipped.map(ImportSkipDTO.init)
        labelsCreated = report.labelsCreated
        remindersCreated = report.remindersCreated
        tasks = report.tasks.map(ImportedTaskDTO.init)
    }
}

/// An item left out (`field` null) or a field dropped from an imported task; `line` for CSV, `position` (1-based,
/// among the file's tasks) for JSON and iCalendar.
struct ImportSkipDTO: Encodable, Sendable {
    @Nullable var line: Int?
    @Nullable var position: Int?
    let title: String
    @Nullable var field: String?
    let reason: String

    init(_ skip: ImportSkip) {
        switch skip.position {
        case .line(let line): self.line = line
        case .item(let position): self.position = position
        }
        title = skip.title
        field = skip.field
        reason = skip.reason
    }
}

struct ImportedTaskDTO: Encodable, Sendable {
    /// Null in a dry run.
    @Nullable var id: TaskID?
    let title: String
    @Nullable var due: TaskDate?
    let priority: TaskPriority
    let labels: [String]
    @Nullable var parentTitle: String?
    let completed: Bool

    init(_ task: ImportedTaskPreview) {
        id = task.id
        title = task.title
        due = task.due
        priority = task.priority
        labels = task.labels
        parentTitle = task.parentTitle
        completed = task.isCompleted
    }
}
