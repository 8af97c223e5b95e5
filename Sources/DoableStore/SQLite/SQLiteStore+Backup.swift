import Foundation
import GRDB

/// OPS-4 on the embedded engine. A backup reads every table in one read transaction on a reader connection (WAL:
/// the server's writer goes on meanwhile); a restore replaces every table in one write transaction, with foreign
/// keys checked at its commit.
extension SQLiteStore: StoreArchiving {
    public var engineName: String { "sqlite" }

    public func backup(into writer: BackupArchiveWriter) async throws -> BackupManifest {
        try await pool.read { db in
            let withoutRowID = try Set(
                String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table' AND upper(sql) LIKE '%WITHOUT ROWID%'
                        """))
            let tables = try Self.archivedTables(db)
            writer.expectedRows = try tables.reduce(0) { total, table in
                total + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \(BackupTables.quoted(table.table))") ?? 0)
            }
            for (table, columns) in tables {
                try writer.beginPart(table, columns: columns)
                let names = columns.map { BackupTables.quoted($0.name) }.joined(separator: ", ")
                // In insertion order, which a restore keeps: the marketplace's search lists newest first by rowid.
                let order = withoutRowID.contains(table) ? "" : " ORDER BY rowid"
                let rows = try Row.fetchCursor(db, sql: "SELECT \(names) FROM \(BackupTables.quoted(table))\(order)")
                while let row = try rows.next() {
                    try writer.append(try columns.indices.map { try Self.value(row[$0] as DatabaseValue, as: columns[$0], in: table) })
                }
            }
        }
        return try writer.manifest(engine: engineName)
    }

    public func existingData() async throws -> String? {
        let accounts = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM accounts") ?? 0 }
        return accounts == 0 ? nil : "\(accounts) account\(accounts == 1 ? "" : "s")"
    }

    public func restore(from reader: BackupArchiveReader, progress: (@Sendable (BackupProgress) -> Void)?) async throws
        -> RestoreReport
    {
        let manifest = reader.manifest
        return try await pool.writeWithoutTransaction { db in
            var report = RestoreReport(rows: [])
            try db.inTransaction(.immediate) {
                try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
                let target = try Self.archivedTables(db)
                try BackupTables.check(
                    manifest,
                    against: Dictionary(
                        uniqueKeysWithValues: target.map {
                            ($0.table, Set($0.columns.map(\.name)))
                        }))
                for (table, _) in target { try db.execute(sql: "DELETE FROM \(BackupTables.quoted(table))") }
                var done = 0
                for part in manifest.parts {
                    let names = part.columns.map { BackupTables.quoted($0.name) }.joined(separator: ", ")
                    let marks = Array(repeating: "?", count: part.columns.count).joined(separator: ", ")
                    let insert = try db.makeStatement(sql: "INSERT INTO \(BackupTables.quoted(part.name)) (\(names)) VALUES (\(marks))")
                    try reader.forEachRows(of: part) { rows in
                        for row in rows {
                            try insert.execute(arguments: StatementArguments(row.map(Self.databaseValue)))
                        }
                        done += rows.count
                        progress?(BackupProgress(part: part.name, rows: done, bytes: 0, totalRows: manifest.totalRows))
                    }
                    report.rows.append((part.name, part.rows))
                }
                try db.execute(
                    sql: """
                        UPDATE accounts SET change_seq = change_seq + \(StoreSchema.restoreFeedJump),
                                            feed_floor = change_seq + \(StoreSchema.restoreFeedJump)
                        """)
                return .commit
            }
            return report
        }
    }

    /// Every table a backup holds, with its columns, by name: not GRDB's or SQLite's own, nor the full-text indexes
    /// (virtual tables and their shadow tables), which the insert triggers rebuild.
    static func archivedTables(_ db: Database) throws -> [(table: String, columns: [BackupColumn])] {
        let all = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
        let virtual = all.filter { (($0["sql"] as String?) ?? "").uppercased().hasPrefix("CREATE VIRTUAL TABLE") }
            .map { $0["name"] as String }
        return try all.map { $0["name"] as String }.filter { name in
            !BackupTables.skipped.contains(name) && !name.hasPrefix("sqlite_")
                && !virtual.contains(where: { name == $0 || name.hasPrefix($0 + "_") })
        }.map { table in
            let columns = try Row.fetchAll(
                db, sql: "SELECT name, type FROM pragma_table_info(?) ORDER BY cid",
                arguments: [table])
            return (table, columns.map { BackupColumn(name: $0["name"], type: columnType(declared: $0["type"])) })
        }
    }

    /// SQLite's type affinity rules, to the archive's types (booleans are integers here).
    static func columnType(declared: String) -> BackupColumnType {
        let type = declared.uppercased()
        if type.contains("INT") { return .integer }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .text }
        if type.contains("BLOB") { return .bytes }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return .real }
        return .text
    }

    static func value(_ value: DatabaseValue, as column: BackupColumn, in table: String) throws -> BackupValue {
        switch (value.storage, column.type) {
        case (.null, _): return .null
        case (.int64(let number), .integer), (.int64(let number), .boolean): return .integer(number)
        case (.int64(let number), .real): return .real(Double(number))
        case (.int64(let number), .text): return .text(String(number))
        case (.double(let number), .real): return .real(number)
        case (.double(let number), .integer) where number.rounded() == number: return .integer(Int64(number))
        case (.double(let number), .text): return .text("\(number)")
        case (.string(let text), .text): return .text(text)
        case (.string(let text), .integer) where Int64(text) != nil: return .integer(Int64(text)!)
        case (.blob(let data), .bytes): return .bytes(data)
        case (.string(let text), .bytes): return .bytes(Data(text.utf8))
        case (.blob(let data), .text): return .text(String(decoding: data, as: UTF8.self))
        default:
            throw BackupError.notAnArchive("the column \(table).\(column.name) holds a \(value.storage) where \(column.type.rawValue) was declared")
        }
    }

    static func databaseValue(_ value: BackupValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .boolean(let flag): (flag ? 1 : 0 as Int64).databaseValue
        case .text(let text): text.databaseValue
        case .bytes(let data): data.databaseValue
        }
    }

}
