/// INTEROP-5: the member's tasks as one CSV table (`GET /api/v1/me/export?format=csv`), one row per task, parents
/// before their subtasks as the export lists them. Dates are as the API writes them (a day or an RFC 3339 moment).
public enum TasksCSV {
    public static let header = [
        "id", "list", "parent id", "title", "notes", "status", "priority", "due", "start", "labels",
        "estimated minutes", "recurrence", "completed at", "created at",
    ]

    public static func document(tasks: [TaskItem], listNames: [ListID: String], labelNames: [LabelID: String])
        -> String
    {
        var writer = CSVWriter()
        writer.append(header)
        for task in tasks {
            writer.append([
                task.id.description, listNames[task.listID] ?? "", task.parentID?.description ?? "", task.title,
                task.notes, task.status.rawValue, task.priority.rawValue, task.due?.description ?? "",
                task.start?.description ?? "", task.labelIDs.compactMap { labelNames[$0] }.joined(separator: ", "),
                task.estimatedMinutes.map(String.init) ?? "", task.recurrence ?? "",
                task.completedAt?.description ?? "", task.createdAt.description,
            ])
        }
        return writer.text
    }
}
