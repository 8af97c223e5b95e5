import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 17 (INTEROP-1, INTEROP-2): what CalDAV keeps about a task beyond the task (the resource name a client
    /// chose, the UID and the body it last sent), and each member's ICS feed secret. Plain references, as in
    /// "4-sharing": the writer deletes a task's object when it purges the task, and an account's key and its
    /// tasks' objects with the account. Objects are found by name or UID within a list through their task, and a
    /// calendar's ctag and sync token are the latest feed entry about its list, read along the new feed index.
    static func migration09Caldav(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE calendar_objects (
                    task_id TEXT PRIMARY KEY NOT NULL REFERENCES tasks(id),
                    name TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    body TEXT NOT NULL,
                    body_version INTEGER NOT NULL,
                    pending_parent_uid TEXT
                );
                CREATE INDEX calendar_objects_uid ON calendar_objects(uid);
                CREATE INDEX calendar_objects_name ON calendar_objects(name);
                CREATE INDEX calendar_objects_pending_parent ON calendar_objects(pending_parent_uid)
                    WHERE pending_parent_uid IS NOT NULL;

                CREATE TABLE feed_keys (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts(id),
                    key TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL
                );

                CREATE TABLE calendar_collections (
                    list_id TEXT PRIMARY KEY NOT NULL REFERENCES lists(id),
                    name TEXT NOT NULL
                );
                CREATE INDEX calendar_collections_name ON calendar_collections(name);

                CREATE INDEX changes_account_list ON changes(account_id, list_id, seq);
                """)
    }
}
