import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 34 (TASK-8): undo steps too large to travel in a page, kept for a while under a short id.
    static let migration13UndoShelf = Migration(
        id: "13-undo-shelf",
        statements: [
            """
            CREATE TABLE undo_shelf (
                id text PRIMARY KEY,
                account_id uuid NOT NULL,
                steps text NOT NULL,
                expires_at bigint NOT NULL
            )
            """,
            "CREATE INDEX undo_shelf_account ON undo_shelf (account_id, expires_at)",
        ])
}
