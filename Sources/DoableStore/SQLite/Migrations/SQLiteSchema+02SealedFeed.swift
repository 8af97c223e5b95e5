import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 9: every row change another account may see is written by the domain with a feed entry, so no
    /// foreign key may change rows behind its back: lists, labels, tasks and their labels are rebuilt with plain
    /// references (a delete that would leave a row pointing nowhere fails instead). Credentials and the feed are
    /// the account's own and are deleted explicitly with it. Feed entries gain their actor and list, accounts
    /// the feed's low-water mark.
    static func migration02SealedFeed(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE accounts ADD COLUMN feed_floor INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE changes ADD COLUMN actor_id TEXT;
                ALTER TABLE changes ADD COLUMN list_id TEXT;
                """)
        try rebuild(
            db, table: "lists", keepRowID: false,
            replacing: [
                "owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE":
                    "owner_id TEXT NOT NULL REFERENCES accounts(id)"
            ])
        try rebuild(
            db, table: "labels", keepRowID: false,
            replacing: [
                "owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE":
                    "owner_id TEXT NOT NULL REFERENCES accounts(id)"
            ])
        // The full-text index is keyed by the tasks' rowids, so they are copied as they are.
        try rebuild(
            db, table: "tasks", keepRowID: true,
            replacing: [
                "owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE":
                    "owner_id TEXT NOT NULL REFERENCES accounts(id)",
                "list_id TEXT NOT NULL REFERENCES lists(id) ON DELETE CASCADE":
                    "list_id TEXT NOT NULL REFERENCES lists(id)",
                "parent_id TEXT REFERENCES tasks(id) ON DELETE CASCADE": "parent_id TEXT REFERENCES tasks(id)",
                "assignee_id TEXT REFERENCES accounts(id) ON DELETE SET NULL":
                    "assignee_id TEXT REFERENCES accounts(id)",
            ])
        try rebuild(
            db, table: "task_labels", keepRowID: false,
            replacing: [
                "task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE":
                    "task_id TEXT NOT NULL REFERENCES tasks(id)",
                "label_id TEXT NOT NULL REFERENCES labels(id) ON DELETE CASCADE":
                    "label_id TEXT NOT NULL REFERENCES labels(id)",
            ])
    }
}
