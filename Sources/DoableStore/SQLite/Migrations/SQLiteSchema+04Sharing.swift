import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 12: sharing, comments, history and in-app notifications. Every row someone else may see is written by
    /// the domain with a feed entry; memberships, comments and notifications keep plain references (a delete that
    /// would leave one pointing nowhere fails), history keeps the actor's id as a record even after it is gone.
    static func migration04Sharing(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE list_members (
                    list_id TEXT NOT NULL REFERENCES lists(id),
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    role TEXT NOT NULL,
                    rank TEXT NOT NULL,
                    added_by TEXT,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    PRIMARY KEY (list_id, account_id)
                ) WITHOUT ROWID;
                CREATE INDEX list_members_account ON list_members(account_id, rank);

                CREATE TABLE comments (
                    id TEXT PRIMARY KEY NOT NULL,
                    task_id TEXT NOT NULL REFERENCES tasks(id),
                    author_id TEXT NOT NULL REFERENCES accounts(id),
                    body TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    edited_at INTEGER,
                    version INTEGER NOT NULL
                );
                CREATE INDEX comments_task ON comments(task_id, created_at);
                CREATE INDEX comments_author ON comments(author_id);

                CREATE TABLE task_activity (
                    id TEXT PRIMARY KEY NOT NULL,
                    task_id TEXT NOT NULL,
                    actor_id TEXT,
                    action TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    detail TEXT NOT NULL,
                    at INTEGER NOT NULL
                );
                CREATE INDEX task_activity_task ON task_activity(task_id, at);

                CREATE TABLE notifications (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    kind TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    task_id TEXT,
                    list_id TEXT,
                    actor_id TEXT,
                    created_at INTEGER NOT NULL,
                    read_at INTEGER,
                    version INTEGER NOT NULL
                );
                CREATE INDEX notifications_account ON notifications(account_id, created_at);
                CREATE INDEX notifications_unread ON notifications(account_id) WHERE read_at IS NULL;
                CREATE INDEX tasks_list_trashed ON tasks(list_id) WHERE deleted_at IS NOT NULL;
                """)
    }
}
