import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Migration 1-foundation.
    static func migration01Foundation(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE accounts (
                    id TEXT PRIMARY KEY NOT NULL,
                    email TEXT NOT NULL,
                    email_key TEXT NOT NULL,
                    username TEXT NOT NULL,
                    username_key TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    gender TEXT,
                    gender_description TEXT,
                    date_of_birth TEXT,
                    education_level TEXT,
                    phone TEXT,
                    show_email INTEGER NOT NULL,
                    show_phone INTEGER NOT NULL,
                    is_admin INTEGER NOT NULL,
                    is_disabled INTEGER NOT NULL,
                    preferences TEXT NOT NULL,
                    inbox_id TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    change_seq INTEGER NOT NULL DEFAULT 0
                );
                CREATE UNIQUE INDEX accounts_email_key ON accounts(email_key);
                CREATE UNIQUE INDEX accounts_username_key ON accounts(username_key);

                CREATE TABLE credentials (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    name TEXT NOT NULL,
                    scope TEXT NOT NULL,
                    secret_hash TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER
                );
                CREATE INDEX credentials_account ON credentials(account_id);

                CREATE TABLE lists (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    description TEXT NOT NULL,
                    color TEXT NOT NULL,
                    icon TEXT,
                    is_inbox INTEGER NOT NULL,
                    is_archived INTEGER NOT NULL,
                    rank TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    deleted_at INTEGER,
                    version INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX lists_owner_name_key ON lists(owner_id, name_key) WHERE deleted_at IS NULL;
                CREATE INDEX lists_owner_rank ON lists(owner_id, rank);

                CREATE TABLE labels (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    color TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX labels_owner_name_key ON labels(owner_id, name_key);

                CREATE TABLE tasks (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    list_id TEXT NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
                    parent_id TEXT REFERENCES tasks(id) ON DELETE CASCADE,
                    title TEXT NOT NULL,
                    title_key TEXT NOT NULL,
                    notes TEXT NOT NULL,
                    status TEXT NOT NULL,
                    priority TEXT NOT NULL,
                    priority_weight INTEGER NOT NULL,
                    due TEXT,
                    due_at INTEGER,
                    start TEXT,
                    estimated_minutes INTEGER,
                    category TEXT,
                    assignee_id TEXT REFERENCES accounts(id) ON DELETE SET NULL,
                    label_ids TEXT NOT NULL,
                    completed_at INTEGER,
                    rank TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    deleted_at INTEGER,
                    trashed_with TEXT,
                    version INTEGER NOT NULL
                );
                CREATE INDEX tasks_list_rank ON tasks(list_id, rank, id) WHERE deleted_at IS NULL;
                CREATE INDEX tasks_owner_rank ON tasks(owner_id, rank, id) WHERE deleted_at IS NULL;
                CREATE INDEX tasks_owner_due ON tasks(owner_id, due_at) WHERE deleted_at IS NULL;
                CREATE INDEX tasks_parent ON tasks(parent_id);
                CREATE INDEX tasks_trashed_with ON tasks(trashed_with) WHERE trashed_with IS NOT NULL;
                CREATE INDEX tasks_deleted_at ON tasks(deleted_at) WHERE deleted_at IS NOT NULL;
                CREATE INDEX tasks_assignee ON tasks(assignee_id) WHERE assignee_id IS NOT NULL;

                CREATE TABLE task_labels (
                    task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    label_id TEXT NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
                    PRIMARY KEY (task_id, label_id)
                ) WITHOUT ROWID;
                CREATE INDEX task_labels_label ON task_labels(label_id, task_id);

                CREATE VIRTUAL TABLE tasks_fts USING fts5(
                    owner_key, title, notes, content='', tokenize='unicode61 remove_diacritics 0'
                );
                CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks BEGIN
                    INSERT INTO tasks_fts(rowid, owner_key, title, notes)
                    VALUES (new.rowid, 'o' || replace(new.owner_id, '-', ''), new.title, new.notes);
                END;
                CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks BEGIN
                    INSERT INTO tasks_fts(tasks_fts, rowid, owner_key, title, notes)
                    VALUES ('delete', old.rowid, 'o' || replace(old.owner_id, '-', ''), old.title, old.notes);
                END;
                CREATE TRIGGER tasks_fts_update AFTER UPDATE OF title, notes, owner_id ON tasks BEGIN
                    INSERT INTO tasks_fts(tasks_fts, rowid, owner_key, title, notes)
                    VALUES ('delete', old.rowid, 'o' || replace(old.owner_id, '-', ''), old.title, old.notes);
                    INSERT INTO tasks_fts(rowid, owner_key, title, notes)
                    VALUES (new.rowid, 'o' || replace(new.owner_id, '-', ''), new.title, new.notes);
                END;

                CREATE TABLE changes (
                    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    entity TEXT NOT NULL,
                    entity_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    at INTEGER NOT NULL,
                    PRIMARY KEY (account_id, seq)
                ) WITHOUT ROWID;
                """)
    }
}
