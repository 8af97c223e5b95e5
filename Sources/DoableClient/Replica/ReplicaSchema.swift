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
        return migrator
    }
}
