import DoableCore
import Foundation
import GRDB

/// Versioned migrations of the SQLite engine; they run at start, each once, in order.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-foundation") { db in
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
        // Issue 9: every row change another account may see is written by the domain with a feed entry, so no
        // foreign key may change rows behind its back: lists, labels, tasks and their labels are rebuilt with plain
        // references (a delete that would leave a row pointing nowhere fails instead). Credentials and the feed are
        // the account's own and are deleted explicitly with it. Feed entries gain their actor and list, accounts
        // the feed's low-water mark.
        migrator.registerMigration("2-sealed-feed") { db in
            try db.execute(
                sql: """
                    ALTER TABLE accounts ADD COLUMN feed_floor INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE changes ADD COLUMN actor_id TEXT;
                    ALTER TABLE changes ADD COLUMN list_id TEXT;
                    """)
            try rebuild(
                db, table: "lists", keepRowID: false,
                replacing: [
                    "owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE":
                        "owner_id TEXT NOT NULL REFERENCES accounts(id)"
                ])
            try rebuild(
                db, table: "labels", keepRowID: false,
                replacing: [
                    "owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE":
                        "owner_id TEXT NOT NULL REFERENCES accounts(id)"
                ])
            // The full-text index is keyed by the tasks' rowids, so they are copied as they are.
            try rebuild(
                db, table: "tasks", keepRowID: true,
                replacing: [
                    "owner_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE":
                        "owner_id TEXT NOT NULL REFERENCES accounts(id)",
                    "list_id TEXT NOT NULL REFERENCES lists(id) ON DELETE CASCADE":
                        "list_id TEXT NOT NULL REFERENCES lists(id)",
                    "parent_id TEXT REFERENCES tasks(id) ON DELETE CASCADE": "parent_id TEXT REFERENCES tasks(id)",
                    "assignee_id TEXT REFERENCES accounts(id) ON DELETE SET NULL":
                        "assignee_id TEXT REFERENCES accounts(id)",
                ])
            try rebuild(
                db, table: "task_labels", keepRowID: false,
                replacing: [
                    "task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE":
                        "task_id TEXT NOT NULL REFERENCES tasks(id)",
                    "label_id TEXT NOT NULL REFERENCES labels(id) ON DELETE CASCADE":
                        "label_id TEXT NOT NULL REFERENCES labels(id)",
                ])
        }
        migrator.registerMigration("3-hardening-task-parent-guard") { db in
            // Issue 10, finding 14: a move that would make a task its own ancestor, or hang it below
            // `Rules.maximumTaskDepth` ancestors, is refused inside the write transaction. The domain checks the
            // same before it builds the batch, but two moves read in parallel (X under Y, Y under X) each passed
            // that check; SQLite has one writer, so here the second one sees the first and fails. The failure is a
            // constraint error, which the domain retries from fresh reads and then refuses with a clear message.
            try db.execute(
                sql: """
                    CREATE TRIGGER tasks_parent_guard BEFORE UPDATE OF parent_id ON tasks
                    WHEN NEW.parent_id IS NOT NULL AND NEW.parent_id IS NOT OLD.parent_id
                    BEGIN
                        SELECT RAISE(ABORT, 'task_parent_cycle') WHERE EXISTS (
                            WITH RECURSIVE up(id, depth) AS (
                                SELECT NEW.parent_id, 1
                                UNION ALL
                                SELECT t.parent_id, up.depth + 1 FROM tasks t JOIN up ON t.id = up.id
                                WHERE t.parent_id IS NOT NULL AND up.depth <= \(Rules.maximumTaskDepth)
                            )
                            SELECT 1 FROM up WHERE up.id = NEW.id OR up.depth > \(Rules.maximumTaskDepth)
                        );
                    END;
                    """)
        }
        // Issue 12: sharing, comments, history and in-app notifications. Every row someone else may see is written by
        // the domain with a feed entry; memberships, comments and notifications keep plain references (a delete that
        // would leave one pointing nowhere fails), history keeps the actor's id as a record even after it is gone.
        migrator.registerMigration("4-sharing") { db in
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
        // Issue 13: recurrence on tasks; reminders, completed occurrences, webhooks and the delivery queue.
        migrator.registerMigration("5-reminders") { db in
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
        // Issue 14 (SYNC-1, SYNC-2): each device's last handled mutation, the reasons of its rejected ones, and the
        // clock of the last write of each field of a task, list or label.
        migrator.registerMigration("6-sync") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sync_clients (
                        client_id TEXT PRIMARY KEY NOT NULL,
                        account_id TEXT NOT NULL REFERENCES accounts(id),
                        last_mutation_id INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    CREATE INDEX sync_clients_account ON sync_clients(account_id);
                    CREATE TABLE sync_rejections (
                        client_id TEXT NOT NULL,
                        mutation_id INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        entity_id TEXT,
                        code TEXT NOT NULL,
                        field TEXT,
                        message TEXT NOT NULL,
                        at INTEGER NOT NULL,
                        PRIMARY KEY (client_id, mutation_id)
                    );
                    CREATE TABLE field_clocks (
                        entity_id TEXT NOT NULL,
                        field TEXT NOT NULL,
                        clock TEXT NOT NULL,
                        PRIMARY KEY (entity_id, field)
                    ) WITHOUT ROWID;
                    """)
        }
        // Issue 15: the marketplace (MKT) and photos (TASK-11). Plain references, as in "4-sharing"; none to tasks or
        // to the assignee (a purged task or a deleted assignee leaves a done posting's record as it was). Money is in
        // cents. A posting's location is its latitude and longitude with `lat_cell` (`GeoPoint.latitudeCell`) for the
        // near-me index, of open postings only like the newest-first indexes search reads (the domain lists open ones
        // only; another status is read without an index). The full-text index is keyed
        // by the postings' rowids like `tasks_fts`, with prefix indexes up to 8 characters: without them FTS5 answers
        // a prefix query by merging the lists of every term it begins before returning a first row (13 ms for a word
        // in a quarter of 1,000,000 postings), with them it reads the matches in rowid order one by one, which
        // `SQLiteStore.searchPostings` needs. A photo's bytes are a row of their own, apart from what lists read.
        migrator.registerMigration("7-market") { db in
            try db.execute(
                sql: """
                    ALTER TABLE notifications ADD COLUMN posting_id TEXT;

                    CREATE TABLE market_categories (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL,
                        is_other INTEGER NOT NULL,
                        is_archived INTEGER NOT NULL,
                        created_at INTEGER NOT NULL,
                        version INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX market_categories_name_key ON market_categories(name_key);

                    CREATE TABLE postings (
                        id TEXT PRIMARY KEY NOT NULL,
                        poster_id TEXT NOT NULL REFERENCES accounts(id),
                        title TEXT NOT NULL,
                        description TEXT NOT NULL,
                        category_id TEXT NOT NULL REFERENCES market_categories(id),
                        suggested_category TEXT,
                        max_bid_cents INTEGER NOT NULL,
                        status TEXT NOT NULL,
                        latitude REAL,
                        longitude REAL,
                        place_name TEXT,
                        lat_cell INTEGER,
                        assignee_id TEXT,
                        accepted_bid_id TEXT,
                        assignee_task_id TEXT,
                        lowest_bid_cents INTEGER,
                        open_bid_count INTEGER NOT NULL,
                        bids_seen_at INTEGER NOT NULL,
                        done_at INTEGER,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        deleted_at INTEGER,
                        version INTEGER NOT NULL
                    );
                    CREATE INDEX postings_open_newest ON postings(created_at DESC, id DESC)
                        WHERE deleted_at IS NULL AND status IN ('requested', 'bidded');
                    CREATE INDEX postings_open_category ON postings(category_id, created_at DESC, id DESC)
                        WHERE deleted_at IS NULL AND status IN ('requested', 'bidded');
                    CREATE INDEX postings_near ON postings(lat_cell, longitude)
                        WHERE deleted_at IS NULL AND status IN ('requested', 'bidded');
                    CREATE INDEX postings_poster ON postings(poster_id, created_at);
                    CREATE INDEX postings_assignee ON postings(assignee_id) WHERE assignee_id IS NOT NULL;
                    CREATE INDEX postings_assignee_task ON postings(assignee_task_id) WHERE assignee_task_id IS NOT NULL;
                    CREATE INDEX postings_suggesting ON postings(created_at DESC, id DESC)
                        WHERE suggested_category IS NOT NULL AND deleted_at IS NULL;

                    CREATE VIRTUAL TABLE postings_fts USING fts5(
                        title, description, content='', tokenize='unicode61 remove_diacritics 0',
                        prefix='1 2 3 4 5 6 7 8'
                    );
                    CREATE TRIGGER postings_fts_insert AFTER INSERT ON postings BEGIN
                        INSERT INTO postings_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
                    END;
                    CREATE TRIGGER postings_fts_delete AFTER DELETE ON postings BEGIN
                        INSERT INTO postings_fts(postings_fts, rowid, title, description)
                        VALUES ('delete', old.rowid, old.title, old.description);
                    END;
                    CREATE TRIGGER postings_fts_update AFTER UPDATE OF title, description ON postings BEGIN
                        INSERT INTO postings_fts(postings_fts, rowid, title, description)
                        VALUES ('delete', old.rowid, old.title, old.description);
                        INSERT INTO postings_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
                    END;

                    CREATE TABLE bids (
                        id TEXT PRIMARY KEY NOT NULL,
                        posting_id TEXT NOT NULL REFERENCES postings(id),
                        poster_id TEXT NOT NULL,
                        bidder_id TEXT NOT NULL REFERENCES accounts(id),
                        amount_cents INTEGER NOT NULL,
                        message TEXT NOT NULL,
                        status TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        version INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX bids_open_bidder ON bids(posting_id, bidder_id) WHERE status = 'open';
                    CREATE INDEX bids_posting ON bids(posting_id, created_at);
                    CREATE INDEX bids_bidder ON bids(bidder_id, created_at);

                    CREATE TABLE posting_questions (
                        id TEXT PRIMARY KEY NOT NULL,
                        posting_id TEXT NOT NULL REFERENCES postings(id),
                        poster_id TEXT NOT NULL,
                        asker_id TEXT NOT NULL REFERENCES accounts(id),
                        body TEXT NOT NULL,
                        answer TEXT,
                        answered_at INTEGER,
                        created_at INTEGER NOT NULL,
                        version INTEGER NOT NULL
                    );
                    CREATE INDEX posting_questions_posting ON posting_questions(posting_id, created_at);
                    CREATE INDEX posting_questions_asker ON posting_questions(asker_id);

                    CREATE TABLE posting_reviews (
                        id TEXT PRIMARY KEY NOT NULL,
                        posting_id TEXT NOT NULL REFERENCES postings(id),
                        reviewer_id TEXT NOT NULL REFERENCES accounts(id),
                        reviewee_id TEXT NOT NULL REFERENCES accounts(id),
                        rating INTEGER NOT NULL,
                        body TEXT NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX posting_reviews_reviewer ON posting_reviews(posting_id, reviewer_id);
                    CREATE INDEX posting_reviews_reviewee ON posting_reviews(reviewee_id, created_at);
                    CREATE INDEX posting_reviews_by ON posting_reviews(reviewer_id);

                    CREATE TABLE attachments (
                        id TEXT PRIMARY KEY NOT NULL,
                        account_id TEXT NOT NULL REFERENCES accounts(id),
                        task_id TEXT REFERENCES tasks(id),
                        posting_id TEXT REFERENCES postings(id),
                        list_id TEXT,
                        kind TEXT NOT NULL,
                        byte_count INTEGER NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX attachments_task ON attachments(task_id, created_at) WHERE task_id IS NOT NULL;
                    CREATE INDEX attachments_posting ON attachments(posting_id, created_at) WHERE posting_id IS NOT NULL;
                    CREATE INDEX attachments_account ON attachments(account_id);
                    CREATE TABLE attachment_bytes (
                        attachment_id TEXT PRIMARY KEY NOT NULL REFERENCES attachments(id),
                        bytes BLOB NOT NULL
                    );
                    """)
            for (index, name) in MarketCategory.seededNames.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO market_categories (id, name, name_key, is_other, is_archived, created_at, version)
                        VALUES (?, ?, ?, ?, 0, 0, 1)
                        """,
                    arguments: [
                        MarketCategory.seededID(index).description, name, Rules.matchKey(name),
                        index == 0,
                    ])
            }
        }
        // Issue 16: the companion game and statistics (GAME). A profile's scalars are columns, the rest (companion,
        // inventory, badges, days off) one JSON column (`GameProfileDetails`); days are `YYYY-MM-DD` text. The store's
        // first catalogue is seeded with fixed ids; the admins' constants are one row once changed. A completion
        // gains the completing member's local day (existing ones get the UTC date of when they were done), whether it
        // was on time and its age; statistics group a member's completions by day, read from the covering index.
        migrator.registerMigration("8-game") { db in
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
        // Issue 17 (INTEROP-1, INTEROP-2): what CalDAV keeps about a task beyond the task (the resource name a client
        // chose, the UID and the body it last sent), and each member's ICS feed secret. Plain references, as in
        // "4-sharing": the writer deletes a task's object when it purges the task, and an account's key and its
        // tasks' objects with the account. Objects are found by name or UID within a list through their task, and a
        // calendar's ctag and sync token are the latest feed entry about its list, read along the new feed index.
        migrator.registerMigration("9-caldav") { db in
            try db.execute(
                sql: """
                    CREATE TABLE calendar_objects (
                        task_id TEXT PRIMARY KEY NOT NULL REFERENCES tasks(id),
                        name TEXT NOT NULL,
                        uid TEXT NOT NULL,
                        body TEXT NOT NULL,
                        body_version INTEGER NOT NULL,
                        pending_parent_uid TEXT
                    );
                    CREATE INDEX calendar_objects_uid ON calendar_objects(uid);
                    CREATE INDEX calendar_objects_name ON calendar_objects(name);
                    CREATE INDEX calendar_objects_pending_parent ON calendar_objects(pending_parent_uid)
                        WHERE pending_parent_uid IS NOT NULL;

                    CREATE TABLE feed_keys (
                        account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts(id),
                        key TEXT NOT NULL UNIQUE,
                        created_at INTEGER NOT NULL
                    );

                    CREATE TABLE calendar_collections (
                        list_id TEXT PRIMARY KEY NOT NULL REFERENCES lists(id),
                        name TEXT NOT NULL
                    );
                    CREATE INDEX calendar_collections_name ON calendar_collections(name);

                    CREATE INDEX changes_account_list ON changes(account_id, list_id, seq);
                    """)
        }
        // Issue 26 (OPS-4): retention purges notifications, finished deliveries and sync rejections by age. (On
        // PostgreSQL this migration also makes the foreign keys deferrable, for restores; SQLite defers per
        // transaction with `PRAGMA defer_foreign_keys`.)
        migrator.registerMigration("10-backup") { db in
            try db.execute(
                sql: """
                    CREATE INDEX notifications_created ON notifications(created_at);
                    CREATE INDEX deliveries_finished ON deliveries(created_at) WHERE state != 'pending';
                    CREATE INDEX sync_rejections_at ON sync_rejections(at);
                    """)
        }
        // Issue 27: when the server first stored each task, which no client can set (its `created_at` comes from
        // CalDAV, sync and imports). Tasks stored before have none; the game then goes by `created_at`.
        migrator.registerMigration("11-task-inserted-at") { db in
            try db.execute(sql: "ALTER TABLE tasks ADD COLUMN inserted_at INTEGER")
        }
        // Issue 34: a reminder delivered silently inside the quiet hours (NOTIF-3) says so, for the web app.
        migrator.registerMigration("12-notification-silent") { db in
            try db.execute(sql: "ALTER TABLE notifications ADD COLUMN silent INTEGER NOT NULL DEFAULT 0")
        }
        // Issue 34 (TASK-8): undo steps too large to travel in a page, kept for a while under a short id.
        migrator.registerMigration("13-undo-shelf") { db in
            try db.execute(
                sql: """
                    CREATE TABLE undo_shelf (
                        id TEXT PRIMARY KEY NOT NULL,
                        account_id TEXT NOT NULL,
                        steps TEXT NOT NULL,
                        expires_at INTEGER NOT NULL
                    );
                    CREATE INDEX undo_shelf_account ON undo_shelf(account_id, expires_at);
                    """)
        }
        return migrator
    }

    /// SQLite cannot change a table's foreign keys: the table is made again from its own definition with the
    /// clauses replaced, its rows copied, and its indexes and triggers created again (the documented 12 steps;
    /// the migrator runs with foreign keys off and checks them all afterwards).
    static func rebuild(
        _ db: Database, table: String, keepRowID: Bool,
        replacing clauses: [String: String]
    ) throws {
        guard
            var definition = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        else { throw DatabaseError(message: "no table \(table)") }
        for (old, new) in clauses {
            guard definition.contains(old) else { throw DatabaseError(message: "\(table) lacks '\(old)'") }
            definition = definition.replacingOccurrences(of: old, with: new)
        }
        let rest = try Row.fetchAll(
            db,
            sql: """
                SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL
                """, arguments: [table]
        ).map { $0[0] as String }
        let newName = "\(table)_rebuilt"
        guard let open = definition.firstIndex(of: "(") else { throw DatabaseError(message: "odd \(table)") }
        try db.execute(sql: "CREATE TABLE \(newName) " + definition[open...])
        let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            .map { $0[0] as String }.joined(separator: ", ")
        let copied = keepRowID ? "rowid, \(columns)" : columns
        try db.execute(sql: "INSERT INTO \(newName) (\(copied)) SELECT \(copied) FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        try db.execute(sql: "ALTER TABLE \(newName) RENAME TO \(table)")
        for statement in rest { try db.execute(sql: statement) }
    }
}
