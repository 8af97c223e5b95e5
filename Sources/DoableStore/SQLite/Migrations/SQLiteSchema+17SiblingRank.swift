import GRDB

extension SQLiteSchema {
    /// Issue 32, item 8: the last rank among one parent's subtasks (or a list's top-level tasks), which every new task
    /// reads (`neighbourRanks`). Without this index SQLite walked `tasks_list_rank` back from the list's end until it
    /// met a sibling, the whole list for a parent's first subtask, so seeding or importing into one account grew with
    /// the square of its size (100,000 tasks: ~170 s against 18 s for 10 accounts of 10,000).
    static func migration17SiblingRank(_ db: Database) throws {
        try db.execute(
            sql: "CREATE INDEX tasks_sibling_rank ON tasks(list_id, parent_id, rank) WHERE deleted_at IS NULL")
    }
}
