import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 16: see SQLiteSchema's migration of the same name. The profile's details and the rules are `jsonb`;
    /// days are text in the "C" collation, so they compare as SQLite compares them. The covering index of
    /// completions by actor and day INCLUDEs what the statistics add up.
    static let migration08Game = Migration(
        id: "8-game",
        statements: [
            """
            CREATE TABLE game_profiles (
                account_id uuid PRIMARY KEY REFERENCES accounts (id),
                is_strict boolean NOT NULL,
                points bigint NOT NULL,
                xp bigint NOT NULL,
                completed_count bigint NOT NULL,
                last_closed_day text COLLATE "C" NOT NULL,
                warned_day text COLLATE "C",
                last_line bigint,
                petted_at bigint,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL,
                details jsonb NOT NULL
            )
            """,
            """
            CREATE TABLE game_days (
                account_id uuid NOT NULL REFERENCES accounts (id),
                day text COLLATE "C" NOT NULL,
                status text NOT NULL,
                due_count bigint NOT NULL,
                done_count bigint NOT NULL,
                bonus bigint NOT NULL,
                streak bigint NOT NULL,
                closed_at bigint NOT NULL,
                version bigint NOT NULL,
                PRIMARY KEY (account_id, day)
            )
            """,
            """
            CREATE TABLE game_ledger (
                id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id),
                kind text NOT NULL,
                reference text NOT NULL,
                points bigint NOT NULL,
                xp bigint NOT NULL,
                local_day text COLLATE "C" NOT NULL,
                detail text NOT NULL,
                at bigint NOT NULL
            )
            """,
            "CREATE INDEX game_ledger_account_at ON game_ledger (account_id, at)",
            "CREATE INDEX game_ledger_account_reference ON game_ledger (account_id, reference)",
            "CREATE INDEX game_ledger_account_day ON game_ledger (account_id, local_day, kind, points)",
            """
            CREATE INDEX tasks_open_unassigned ON tasks (owner_id, due_at)
            WHERE deleted_at IS NULL AND status IN ('pending', 'inProgress') AND assignee_id IS NULL
            """,
            """
            CREATE INDEX tasks_open_assigned ON tasks (assignee_id, due_at)
            WHERE deleted_at IS NULL AND status IN ('pending', 'inProgress')
            """,
            """
            CREATE TABLE store_items (
                id uuid PRIMARY KEY,
                name text NOT NULL,
                description text NOT NULL,
                category text NOT NULL,
                slot text NOT NULL,
                price bigint NOT NULL,
                svg text NOT NULL,
                is_retired boolean NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL
            )
            """,
            """
            CREATE TABLE subscription_plans (
                id uuid PRIMARY KEY,
                name text NOT NULL,
                price_cents bigint NOT NULL,
                period text NOT NULL,
                description text NOT NULL,
                is_retired boolean NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL
            )
            """,
            "CREATE TABLE game_rules (id bigint PRIMARY KEY, rules jsonb NOT NULL, version bigint NOT NULL)",
            """
            ALTER TABLE task_completions ADD COLUMN local_day text COLLATE "C", ADD COLUMN on_time boolean,
                ADD COLUMN age_seconds bigint
            """,
            """
            UPDATE task_completions
            SET local_day = to_char(DATE '1970-01-01' + floor(completed_at / 86400000.0)::integer, 'YYYY-MM-DD')
            """,
            """
            CREATE INDEX task_completions_actor_day ON task_completions (actor_id, local_day)
            INCLUDE (on_time, age_seconds)
            """,
        ]
            + StoreItem.catalogue(now: GameColumns.catalogueSeededAt).map { item in
                // Fixed rows, not input, written into the statement with their quotes doubled.
                """
                INSERT INTO store_items (\(GameColumns.item))
                VALUES ('\(item.id)', \(literal(item.name)), \(literal(item.description)), '\(item.category.rawValue)',
                        '\(item.slot.rawValue)', \(item.price), \(literal(item.svg)), \(item.isRetired),
                        \(item.createdAt.milliseconds), \(item.updatedAt.milliseconds), \(item.version))
                """
            })
}
