import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 13: recurrence on tasks; reminders, completed occurrences, webhooks and the delivery queue.
    static func migration05Reminders(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE tasks ADD COLUMN recurrence TEXT;
                ALTER TABLE tasks ADD COLUMN recurrence_basis TEXT NOT NULL DEFAULT 'due';

                CREATE TABLE reminders (
                    id TEXT PRIMARY KEY NOT NULL,
                    task_id TEXT NOT NULL REFERENCES tasks(id),
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    at INTEGER,
                    relative_to TEXT,
                    offset_minutes INTEGER,
                    snoozed_until INTEGER,
                    silenced INTEGER NOT NULL,
                    fired_for INTEGER,
                    next_at INTEGER,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    claimed_until INTEGER
                );
                CREATE INDEX reminders_task ON reminders(task_id, account_id);
                CREATE INDEX reminders_account ON reminders(account_id, next_at);
                CREATE INDEX reminders_due ON reminders(next_at) WHERE next_at IS NOT NULL;

                CREATE TABLE task_completions (
                    id TEXT PRIMARY KEY NOT NULL,
                    task_id TEXT NOT NULL REFERENCES tasks(id),
                    owner_id TEXT NOT NULL,
                    actor_id TEXT,
                    completed_at INTEGER NOT NULL,
                    due TEXT,
                    start TEXT,
                    recurrence TEXT,
                    next_due TEXT,
                    reset_subtasks TEXT NOT NULL
                );
                CREATE INDEX task_completions_task ON task_completions(task_id, completed_at);
                CREATE INDEX task_completions_owner ON task_completions(owner_id, completed_at);

                CREATE TABLE webhooks (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    url TEXT NOT NULL,
                    events TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    feed_cursor INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL
                );
                CREATE INDEX webhooks_account ON webhooks(account_id);

                CREATE TABLE deliveries (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    channel TEXT NOT NULL,
                    target TEXT NOT NULL,
                    event TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    next_attempt_at INTEGER NOT NULL,
                    last_error TEXT,
                    created_at INTEGER NOT NULL,
                    sent_at INTEGER,
                    claimed_until INTEGER
                );
                CREATE INDEX deliveries_due ON deliveries(next_attempt_at) WHERE state = 'pending';
                CREATE INDEX deliveries_account ON deliveries(account_id, created_at);

                CREATE TABLE server_secrets (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);

                CREATE TABLE delivery_attempts (
                    delivery_id TEXT NOT NULL REFERENCES deliveries(id) ON DELETE CASCADE,
                    number INTEGER NOT NULL,
                    at INTEGER NOT NULL,
                    succeeded INTEGER NOT NULL,
                    detail TEXT NOT NULL,
                    PRIMARY KEY (delivery_id, number)
                );
                """)
    }
}
