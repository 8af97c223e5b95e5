import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 34 (TASK-8): undo steps too large to travel in a page, kept for a while under a short id.
    static func migration13UndoShelf(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE undo_shelf (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL,
                    steps TEXT NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                CREATE INDEX undo_shelf_account ON undo_shelf(account_id, expires_at);
                """)
    }
}
