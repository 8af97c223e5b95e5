import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 12: see SQLiteSchema's migration of the same name.
    static let migration04Sharing = Migration(
        id: "4-sharing",
        statements: [
            """
            CREATE TABLE list_members (
                list_id uuid NOT NULL REFERENCES lists (id),
                account_id uuid NOT NULL REFERENCES accounts (id),
                role text NOT NULL,
                rank text COLLATE "C" NOT NULL,
                added_by uuid,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL,
                PRIMARY KEY (list_id, account_id)
            )
            """,
            "CREATE INDEX list_members_account ON list_members (account_id, rank)",
            """
            CREATE TABLE comments (
                id uuid PRIMARY KEY,
                task_id uuid NOT NULL REFERENCES tasks (id),
                author_id uuid NOT NULL REFERENCES accounts (id),
                body text NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                edited_at bigint,
                version bigint NOT NULL
            )
            """,
            "CREATE INDEX comments_task ON comments (task_id, created_at)",
            "CREATE INDEX comments_author ON comments (author_id)",
            """
            CREATE TABLE task_activity (
                id uuid PRIMARY KEY,
                task_id uuid NOT NULL,
                actor_id uuid,
                action text NOT NULL,
                fields text NOT NULL,
                detail text NOT NULL,
                at bigint NOT NULL
            )
            """,
            "CREATE INDEX task_activity_task ON task_activity (task_id, at)",
            """
            CREATE TABLE notifications (
                id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id),
                kind text NOT NULL,
                title text NOT NULL,
                body text NOT NULL,
                task_id uuid,
                list_id uuid,
                actor_id uuid,
                created_at bigint NOT NULL,
                read_at bigint,
                version bigint NOT NULL
            )
            """,
            "CREATE INDEX notifications_account ON notifications (account_id, created_at)",
            "CREATE INDEX notifications_unread ON notifications (account_id) WHERE read_at IS NULL",
            "CREATE INDEX tasks_list_trashed ON tasks (list_id) WHERE deleted_at IS NOT NULL",
        ])
}
