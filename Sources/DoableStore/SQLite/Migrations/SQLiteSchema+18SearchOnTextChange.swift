import GRDB

extension SQLiteSchema {
    /// Issue 32, item 2: the search index follows a task's title, notes and owner only when one of them changes.
    /// `UPDATE OF` fires for every column the statement sets, and a task is always written whole, so completing,
    /// moving or reordering a task took its words out of `tasks_fts` and put them back: a new FTS5 segment and its
    /// merges in every such commit, on SQLite's one writer.
    static func migration18SearchOnTextChange(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER tasks_fts_update;
                CREATE TRIGGER tasks_fts_update AFTER UPDATE OF title, notes, owner_id ON tasks
                WHEN old.title IS NOT new.title OR old.notes IS NOT new.notes OR old.owner_id IS NOT new.owner_id
                BEGIN
                    INSERT INTO tasks_fts(tasks_fts, rowid, owner_key, title, notes)
                    VALUES ('delete', old.rowid, 'o' || replace(old.owner_id, '-', ''), old.title, old.notes);
                    INSERT INTO tasks_fts(rowid, owner_key, title, notes)
                    VALUES (new.rowid, 'o' || replace(new.owner_id, '-', ''), new.title, new.notes);
                END;
                """)
    }
}
