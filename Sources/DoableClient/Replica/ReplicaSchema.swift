import DoableAPI
import DoableCore
import Foundation
import GRDB

/// The replica's tables. Each entity is kept as the JSON the server sent (so fields this client does not know
/// survive), beside the columns it is looked up by.
enum ReplicaSchema {
    /// Every table, in an order that can be emptied one by one.
    static let allTables = ["outbox", "rejections", "reminders", "tasks", "labels", "lists", "account", "meta"]
    /// The tables that hold the state at the last pulled cursor.
    static let baseTables = ["reminders", "tasks", "labels", "lists", "account"]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                    CREATE TABLE account (id TEXT PRIMARY KEY NOT NULL, json TEXT NOT NULL);
                    CREATE TABLE lists (id TEXT PRIMARY KEY NOT NULL, json TEXT NOT NULL);
                    CREATE TABLE tasks (
                        id TEXT PRIMARY KEY NOT NULL, list_id TEXT NOT NULL, parent_id TEXT, json TEXT NOT NULL);
                    CREATE INDEX tasks_by_list ON tasks (list_id);
                    CREATE INDEX tasks_by_parent ON tasks (parent_id);
                    CREATE TABLE labels (id TEXT PRIMARY KEY NOT NULL, json TEXT NOT NULL);
                    CREATE TABLE reminders (id TEXT PRIMARY KEY NOT NULL, task_id TEXT NOT NULL, json TEXT NOT NULL);
                    CREATE INDEX reminders_by_task ON reminders (task_id);
                    CREATE TABLE outbox (
                        id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, hlc TEXT NOT NULL, args TEXT NOT NULL,
                        entity_id TEXT, created_at TEXT NOT NULL);
                    CREATE TABLE rejections (
                        mutation_id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, entity_id TEXT,
                        code TEXT NOT NULL, field TEXT, message TEXT NOT NULL, at TEXT NOT NULL);
                    """)
        }
        migrator.registerMigration("v2-open-due") { db in
            // Issue 32, item 8: what `doable today` reads, found without decoding every task (`openDueKey`).
            // Filled here for the tasks already stored, in the migration's one transaction.
            try db.execute(
                sql: """
                    ALTER TABLE tasks ADD COLUMN open_due_key INTEGER;
                    CREATE INDEX tasks_open_due ON tasks (open_due_key) WHERE open_due_key IS NOT NULL;
                    """)
            let decoder = JSONDecoder()
            let update = try db.makeStatement(sql: "UPDATE tasks SET open_due_key = ? WHERE id = ?")
            let rows = try Row.fetchCursor(db, sql: "SELECT id, json FROM tasks")
            var keys: [(String, Int64)] = []
            while let row = try rows.next() {
                let json: String = row["json"]
                let task = try decoder.decode(TaskRecord.self, from: Data(json.utf8))
                if let key = openDueKey(task) { keys.append((row["id"], key)) }
            }
            for (id, key) in keys { try update.execute(arguments: [key, id]) }
        }
        return migrator
    }

    /// The `open_due_key` column of a stored task: its due date's sort key (milliseconds) while it is open (not
    /// completed), not in the trash and has a due date; nil otherwise. Only a first sifting: readers check the
    /// records they decode.
    static func openDueKey(_ task: TaskRecord) -> Int64? {
        guard !task.isCompleted, task.deletedAt == nil, let due = task.due else { return nil }
        return due.sortKey.milliseconds
    }
}
