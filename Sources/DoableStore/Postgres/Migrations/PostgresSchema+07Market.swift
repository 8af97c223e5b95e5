import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 15: see SQLiteSchema's migration of the same name. The full-text index is a generated `tsvector`
    /// like the tasks' one, with a GIN index over open postings; the newest-first indexes are ascending and read
    /// backwards.
    static let migration07Market = Migration(
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
            })
}
