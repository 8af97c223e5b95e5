import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes lists, tasks, labels, comments, history, completions and undo (LIST, TASK).
    func apply(_ operation: WriteBatch.TaskOperation, now: Timestamp) throws {
        switch operation {
        case .putList(let list):
            try put(
                SQLiteTable.lists, version: list.version, id: list.id.description,
                arguments: SQLiteRows.listArguments(list))
        case .purgeList(let list):
            try execute("DELETE FROM list_members WHERE list_id = ?", arguments: [list.id.description])
            try deleteCalendarCollection(list.id)
            try delete("lists", id: list.id.description, version: list.version)
        case .putTask(let task):
            // The insert time is the batch's, whatever the task says (`taskInsertedAt`); updates leave it.
            try put(
                SQLiteTable.tasks, version: task.version, id: task.id.description,
                arguments: SQLiteRows.taskArguments(task), insertOnly: [now.milliseconds])
            if task.version > 1 {
                try execute("DELETE FROM task_labels WHERE task_id = ?", arguments: [task.id.description])
            }
            for labelID in task.labelIDs {
                try execute(
                    "INSERT OR IGNORE INTO task_labels (task_id, label_id) VALUES (?, ?)",
                    arguments: [task.id.description, labelID.description])
            }
        case .purgeTask(let task):
            try execute("DELETE FROM task_labels WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM comments WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM task_activity WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM reminders WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM task_completions WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM field_clocks WHERE entity_id = ?", arguments: [task.id.description])
            try deleteAttachments(taskID: task.id)
            try deleteCalendarObject(task.id)
            try delete("tasks", id: task.id.description, version: task.version)
        case .putLabel(let label):
            try put(
                SQLiteTable.labels, version: label.version, id: label.id.description,
                arguments: [
                    label.id.description, label.ownerID.description, label.name, Rules.matchKey(label.name),
                    label.color, label.createdAt.milliseconds, label.updatedAt.milliseconds,
                    label.version,
                ])
        case .deleteLabel(let label):
            try delete("labels", id: label.id.description, version: label.version)
        case .setTasksOwner(let listID, let ownerID):
            try execute(
                "UPDATE tasks SET owner_id = ? WHERE list_id = ?",
                arguments: [ownerID.description, listID.description])
        case .putComment(let comment):
            try put(
                SQLiteTable.comments, version: comment.version, id: comment.id.description,
                arguments: [
                    comment.id.description, comment.taskID.description, comment.authorID.description, comment.body,
                    comment.createdAt.milliseconds, comment.updatedAt.milliseconds, comment.editedAt?.milliseconds,
                    comment.version,
                ])
        case .deleteComment(let comment):
            try delete("comments", id: comment.id.description, version: comment.version)
        case .addActivity(let entry):
            try execute(
                """
                INSERT INTO task_activity (id, task_id, actor_id, action, fields, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    entry.id.description, entry.taskID.description, entry.actorID?.description,
                    entry.action.rawValue, entry.fields.joined(separator: ","), entry.detail,
                    entry.at.milliseconds,
                ])
        case .addCompletion(let completion):
            try execute(
                """
                INSERT INTO task_completions (id, task_id, owner_id, actor_id, completed_at, due, start, recurrence,
                    next_due, reset_subtasks, local_day, on_time, age_seconds)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    completion.id.description, completion.taskID.description,
                    completion.ownerID.description, completion.actorID?.description,
                    completion.completedAt.milliseconds, completion.due?.description,
                    completion.start?.description, completion.recurrence, completion.nextDue?.description,
                    completion.resetSubtaskIDs.map(\.description).joined(separator: ","),
                    completion.localDay?.description, completion.onTime, completion.ageSeconds,
                ])
        case .deleteCompletion(let completion):
            try execute("DELETE FROM task_completions WHERE id = ?", arguments: [completion.id.description])
            if db.changesCount == 0 {
                throw StoreError.versionConflict(entity: "task_completions", id: completion.id.description)
            }
        case .shelveUndo(let shelved):
            try execute(
                "DELETE FROM undo_shelf WHERE account_id = ? AND expires_at < ?",
                arguments: [shelved.accountID.description, now.milliseconds])
            try execute(
                "INSERT INTO undo_shelf (id, account_id, steps, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    shelved.id, shelved.accountID.description, shelved.steps,
                    shelved.expiresAt.milliseconds,
                ])
        case .takeUndo(let id):
            try execute("DELETE FROM undo_shelf WHERE id = ?", arguments: [id])
        }
    }
}
