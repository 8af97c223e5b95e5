public import DoableAPI
public import DoableCore
public import DoableDomain

extension ImportReportDTO {
    public init(_ report: ImportReport) {
        self.init(
            listId: report.listID, listName: report.listName, listCreated: report.isNewList, dryRun: report.isDryRun,
            created: report.created, skipped: report.skipped.map(ImportSkipDTO.init),
            labelsCreated: report.labelsCreated, remindersCreated: report.remindersCreated,
            tasks: report.tasks.map(ImportedTaskDTO.init))
    }
}

extension ImportSkipDTO {
    public init(_ skip: ImportSkip) {
        var line: Int?
        var position: Int?
        switch skip.position {
        case .line(let number): line = number
        case .item(let number): position = number
        }
        self.init(
            line: line, position: position, title: skip.title, field: skip.field, reason: skip.reason)
    }
}

extension ImportedTaskDTO {
    public init(_ task: ImportedTaskPreview) {
        self.init(
            id: task.id, title: task.title, due: task.due, priority: task.priority, labels: task.labels,
            parentTitle: task.parentTitle, completed: task.isCompleted)
    }
}
