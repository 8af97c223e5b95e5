import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 16: the companion game and statistics (GAME). A profile's scalars are columns, the rest (companion,
    /// inventory, badges, days off) one JSON column (`GameProfileDetails`); days are `YYYY-MM-DD` text. The store's
    /// first catalogue is seeded with fixed ids; the admins' constants are one row once changed. A completion
    /// gains the completing member's local day (existing ones get the UTC date of when they were done), whether it
    /// was on time and its age; statistics group a member's completions by day, read from the covering index.
    static func migration08Game(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE game_profiles (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts(id),
                    is_strict INTEGER NOT NULL,
                    points INTEGER NOT NULL,
                    xp INTEGER NOT NULL,
                    completed_count INTEGER NOT NULL,
                    last_closed_day TEXT NOT NULL,
                    warned_day TEXT,
                    last_line INTEGER,
                    petted_at INTEGER,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    details TEXT NOT NULL
                );

                CREATE TABLE game_days (
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    day TEXT NOT NULL,
                    status TEXT NOT NULL,
                    due_count INTEGER NOT NULL,
                    done_count INTEGER NOT NULL,
                    bonus INTEGER NOT NULL,
                    streak INTEGER NOT NULL,
                    closed_at INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    PRIMARY KEY (account_id, day)
                ) WITHOUT ROWID;

                CREATE TABLE game_ledger (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    kind TEXT NOT NULL,
                    reference TEXT NOT NULL,
                    points INTEGER NOT NULL,
                    xp INTEGER NOT NULL,
                    local_day TEXT NOT NULL,
                    detail TEXT NOT NULL,
                    at INTEGER NOT NULL
                );
                CREATE INDEX game_ledger_account_at ON game_ledger(account_id, at);
                CREATE INDEX game_ledger_account_reference ON game_ledger(account_id, reference);
                CREATE INDEX game_ledger_account_day ON game_ledger(account_id, local_day, kind, points);
                CREATE INDEX tasks_open_unassigned ON tasks(owner_id, due_at)
                    WHERE deleted_at IS NULL AND status IN ('pending', 'inProgress') AND assignee_id IS NULL;
                CREATE INDEX tasks_open_assigned ON tasks(assignee_id, due_at)
                    WHERE deleted_at IS NULL AND status IN ('pending', 'inProgress');

                CREATE TABLE store_items (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    description TEXT NOT NULL,
                    category TEXT NOT NULL,
                    slot TEXT NOT NULL,
                    price INTEGER NOT NULL,
                    svg TEXT NOT NULL,
                    is_retired INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL
                );

                CREATE TABLE subscription_plans (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    price_cents INTEGER NOT NULL,
                    period TEXT NOT NULL,
                    description TEXT NOT NULL,
                    is_retired INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL
                );

                CREATE TABLE game_rules (
                    id INTEGER PRIMARY KEY NOT NULL,
                    rules TEXT NOT NULL,
                    version INTEGER NOT NULL
                );

                ALTER TABLE task_completions ADD COLUMN local_day TEXT;
                ALTER TABLE task_completions ADD COLUMN on_time INTEGER;
                ALTER TABLE task_completions ADD COLUMN age_seconds INTEGER;
                UPDATE task_completions SET local_day = date(completed_at / 1000, 'unixepoch');
                CREATE INDEX task_completions_actor_day
                    ON task_completions(actor_id, local_day, on_time, age_seconds);
                """)
        for item in StoreItem.catalogue(now: GameColumns.catalogueSeededAt) {
            try db.execute(
                sql: SQLiteTable.storeItems.insertSQL,
                arguments: StatementArguments(SQLiteWriter.storeItemArguments(item)))
        }
    }
}
