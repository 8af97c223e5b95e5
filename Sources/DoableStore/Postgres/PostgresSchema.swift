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
        migration01Foundation,
        migration02SealedFeed,
        migration03HardeningTaskParentGuard,
        migration04Sharing,
        migration05Reminders,
        migration06Sync,
        migration07Market,
        migration08Game,
        migration09Caldav,
        migration10Backup,
        migration11TaskInsertedAt,
        migration12NotificationSilent,
        migration13UndoShelf,
        migration14PostingWhen,
        migration15PushSubscriptions,
        migration16AccountSecurity,
        migration17SiblingRank,
        migration18PlannerStatistics,
    ]

    /// `text` as an escape string literal, right whatever `standard_conforming_strings` says.
    static func literal(_ text: String) -> String {
        "E'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// The advisory lock that serializes parent changes (migration 3); differs from `lockKey`.
    static let parentGuardLockKey: Int64 = 0x646F_6162_6C66
}
