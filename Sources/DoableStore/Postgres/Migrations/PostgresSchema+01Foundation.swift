import DoableCore
import Foundation

extension PostgresSchema {
    /// Migration 1-foundation.
    static let migration01Foundation = Migration(
        id: "1-foundation",
        statements: [
            """
            CREATE TABLE accounts (
                id uuid PRIMARY KEY,
                email text NOT NULL,
                email_key text NOT NULL,
                username text NOT NULL,
                username_key text NOT NULL,
                password_hash text NOT NULL,
                first_name text NOT NULL,
                last_name text NOT NULL,
                gender text,
                gender_description text,
                date_of_birth date,
                education_level text,
                phone text,
                show_email boolean NOT NULL,
                show_phone boolean NOT NULL,
                is_admin boolean NOT NULL,
                is_disabled boolean NOT NULL,
                preferences jsonb NOT NULL,
                inbox_id uuid NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL,
                change_seq bigint NOT NULL DEFAULT 0
            )
            """,
            "CREATE UNIQUE INDEX accounts_email_key ON accounts (email_key)",
            "CREATE UNIQUE INDEX accounts_username_key ON accounts (username_key)",
            """
            CREATE TABLE credentials (
                id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                kind text NOT NULL,
                name text NOT NULL,
                scope text NOT NULL,
                secret_hash text NOT NULL UNIQUE,
                created_at bigint NOT NULL,
                expires_at bigint
            )
            """,
            "CREATE INDEX credentials_account ON credentials (account_id)",
            """
            CREATE TABLE lists (
                id uuid PRIMARY KEY,
                owner_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                name text NOT NULL,
                name_key text COLLATE "C" NOT NULL,
                description text NOT NULL,
                color text NOT NULL,
                icon text,
                is_inbox boolean NOT NULL,
                is_archived boolean NOT NULL,
                rank text COLLATE "C" NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                deleted_at bigint,
                version bigint NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX lists_owner_name_key ON lists (owner_id, name_key) WHERE deleted_at IS NULL",
            "CREATE INDEX lists_owner_rank ON lists (owner_id, rank)",
            "CREATE INDEX lists_deleted_at ON lists (deleted_at) WHERE deleted_at IS NOT NULL",
            """
            CREATE TABLE labels (
                id uuid PRIMARY KEY,
                owner_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                name text NOT NULL,
                name_key text COLLATE "C" NOT NULL,
                color text NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX labels_owner_name_key ON labels (owner_id, name_key)",
            """
            CREATE TABLE tasks (
                id uuid PRIMARY KEY,
                owner_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                list_id uuid NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
                parent_id uuid REFERENCES tasks (id) ON DELETE CASCADE,
                title text NOT NULL,
                title_key text COLLATE "C" NOT NULL,
                notes text NOT NULL,
                status text NOT NULL,
                priority text NOT NULL,
                priority_weight integer NOT NULL,
                due text,
                due_at bigint,
                start text,
                estimated_minutes bigint,
                category text,
                assignee_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
                label_ids uuid[] NOT NULL,
                completed_at bigint,
                rank text COLLATE "C" NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                deleted_at bigint,
                trashed_with text,
                version bigint NOT NULL,
                search tsvector GENERATED ALWAYS AS (
                    to_tsvector('simple', regexp_replace(title || ' ' || notes, '[[:punct:]]+', ' ', 'g'))
                ) STORED
            )
            """,
            // Not partial, unlike SQLite's: purging a list or deleting an account cascades to trashed tasks too.
            "CREATE INDEX tasks_list_rank ON tasks (list_id, rank, id)",
            "CREATE INDEX tasks_owner_rank ON tasks (owner_id, rank, id) WHERE deleted_at IS NULL",
            "CREATE INDEX tasks_owner_due ON tasks (owner_id, due_at)",
            "CREATE INDEX tasks_parent ON tasks (parent_id)",
            "CREATE INDEX tasks_trashed_with ON tasks (trashed_with) WHERE trashed_with IS NOT NULL",
            "CREATE INDEX tasks_deleted_at ON tasks (deleted_at) WHERE deleted_at IS NOT NULL",
            "CREATE INDEX tasks_assignee ON tasks (assignee_id) WHERE assignee_id IS NOT NULL",
            "CREATE INDEX tasks_search ON tasks USING gin (search)",
            """
            CREATE TABLE task_labels (
                task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
                label_id uuid NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
                PRIMARY KEY (task_id, label_id)
            )
            """,
            "CREATE INDEX task_labels_label ON task_labels (label_id, task_id)",
            """
            CREATE TABLE changes (
                account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                seq bigint NOT NULL,
                entity text NOT NULL,
                entity_id text NOT NULL,
                kind text NOT NULL,
                at bigint NOT NULL,
                PRIMARY KEY (account_id, seq)
            )
            """,
        ])
}
