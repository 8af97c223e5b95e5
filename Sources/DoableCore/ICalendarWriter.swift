import Foundation

/// Writes tasks as an RFC 5545 VCALENDAR of VTODOs (ACC-6 export, INTEROP-2 feeds). There is one VTODO writer,
/// `VTodoMapping.encode`; this builds its `TodoRecord`s from tasks.
public enum ICalendarWriter {
    public static func calendar(
        tasks: [TaskItem], labelNames: [LabelID: String], listNames: [ListID: String],
        reminders: [TaskID: [Reminder]] = [:]
    ) -> String {
        let todos = tasks.map { task in
            todoComponent(
                task, labelNames: labelNames, listName: listNames[task.listID],
                reminders: reminders[task.id] ?? [])
        }
        return ICalComponent(
            name: "VCALENDAR",
            properties: [
                ICalProperty(name: "VERSION", value: "2.0"), ICalProperty(name: "PRODID", value: VTodoMapping.productID),
            ], components: todos
        ).serialized()
    }

    /// The record Doable writes for a task: its UID is the task id and DTSTAMP its last change; `parentUID` names the
    /// parent as the client knows it (the parent's CalDAV UID, or its task id), `listName` is written as X-DOABLE-LIST
    /// (exports of several lists), and each reminder becomes an alarm. Labels the map does not name are left out.
    public static func record(
        for task: TaskItem, labelNames: [LabelID: String], parentUID: String?, listName: String?,
        reminders: [Reminder]
    ) -> TodoRecord {
        var record = TodoRecord(uid: task.id.description)
        record.summary = task.title
        record.description = task.notes
        record.due = task.due
        record.start = task.start
        record.priority = task.priority
        record.status = task.status
        record.completedAt = task.completedAt
        record.categories = task.labelIDs.compactMap { labelNames[$0] }
        record.parentUID = parentUID
        record.recurrence = task.recurrence
        record.recurrenceBasis = task.recurrenceBasis
        record.alarms = reminders.map(\.trigger)
        record.created = task.createdAt
        record.lastModified = task.updatedAt
        record.stamp = task.updatedAt
        record.estimatedMinutes = task.estimatedMinutes
        record.listName = listName
        return record
    }

    static func todoComponent(
        _ task: TaskItem, labelNames: [LabelID: String], listName: String?,
        reminders: [Reminder]
    ) -> ICalComponent {
        let record = record(
            for: task, labelNames: labelNames, parentUID: task.parentID?.description,
            listName: listName, reminders: reminders)
        return VTodoEncoder(record: record, preserved: nil, reader: nil).todo()
    }
}
