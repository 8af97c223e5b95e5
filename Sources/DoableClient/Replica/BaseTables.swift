import DoableAPI
import DoableCore
import Foundation
import GRDB

/// Reads and writes the base tables: the state at the last pulled cursor. Only pulls write them.
enum BaseTables {
    static func load(_ db: Database) throws -> ReplicaState {
        var state = ReplicaState()
        state.account = try all(db, "account", as: AccountRecord.self).first
        for list in try all(db, "lists", as: ListRecord.self) { state.lists[list.id] = list }
        let tasks = try all(db, "tasks", as: TaskRecord.self)
        state.tasks.reserveCapacity(tasks.count)
        for task in tasks { state.tasks[task.id] = task }
        for label in try all(db, "labels", as: LabelRecord.self) { state.labels[label.id] = label }
        for reminder in try all(db, "reminders", as: ReminderRecord.self) { state.reminders[reminder.id] = reminder }
        return state
    }

    /// The records stored in `table`.
    static func all<T: Decodable>(_ db: Database, _ table: String, as type: T.Type) throws -> [T] {
        let decoder = JSONDecoder()
        return try String.fetchAll(db, sql: "SELECT json FROM \(table)").map {
            try decoder.decode(T.self, from: Data($0.utf8))
        }
    }

    static func clear(_ db: Database) throws {
        for table in ReplicaSchema.baseTables { try db.execute(sql: "DELETE FROM \(table)") }
    }

    /// Writes one page's records: one encoder for them all, and statements prepared once per connection.
    struct Writer {
        let db: Database
        private let encoder: JSONEncoder

        init(_ db: Database) {
            self.db = db
            encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
        }

        private func json(_ value: some Encodable) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }

        func put(_ account: AccountRecord) throws {
            try db.execute(sql: "DELETE FROM account")
            try db.cachedStatement(sql: "INSERT INTO account (id, json) VALUES (?, ?)")
                .execute(arguments: [account.id.description, try json(account)])
        }

        func put(_ list: ListRecord) throws {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO lists (id, json) VALUES (?, ?)")
                .execute(arguments: [list.id.description, try json(list)])
        }

        func put(_ task: TaskRecord) throws {
            let sql = "INSERT OR REPLACE INTO tasks (id, list_id, parent_id, json, open_due_key) VALUES (?, ?, ?, ?, ?)"
            try db.cachedStatement(sql: sql).execute(arguments: [
                task.id.description, task.listId.description, task.parentId?.description, try json(task),
                ReplicaSchema.openDueKey(task),
            ])
        }

        func put(_ label: LabelRecord) throws {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO labels (id, json) VALUES (?, ?)")
                .execute(arguments: [label.id.description, try json(label)])
        }

        func put(_ reminder: ReminderRecord) throws {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO reminders (id, task_id, json) VALUES (?, ?, ?)")
                .execute(arguments: [reminder.id.description, reminder.taskId.description, try json(reminder)])
        }
    }

    /// Removes what the server says is gone. A list takes its tasks and their reminders with it; a task its
    /// subtasks and reminders; a label is taken off every task.
    static func remove(_ db: Database, _ gone: DeletedEntity) throws {
        let id = gone.id.lowercased()
        switch gone.entity {
        case "list":
            let taskIDs = try String.fetchAll(db, sql: "SELECT id FROM tasks WHERE list_id = ?", arguments: [id])
            for taskID in taskIDs { try removeTask(db, taskID) }
            try db.execute(sql: "DELETE FROM lists WHERE id = ?", arguments: [id])
        case "task":
            try removeTask(db, id)
        case "label":
            try db.execute(sql: "DELETE FROM labels WHERE id = ?", arguments: [id])
            try removeLabelFromTasks(db, id)
        case "reminder":
            try db.execute(sql: "DELETE FROM reminders WHERE id = ?", arguments: [id])
        case "account":
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id])
        default:
            break
        }
    }

    private static func removeTask(_ db: Database, _ id: String) throws {
        let doomed = try String.fetchAll(
            db,
            sql: """
                WITH RECURSIVE doomed(id) AS (
                    SELECT ? UNION SELECT tasks.id FROM tasks JOIN doomed ON tasks.parent_id = doomed.id)
                SELECT id FROM doomed
                """, arguments: [id])
        for taskID in doomed {
            try db.execute(sql: "DELETE FROM reminders WHERE task_id = ?", arguments: [taskID])
            try db.execute(sql: "DELETE FROM tasks WHERE id = ?", arguments: [taskID])
        }
    }

    private static func removeLabelFromTasks(_ db: Database, _ labelID: String) throws {
        let pattern = "%\(labelID)%"
        let rows = try String.fetchAll(db, sql: "SELECT json FROM tasks WHERE json LIKE ?", arguments: [pattern])
        for row in rows {
            var task = try JSONDecoder().decode(TaskRecord.self, from: Data(row.utf8))
            let before = task.labelIds.count
            task.labelIds.removeAll { $0.description == labelID }
            if task.labelIds.count != before { try Writer(db).put(task) }
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
