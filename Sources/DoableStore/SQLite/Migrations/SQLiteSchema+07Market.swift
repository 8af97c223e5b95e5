import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 15: the marketplace (MKT) and photos (TASK-11). Plain references, as in "4-sharing"; none to tasks or
    /// to the assignee (a purged task or a deleted assignee leaves a done posting's record as it was). Money is in
    /// cents. A posting's location is its latitude and longitude with `lat_cell` (`GeoPoint.latitudeCell`) for the
    /// near-me index, of open postings only like the newest-first indexes search reads (the domain lists open ones
    /// only; another status is read without an index). The full-text index is keyed
    /// by the postings' rowids like `tasks_fts`, with prefix indexes up to 8 characters: without them FTS5 answers
    /// a prefix query by merging the lists of every term it begins before returning a first row (13 ms for a word
    /// in a quarter of 1,000,000 postings), with them it reads the matches in rowid order one by one, which
    /// `SQLiteStore.searchPostings` needs. A photo's bytes are a row of their own, apart from what lists read.
    static func migration07Market(_ db: Database) throws {
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
}
