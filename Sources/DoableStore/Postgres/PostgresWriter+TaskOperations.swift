import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes lists, tasks, labels, comments, history, completions and undo (LIST, TASK).
    func apply(_ operation: WriteBatch.TaskOperation, now: Timestamp) async throws {
        switch operation {
        case .putList(let list):
            try await put(
                "lists", id: list.id.description, version: list.version,
                values: PostgresRows.listValues(list))
        case .purgeList(let list):
            try await execute("DELETE FROM list_members WHERE list_id = \(list.id.uuid)")
            try await deleteCalendarCollection(list.id)
            try await delete("lists", id: list.id.uuid, version: list.version)
        case .putTask(let task):
            // The insert time is the batch's, whatever the task says (`taskInsertedAt`); updates leave it.
            var values = try PostgresRows.taskValues(task)
            if task.version == 1 { try values.set("inserted_at", now.milliseconds) }
            if task.version > 1 {
                // The row and its labels in one statement (`PostgresRowValues.updateTask`).
                let updated = try await fetch(values.updateTask(expectedVersion: task.version - 1, labels: task.labelIDs.map(\.uuid)))
                if updated.isEmpty { throw StoreError.versionConflict(entity: "tasks", id: task.id.description) }
                return
            }
            try await put("tasks", id: task.id.description, version: task.version, values: values)
            if !task.labelIDs.isEmpty {
                try await execute(
                    """
                    INSERT INTO task_labels (task_id, label_id)
                    SELECT \(task.id.uuid), unnest(\(task.labelIDs.map(\.uuid))) ON CONFLICT DO NOTHING
                    """)
            }
        case .purgeTask(let task):
            try await execute("DELETE FROM task_labels WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM comments WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM task_activity WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM reminders WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM task_completions WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM field_clocks WHERE entity_id = \(task.id.uuid)")
            try await deleteAttachments(taskID: task.id)
            try await deleteCalendarObject(task.id)
            try await delete("tasks", id: task.id.uuid, version: task.version)
        case .putLabel(let label):
            try await put(
                "labels", id: label.id.description, version: label.version,
                values: PostgresRows.labelValues(label))
        case .deleteLabel(let label):
            try await delete("labels", id: label.id.uuid, version: label.version)
        case .setTasksOwner(let listID, let ownerID):
            try await execute("UPDATE tasks SET owner_id = \(ownerID.uuid) WHERE list_id = \(listID.uuid)")
        case .putComment(let comment):
            var values = PostgresRowValues()
            try values.set("id", comment.id.uuid)
            try values.set("task_id", comment.taskID.uuid)
            try values.set("author_id", comment.authorID.uuid)
            try values.set("body", comment.body)
            try values.set("created_at", comment.createdAt.milliseconds)
            try values.set("updated_at", comment.updatedAt.milliseconds)
            try values.set("edited_at", comment.editedAt?.milliseconds)
            try values.set("version", comment.version)
            try await put("comments", id: comment.id.description, version: comment.version, values: values)
        case .deleteComment(let comment):
            try await delete("comments", id: comment.id.uuid, version: comment.version)
        case .addActivity(let entry):
            try await execute(
                """
                INSERT INTO task_activity (id, task_id, actor_id, action, fields, detail, at)
                VALUES (\(entry.id.uuid), \(entry.taskID.uuid), \(entry.actorID?.uuid), \(entry.action.rawValue),
                        \(entry.fields.joined(separator: ",")), \(entry.detail), \(entry.at.milliseconds))
                """)
        case .addCompletion(let completion):
            try await execute(
                """
                INSERT INTO task_completions (id, task_id, owner_id, actor_id, completed_at, due, start, recurrence,
                    next_due, reset_subtasks, local_day, on_time, age_seconds)
                VALUES (\(completion.id.uuid), \(completion.taskID.uuid), \(completion.ownerID.uuid),
                        \(completion.actorID?.uuid), \(completion.completedAt.milliseconds), \(completion.due?.description),
                        \(completion.start?.description), \(completion.recurrence), \(completion.nextDue?.description),
                        \(completion.resetSubtaskIDs.map(\.description).joined(separator: ",")),
                        \(completion.localDay?.description), \(completion.onTime), \(completion.ageSeconds))
                """)
        case .deleteCompletion(let completion):
            let deleted = try await fetch("DELETE FROM task_completions WHERE id = \(completion.id.uuid) RETURNING id")
            if deleted.isEmpty {
                throw StoreError.versionConflict(entity: "task_completions", id: completion.id.description)
            }
        case .shelveUndo(let shelved):
            try await execute(
                """
                DELETE FROM undo_shelf WHERE account_id = \(shelved.accountID.uuid) AND expires_at < \(now.milliseconds)
                """)
            try await execute(
                """
                INSERT INTO undo_shelf (id, account_id, steps, expires_at)
                VALUES (\(shelved.id), \(shelved.accountID.uuid), \(shelved.steps), \(shelved.expiresAt.milliseconds))
                """)
        case .takeUndo(let id):
            try await execute("DELETE FROM undo_shelf WHERE id = \(id)")
        }
    }
}
