import DoableCore
import Foundation
import GRDB

/// Reads and writes the base tables: the state at the last pulled cursor. Only pulls write them.
enum BaseTables {
    static func load(_ db: Database) throws -> ReplicaState {
        let decoder = JSONDecoder()
        func all<T: Decodable>(_ table: String, as type: T.Type) throws -> [T] {
            try String.fetchAll(db, sql: "SELECT json FROM \(table)").map {
                try decoder.decode(T.self, from: Data($0.utf8))
            }
        }
        var state = ReplicaState()
        state.account = try all("account", as: AccountRecord.self).first
        for list in try all("lists", as: ListRecord.self) { state.lists[list.id] = list }
        for task in try all("tasks", as: TaskRecord.self) { state.tasks[task.id] = task }
        for label in try all("labels", as: LabelRecord.self) { state.labels[label.id] = label }
        for reminder in try all("reminders", as: ReminderRecord.self) { state.reminders[reminder.id] = reminder }
        return state
    }

    static func clear(_ db: Database) throws {
        for table in ReplicaSchema.baseTables { try db.execute(sql: "DELETE FROM \(table)") }
    }

    static func put(_ db: Database, account: AccountRecord) throws {
        try db.execute(sql: "DELETE FROM account")
        try db.execute(sql: "INSERT INTO account (id, json) VALUES (?, ?)",
                       arguments: [account.id.description, try json(account)])
    }

    static func put(_ db: Database, list: ListRecord) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO lists (id, json) VALUES (?, ?)",
                       arguments: [list.id.description, try json(list)])
    }

    static func put(_ db: Database, task: TaskRecord) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO tasks (id, list_id, parent_id, json) VALUES (?, ?, ?, ?)",
                       arguments: [task.id.description, task.listId.description, task.parentId?.description,
                                   try json(task)])
    }

    static func put(_ db: Database, label: LabelRecord) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO labels (id, json) VALUES (?, ?)",
                       arguments: [label.id.description, try json(label)])
    }

    static func put(_ db: Database, reminder: ReminderRecord) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO reminders (id, task_id, json) VALUES (?, ?, ?)",
                       arguments: [reminder.id.description, reminder.taskId.description, try json(reminder)])
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
        let doomed = try String.fetchAll(db, sql: """
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
            if task.labelIds.count != before { try put(db, task: task) }
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
