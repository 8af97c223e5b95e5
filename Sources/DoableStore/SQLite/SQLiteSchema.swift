import DoableCore
import Foundation
import GRDB

/// Versioned migrations of the SQLite engine; they run at start, each once, in order.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-foundation", migrate: migration01Foundation)
        migrator.registerMigration("2-sealed-feed", migrate: migration02SealedFeed)
        migrator.registerMigration("3-hardening-task-parent-guard", migrate: migration03HardeningTaskParentGuard)
        migrator.registerMigration("4-sharing", migrate: migration04Sharing)
        migrator.registerMigration("5-reminders", migrate: migration05Reminders)
        migrator.registerMigration("6-sync", migrate: migration06Sync)
        migrator.registerMigration("7-market", migrate: migration07Market)
        migrator.registerMigration("8-game", migrate: migration08Game)
        migrator.registerMigration("9-caldav", migrate: migration09Caldav)
        migrator.registerMigration("10-backup", migrate: migration10Backup)
        migrator.registerMigration("11-task-inserted-at", migrate: migration11TaskInsertedAt)
        migrator.registerMigration("12-notification-silent", migrate: migration12NotificationSilent)
        migrator.registerMigration("13-undo-shelf", migrate: migration13UndoShelf)
        migrator.registerMigration("14-posting-when", migrate: migration14PostingWhen)
        migrator.registerMigration("15-push-subscriptions", migrate: migration15PushSubscriptions)
        migrator.registerMigration("16-account-security", migrate: migration16AccountSecurity)
        migrator.registerMigration("17-sibling-rank", migrate: migration17SiblingRank)
        migrator.registerMigration("18-search-on-text-change", migrate: migration18SearchOnTextChange)
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
