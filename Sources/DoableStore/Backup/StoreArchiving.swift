import Foundation

/// OPS-4: what a store does for `doable backup` and `doable restore`. Both engines write and read the same
/// engine-neutral archive (docs/backup.md), so an installation moves from one to the other by a backup and a restore.
public protocol StoreArchiving: Sendable {
    /// `sqlite` or `postgresql`, as the manifest names it.
    var engineName: String { get }

    /// Writes every table into `writer` from one consistent snapshot (one read transaction), while the server
    /// goes on writing: a write batch is in the archive whole or not at all.
    func backup(into writer: BackupArchiveWriter) async throws -> BackupManifest

    /// What the store holds that a restore would replace ("2 accounts"), or nil when it holds no account.
    func existingData() async throws -> String?

    /// Replaces everything in the store by the archive's rows in one transaction (`reader` verified first), and
    /// moves every account's change feed on by `StoreSchema.restoreFeedJump`, so that every device, CalDAV client
    /// and event stream holding a cursor from before the restore resyncs instead of diverging.
    func restore(from reader: BackupArchiveReader, progress: (@Sendable (BackupProgress) -> Void)?) async throws
        -> RestoreReport
}

/// What a restore wrote.
public struct RestoreReport: Sendable {
    public var rows: [(table: String, count: Int)]
    public var totalRows: Int { rows.reduce(0) { $0 + $1.count } }
}

extension StoreSchema {
    /// How far a restore moves every account's feed sequence on: past any cursor a device can hold from before.
    public static let restoreFeedJump: Int64 = 1_000_000_000
}

/// The tables a backup leaves out: each engine's own bookkeeping and search indexes, rebuilt from the rows.
enum BackupTables {
    static let skipped: Set<String> = [
        "grdb_migrations", "schema_migrations", "sqlite_sequence", "sqlite_stat1",
        "sqlite_stat4",
    ]

    /// A table or column name as an SQL identifier (both engines quote alike).
    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Checks that every part and column of the archive exists in the target, before anything is written.
    static func check(_ manifest: BackupManifest, against target: [String: Set<String>]) throws {
        for part in manifest.parts {
            guard let columns = target[part.name] else { throw BackupError.foreignTable(part.name) }
            for column in part.columns where !columns.contains(column.name) {
                throw BackupError.foreignColumn(table: part.name, column: column.name)
            }
        }
    }
}
