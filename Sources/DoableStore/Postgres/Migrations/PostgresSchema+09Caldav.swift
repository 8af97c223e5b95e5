import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 17: see SQLiteSchema's migration of the same name.
    static let migration09Caldav = Migration(
        id: "9-caldav",
        statements: [
            """
            CREATE TABLE calendar_objects (
                task_id uuid PRIMARY KEY REFERENCES tasks (id),
                name text NOT NULL,
                uid text NOT NULL,
                body text NOT NULL,
                body_version bigint NOT NULL,
                pending_parent_uid text
            )
            """,
            "CREATE INDEX calendar_objects_uid ON calendar_objects (uid)",
            "CREATE INDEX calendar_objects_name ON calendar_objects (name)",
            """
            CREATE INDEX calendar_objects_pending_parent ON calendar_objects (pending_parent_uid)
            WHERE pending_parent_uid IS NOT NULL
            """,
            """
            CREATE TABLE feed_keys (
                account_id uuid PRIMARY KEY REFERENCES accounts (id),
                key text NOT NULL UNIQUE,
                created_at bigint NOT NULL
            )
            """,
            """
            CREATE TABLE calendar_collections (
                list_id uuid PRIMARY KEY REFERENCES lists (id),
                name text NOT NULL
            )
            """,
            "CREATE INDEX calendar_collections_name ON calendar_collections (name)",
            "CREATE INDEX changes_account_list ON changes (account_id, list_id, seq)",
        ])
}
