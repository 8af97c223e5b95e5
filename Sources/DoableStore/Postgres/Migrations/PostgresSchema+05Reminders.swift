import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 13: see SQLiteSchema's migration of the same name.
    static let migration05Reminders = Migration(
        id: "5-reminders",
        statements: [
            "ALTER TABLE tasks ADD COLUMN recurrence text",
            "ALTER TABLE tasks ADD COLUMN recurrence_basis text NOT NULL DEFAULT 'due'",
            """
            CREATE TABLE reminders (
                id uuid PRIMARY KEY,
                task_id uuid NOT NULL REFERENCES tasks (id),
                account_id uuid NOT NULL REFERENCES accounts (id),
                at bigint,
                relative_to text,
                offset_minutes bigint,
                snoozed_until bigint,
                silenced boolean NOT NULL,
                fired_for bigint,
                next_at bigint,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL,
                claimed_until bigint
            )
            """,
            "CREATE INDEX reminders_task ON reminders (task_id, account_id)",
            "CREATE INDEX reminders_account ON reminders (account_id, next_at)",
            "CREATE INDEX reminders_due ON reminders (next_at) WHERE next_at IS NOT NULL",
            """
            CREATE TABLE task_completions (
                id uuid PRIMARY KEY,
                task_id uuid NOT NULL REFERENCES tasks (id),
                owner_id uuid NOT NULL,
                actor_id uuid,
                completed_at bigint NOT NULL,
                due text,
                start text,
                recurrence text,
                next_due text,
                reset_subtasks text NOT NULL
            )
            """,
            "CREATE INDEX task_completions_task ON task_completions (task_id, completed_at)",
            "CREATE INDEX task_completions_owner ON task_completions (owner_id, completed_at)",
            """
            CREATE TABLE webhooks (
                id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id),
                url text NOT NULL,
                events text NOT NULL,
                secret text NOT NULL,
                feed_cursor bigint NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL
            )
            """,
            "CREATE INDEX webhooks_account ON webhooks (account_id)",
            """
            CREATE TABLE deliveries (
                id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id),
                channel text NOT NULL,
                target text NOT NULL,
                event text NOT NULL,
                payload text NOT NULL,
                state text NOT NULL,
                attempts bigint NOT NULL,
                next_attempt_at bigint NOT NULL,
                last_error text,
                created_at bigint NOT NULL,
                sent_at bigint,
                claimed_until bigint
            )
            """,
            "CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state = 'pending'",
            "CREATE INDEX deliveries_account ON deliveries (account_id, created_at)",
            "CREATE TABLE server_secrets (name text PRIMARY KEY, value text NOT NULL)",
            """
            CREATE TABLE delivery_attempts (
                delivery_id uuid NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
                number bigint NOT NULL,
                at bigint NOT NULL,
                succeeded boolean NOT NULL,
                detail text NOT NULL,
                PRIMARY KEY (delivery_id, number)
            )
            """,
        ])
}
