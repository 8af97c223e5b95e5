import DoableCore
import Foundation
import PostgresNIO

/// Versioned migrations of the PostgreSQL engine. They run at start, each once and in order, recorded in
/// `schema_migrations`. A transaction-scoped advisory lock makes concurrent starts (OPS-2: several `doable serve`
/// processes on one database) wait for each other instead of racing on `CREATE TABLE`.
///
/// Mirrors `SQLiteSchema`, with these PostgreSQL choices:
/// - ids are `uuid`; `rank`, `name_key` and `title_key` use the "C" collation, so they sort as byte strings exactly
///   like SQLite does (a linguistic collation would put `a0` before `Z1` and break `RankKey` order);
/// - full-text search is a generated `tsvector` over title and notes with a GIN index. Punctuation is blanked
///   first, so words split exactly where `TaskQuery.searchWords` splits them (the default parser would otherwise
///   keep `example.com` or `e-mail` whole, or drop `<b>` as markup);
/// - `label_ids` is a `uuid[]`, `preferences` is `jsonb`, `date_of_birth` is a `date`.
enum PostgresSchema {
    struct Migration {
        var id: String
        var statements: [String]
    }

    /// Any constant works, as long as every Doable process uses the same one.
    static let lockKey: Int64 = 0x646F_6162_6C65  // "doable"

    static func migrate(_ client: PostgresClient, schema: String?, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            // Migrations may wait for another process's and build indexes over many rows: the per-query time limit
            // is for requests, not for them.
            try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            if let schema {
                // `schema` is a checked plain identifier (PostgresURL.isPlainIdentifier).
                try await connection.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: schema)", logger: logger)
                try await connection.query("SET LOCAL search_path TO \(unescaped: schema)", logger: logger)
            }
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL)
                """, logger: logger)
            var applied = Set<String>()
            for try await id in try await connection.query("SELECT id FROM schema_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(id)
            }
            for migration in migrations where !applied.contains(migration.id) {
                logger.info("Migrating the database", metadata: ["doable.migration": "\(migration.id)"])
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (id, applied_at) VALUES (\(migration.id), now())", logger: logger)
            }
        }
    }

    static let migrations: [Migration] = [
        Migration(
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
            ]),
        // Issue 9: no foreign key changes rows behind the domain's back (each such change needs a feed entry);
        // feed entries carry their actor and list; accounts keep the feed's low-water mark.
        Migration(
            id: "2-sealed-feed",
            statements: [
                "ALTER TABLE accounts ADD COLUMN feed_floor bigint NOT NULL DEFAULT 0",
                "ALTER TABLE changes ADD COLUMN actor_id uuid",
                "ALTER TABLE changes ADD COLUMN list_id uuid",
            ]
                + [
                    ("lists", "lists_owner_id_fkey", "owner_id", "accounts"),
                    ("labels", "labels_owner_id_fkey", "owner_id", "accounts"),
                    ("tasks", "tasks_owner_id_fkey", "owner_id", "accounts"),
                    ("tasks", "tasks_list_id_fkey", "list_id", "lists"),
                    ("tasks", "tasks_parent_id_fkey", "parent_id", "tasks"),
                    ("tasks", "tasks_assignee_id_fkey", "assignee_id", "accounts"),
                    ("task_labels", "task_labels_task_id_fkey", "task_id", "tasks"),
                    ("task_labels", "task_labels_label_id_fkey", "label_id", "labels"),
                ].map { table, constraint, column, target in
                    """
                    ALTER TABLE \(table) DROP CONSTRAINT \(constraint),
                        ADD CONSTRAINT \(constraint) FOREIGN KEY (\(column)) REFERENCES \(target) (id)
                    """
                }),
        // Issue 10, finding 14: see SQLiteSchema's migration of the same name. PostgreSQL runs transactions side by
        // side, so the check first takes a transaction-scoped advisory lock: a second move waits for the first to
        // commit, and its check (a new statement in READ COMMITTED, so a new snapshot) then sees the first move.
        // One lock for the whole database, held only by transactions that change a parent: a cycle can span two
        // lists while the moves are in flight, so no narrower key is safe. The error is a serialization failure
        // (40001), a conflict the domain retries from fresh reads and then refuses with a clear message.
        Migration(
            id: "3-hardening-task-parent-guard",
            statements: [
                """
                CREATE FUNCTION tasks_parent_guard() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_advisory_xact_lock(\(parentGuardLockKey));
                    IF EXISTS (
                        WITH RECURSIVE up(id, depth) AS (
                            SELECT NEW.parent_id, 1
                            UNION ALL
                            SELECT t.parent_id, up.depth + 1 FROM tasks t JOIN up ON t.id = up.id
                            WHERE t.parent_id IS NOT NULL AND up.depth <= \(Rules.maximumTaskDepth)
                        )
                        SELECT 1 FROM up WHERE up.id = NEW.id OR up.depth > \(Rules.maximumTaskDepth)
                    ) THEN
                        RAISE EXCEPTION 'task_parent_cycle' USING ERRCODE = 'serialization_failure';
                    END IF;
                    RETURN NEW;
                END
                $$
                """,
                """
                CREATE TRIGGER tasks_parent_guard BEFORE UPDATE OF parent_id ON tasks FOR EACH ROW
                WHEN (NEW.parent_id IS NOT NULL AND NEW.parent_id IS DISTINCT FROM OLD.parent_id)
                EXECUTE FUNCTION tasks_parent_guard()
                """,
            ]),
        // Issue 12: see SQLiteSchema's migration of the same name.
        Migration(
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
            ]),
        // Issue 13: see SQLiteSchema's migration of the same name.
        Migration(
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
            ]),
        // Issue 14: see SQLiteSchema's migration of the same name.
        Migration(
            id: "6-sync",
            statements: [
                """
                CREATE TABLE sync_clients (
                    client_id uuid PRIMARY KEY,
                    account_id uuid NOT NULL REFERENCES accounts (id),
                    last_mutation_id bigint NOT NULL,
                    updated_at bigint NOT NULL
                )
                """,
                "CREATE INDEX sync_clients_account ON sync_clients (account_id)",
                """
                CREATE TABLE sync_rejections (
                    client_id uuid NOT NULL,
                    mutation_id bigint NOT NULL,
                    name text NOT NULL,
                    entity_id text,
                    code text NOT NULL,
                    field text,
                    message text NOT NULL,
                    at bigint NOT NULL,
                    PRIMARY KEY (client_id, mutation_id)
                )
                """,
                """
                CREATE TABLE field_clocks (
                    entity_id uuid NOT NULL,
                    field text NOT NULL,
                    clock text COLLATE "C" NOT NULL,
                    PRIMARY KEY (entity_id, field)
                )
                """,
            ]),
        // Issue 15: see SQLiteSchema's migration of the same name. The full-text index is a generated `tsvector`
        // like the tasks' one, with a GIN index over open postings; the newest-first indexes are ascending and read
        // backwards.
        Migration(
            id: "7-market",
            statements: [
                "ALTER TABLE notifications ADD COLUMN posting_id uuid",
                """
                CREATE TABLE market_categories (
                    id uuid PRIMARY KEY,
                    name text NOT NULL,
                    name_key text COLLATE "C" NOT NULL,
                    is_other boolean NOT NULL,
                    is_archived boolean NOT NULL,
                    created_at bigint NOT NULL,
                    version bigint NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX market_categories_name_key ON market_categories (name_key)",
                """
                CREATE TABLE postings (
                    id uuid PRIMARY KEY,
                    poster_id uuid NOT NULL REFERENCES accounts (id),
                    title text NOT NULL,
                    description text NOT NULL,
                    category_id uuid NOT NULL REFERENCES market_categories (id),
                    suggested_category text,
                    max_bid_cents bigint NOT NULL,
                    status text NOT NULL,
                    latitude double precision,
                    longitude double precision,
                    place_name text,
                    lat_cell integer,
                    assignee_id uuid,
                    accepted_bid_id uuid,
                    assignee_task_id uuid,
                    lowest_bid_cents bigint,
                    open_bid_count bigint NOT NULL,
                    bids_seen_at bigint NOT NULL,
                    done_at bigint,
                    created_at bigint NOT NULL,
                    updated_at bigint NOT NULL,
                    deleted_at bigint,
                    version bigint NOT NULL,
                    search tsvector GENERATED ALWAYS AS (
                        to_tsvector('simple', regexp_replace(title || ' ' || description, '[[:punct:]]+', ' ', 'g'))
                    ) STORED
                )
                """,
                """
                CREATE INDEX postings_open_newest ON postings (created_at, id)
                WHERE deleted_at IS NULL AND status IN ('requested', 'bidded')
                """,
                """
                CREATE INDEX postings_open_category ON postings (category_id, created_at, id)
                WHERE deleted_at IS NULL AND status IN ('requested', 'bidded')
                """,
                """
                CREATE INDEX postings_near ON postings (lat_cell, longitude)
                WHERE deleted_at IS NULL AND status IN ('requested', 'bidded')
                """,
                """
                CREATE INDEX postings_search ON postings USING gin (search)
                WHERE deleted_at IS NULL AND status IN ('requested', 'bidded')
                """,
                "CREATE INDEX postings_poster ON postings (poster_id, created_at)",
                "CREATE INDEX postings_assignee ON postings (assignee_id) WHERE assignee_id IS NOT NULL",
                "CREATE INDEX postings_assignee_task ON postings (assignee_task_id) WHERE assignee_task_id IS NOT NULL",
                """
                CREATE INDEX postings_suggesting ON postings (created_at, id)
                WHERE suggested_category IS NOT NULL AND deleted_at IS NULL
                """,
                """
                CREATE TABLE bids (
                    id uuid PRIMARY KEY,
                    posting_id uuid NOT NULL REFERENCES postings (id),
                    poster_id uuid NOT NULL,
                    bidder_id uuid NOT NULL REFERENCES accounts (id),
                    amount_cents bigint NOT NULL,
                    message text NOT NULL,
                    status text NOT NULL,
                    created_at bigint NOT NULL,
                    updated_at bigint NOT NULL,
                    version bigint NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX bids_open_bidder ON bids (posting_id, bidder_id) WHERE status = 'open'",
                "CREATE INDEX bids_posting ON bids (posting_id, created_at)",
                "CREATE INDEX bids_bidder ON bids (bidder_id, created_at)",
                """
                CREATE TABLE posting_questions (
                    id uuid PRIMARY KEY,
                    posting_id uuid NOT NULL REFERENCES postings (id),
                    poster_id uuid NOT NULL,
                    asker_id uuid NOT NULL REFERENCES accounts (id),
                    body text NOT NULL,
                    answer text,
                    answered_at bigint,
                    created_at bigint NOT NULL,
                    version bigint NOT NULL
                )
                """,
                "CREATE INDEX posting_questions_posting ON posting_questions (posting_id, created_at)",
                "CREATE INDEX posting_questions_asker ON posting_questions (asker_id)",
                """
                CREATE TABLE posting_reviews (
                    id uuid PRIMARY KEY,
                    posting_id uuid NOT NULL REFERENCES postings (id),
                    reviewer_id uuid NOT NULL REFERENCES accounts (id),
                    reviewee_id uuid NOT NULL REFERENCES accounts (id),
                    rating bigint NOT NULL,
                    body text NOT NULL,
                    created_at bigint NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX posting_reviews_reviewer ON posting_reviews (posting_id, reviewer_id)",
                "CREATE INDEX posting_reviews_reviewee ON posting_reviews (reviewee_id, created_at)",
                "CREATE INDEX posting_reviews_by ON posting_reviews (reviewer_id)",
                """
                CREATE TABLE attachments (
                    id uuid PRIMARY KEY,
                    account_id uuid NOT NULL REFERENCES accounts (id),
                    task_id uuid REFERENCES tasks (id),
                    posting_id uuid REFERENCES postings (id),
                    list_id uuid,
                    kind text NOT NULL,
                    byte_count bigint NOT NULL,
                    created_at bigint NOT NULL
                )
                """,
                "CREATE INDEX attachments_task ON attachments (task_id, created_at) WHERE task_id IS NOT NULL",
                "CREATE INDEX attachments_posting ON attachments (posting_id, created_at) WHERE posting_id IS NOT NULL",
                "CREATE INDEX attachments_account ON attachments (account_id)",
                """
                CREATE TABLE attachment_bytes (
                    attachment_id uuid PRIMARY KEY REFERENCES attachments (id),
                    bytes bytea NOT NULL
                )
                """,
            ]
                + MarketCategory.seededNames.indices.map { index in
                    // Fixed names and ids, not input: written into the statement.
                    let name = MarketCategory.seededNames[index]
                    return """
                        INSERT INTO market_categories (id, name, name_key, is_other, is_archived, created_at, version)
                        VALUES ('\(MarketCategory.seededID(index))', '\(name)', '\(Rules.matchKey(name))', \(index == 0),
                                false, 0, 1)
                        """
                }),
        // Issue 16: see SQLiteSchema's migration of the same name. The profile's details and the rules are `jsonb`;
        // days are text in the "C" collation, so they compare as SQLite compares them. The covering index of
        // completions by actor and day INCLUDEs what the statistics add up.
        Migration(
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
                }),
        // Issue 17: see SQLiteSchema's migration of the same name.
        Migration(
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
            ]),
        // Issue 26 (OPS-4): a restore loads tables in any order and checks the foreign keys once, at its commit
        // (`SET CONSTRAINTS ALL DEFERRED`), which needs them deferrable; everything else still checks them at
        // once. Retention purges notifications, finished deliveries and sync rejections by age.
        Migration(
            id: "10-backup",
            statements: [
                """
                DO $$
                DECLARE constraint_row record;
                BEGIN
                    FOR constraint_row IN
                        SELECT conrelid::regclass AS table_name, conname FROM pg_constraint
                        WHERE contype = 'f' AND connamespace = current_schema()::regnamespace AND NOT condeferrable
                    LOOP
                        EXECUTE format('ALTER TABLE %s ALTER CONSTRAINT %I DEFERRABLE INITIALLY IMMEDIATE',
                                       constraint_row.table_name, constraint_row.conname);
                    END LOOP;
                END $$
                """,
                "CREATE INDEX notifications_created ON notifications (created_at)",
                "CREATE INDEX deliveries_finished ON deliveries (created_at) WHERE state <> 'pending'",
                "CREATE INDEX sync_rejections_at ON sync_rejections (at)",
            ]),
        // Issue 27: when the server first stored each task, which no client can set (its `created_at` comes from
        // CalDAV, sync and imports). Tasks stored before have none; the game then goes by `created_at`.
        Migration(
            id: "11-task-inserted-at",
            statements: [
                "ALTER TABLE tasks ADD COLUMN inserted_at bigint"
            ]),
        // Issue 34: a reminder delivered silently inside the quiet hours (NOTIF-3) says so, for the web app.
        Migration(
            id: "12-notification-silent",
            statements: [
                "ALTER TABLE notifications ADD COLUMN silent boolean NOT NULL DEFAULT false"
            ]),
        // Issue 34 (TASK-8): undo steps too large to travel in a page, kept for a while under a short id.
        Migration(
            id: "13-undo-shelf",
            statements: [
                """
                CREATE TABLE undo_shelf (
                    id text PRIMARY KEY,
                    account_id uuid NOT NULL,
                    steps text NOT NULL,
                    expires_at bigint NOT NULL
                )
                """,
                "CREATE INDEX undo_shelf_account ON undo_shelf (account_id, expires_at)",
            ]),
    ]

    /// `text` as an escape string literal, right whatever `standard_conforming_strings` says.
    static func literal(_ text: String) -> String {
        "E'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// The advisory lock that serializes parent changes (migration 3); differs from `lockKey`.
    static let parentGuardLockKey: Int64 = 0x646F_6162_6C66
}
