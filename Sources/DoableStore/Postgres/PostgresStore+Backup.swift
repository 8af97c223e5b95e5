import Foundation
import PostgresNIO

/// OPS-4 on PostgreSQL. A backup reads every table in one `REPEATABLE READ READ ONLY` transaction (one snapshot,
/// taking no lock a writer waits for), each row turned into its JSON line by the server; a restore replaces every
/// table in one transaction, inserting batches of JSON lines that the server casts into each column's own type, with
/// the foreign keys (deferrable since migration 10) checked at commit.
extension PostgresStore: StoreArchiving {
    public var engineName: String { "postgresql" }

    struct TargetColumn {
        var name: String
        var type: String
    }

    public func backup(into writer: BackupArchiveWriter) async throws -> BackupManifest {
        do {
            try await client.withConnection { connection in
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                do {
                    try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
                    let tables = try await Self.archivedTables(connection, logger: logger)
                    var expected = 0
                    for (table, _) in tables {
                        let rows = try await connection.query(
                            PostgresQuery(
                                unsafeSQL: """
                                    SELECT count(*) FROM \(BackupTables.quoted(table))
                                    """), logger: logger)
                        for try await count in rows.decode(Int64.self) { expected += Int(count) }
                    }
                    writer.expectedRows = expected
                    for (table, columns) in tables {
                        let archived = columns.map { BackupColumn(name: $0.name, type: Self.archiveType($0.type)) }
                        try writer.beginPart(table, columns: archived)
                        let cells = columns.map(Self.archiveExpression).joined(separator: ", ")
                        let order = columns.contains { $0.name == "created_at" } ? " ORDER BY created_at" : ""
                        let rows = try await connection.query(
                            PostgresQuery(
                                unsafeSQL: """
                                    SELECT json_build_array(\(cells))::text FROM \(BackupTables.quoted(table))\(order)
                                    """), logger: logger)
                        for try await line in rows.decode(String.self) { try writer.appendEncoded(line) }
                    }
                    try await connection.query("COMMIT", logger: logger)
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch {
            throw Self.storeError(for: Self.unwrap(error))
        }
        return try writer.manifest(engine: engineName)
    }

    public func existingData() async throws -> String? {
        let accounts = try await fetchOne("SELECT count(*) AS n FROM accounts") { try $0["n"] as Int64 } ?? 0
        return accounts == 0 ? nil : "\(accounts) account\(accounts == 1 ? "" : "s")"
    }

    public func restore(from reader: BackupArchiveReader, progress: (@Sendable (BackupProgress) -> Void)?) async throws
        -> RestoreReport
    {
        let manifest = reader.manifest
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
                try await connection.query("SET CONSTRAINTS ALL DEFERRED", logger: logger)
                let target = try await Self.archivedTables(connection, logger: logger)
                let types = Dictionary(
                    uniqueKeysWithValues: target.map { table in
                        (table.table, Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, $0.type) }))
                    })
                try BackupTables.check(manifest, against: types.mapValues { Set($0.keys) })
                if !target.isEmpty {
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: """
                                TRUNCATE \(target.map { BackupTables.quoted($0.table) }.joined(separator: ", "))
                                """), logger: logger)
                }
                var report = RestoreReport(rows: [])
                var done = 0
                for part in manifest.parts {
                    let columns = part.columns.map(\.name)
                    let casts = part.columns.enumerated().map { index, column in
                        Self.restoreExpression("r->>\(index)", type: types[part.name]?[column.name] ?? "text")
                    }
                    let sql = """
                        INSERT INTO \(BackupTables.quoted(part.name)) (\(columns.map(BackupTables.quoted).joined(separator: ", ")))
                        SELECT \(casts.joined(separator: ", ")) FROM jsonb_array_elements($1::jsonb) AS r
                        """
                    var batches: [(String, Int)] = []
                    try reader.forEachBatch(of: part, batchBytes: 2 << 20) { lines in
                        var text = "["
                        text.reserveCapacity(lines.reduce(2) { $0 + $1.count + 1 })
                        for (index, line) in lines.enumerated() {
                            if index > 0 { text += "," }
                            text += String(decoding: line, as: UTF8.self)
                        }
                        batches.append((text + "]", lines.count))
                    }
                    for (batch, count) in batches {
                        var binds = PostgresBindings()
                        binds.append(batch)
                        try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
                        done += count
                        progress?(BackupProgress(part: part.name, rows: done, bytes: 0, totalRows: manifest.totalRows))
                    }
                    report.rows.append((part.name, part.rows))
                }
                try await connection.query(
                    """
                    UPDATE accounts SET change_seq = change_seq + \(StoreSchema.restoreFeedJump),
                                        feed_floor = change_seq + \(StoreSchema.restoreFeedJump)
                    """, logger: logger)
                return report
            }
        } catch {
            let error = Self.unwrap(error)
            if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState], state.hasPrefix("23") {
                throw BackupError.notAnArchive("its rows break a rule of the database (\(error.serverInfo?[.message] ?? state))")
            }
            throw Self.storeError(for: error)
        }
    }

    /// Every base table of the store's schema but the migrations' record, with its columns (generated ones, the
    /// search vectors, are left out: the server computes them again).
    static func archivedTables(_ connection: PostgresConnection, logger: Logger) async throws
        -> [(table: String, columns: [TargetColumn])]
    {
        var columns: [String: [TargetColumn]] = [:]
        let rows = try await connection.query(
            """
            SELECT c.table_name, c.column_name, c.udt_name FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
            ORDER BY c.table_name, c.ordinal_position
            """, logger: logger)
        for try await (table, column, type) in rows.decode((String, String, String).self)
        where !BackupTables.skipped.contains(table) {
            columns[table, default: []].append(TargetColumn(name: column, type: type))
        }
        return columns.keys.sorted().map { ($0, columns[$0]!) }
    }

    static func archiveType(_ type: String) -> BackupColumnType {
        switch type {
        case "bool": .boolean
        case "int2", "int4", "int8": .integer
        case "float4", "float8", "numeric": .real
        case "bytea": .bytes
        default: .text
        }
    }

    /// The column as the archive holds it: text in SQLite's form for uuid, date, jsonb and arrays (ids joined with
    /// commas, as SQLite's `label_ids`); bytes as base64 without line breaks.
    static func archiveExpression(_ column: TargetColumn) -> String {
        let name = BackupTables.quoted(column.name)
        switch archiveType(column.type) {
        case .boolean, .integer, .real: return name
        case .bytes: return "translate(encode(\(name), 'base64'), E'\\n', '')"
        case .text:
            if column.type.hasPrefix("_") { return "array_to_string(\(name), ',')" }
            return column.type == "text" ? name : "\(name)::text"
        }
    }

    /// The cell `cell` (a JSON text element, `r->>k`) cast into the target column's type.
    static func restoreExpression(_ cell: String, type: String) -> String {
        switch type {
        case "text": return cell
        case "bytea": return "decode(\(cell), 'base64')"
        case "bool": return "(\(cell))::boolean"
        default:
            if type.hasPrefix("_") {
                let element = String(type.dropFirst())
                return "string_to_array(\(cell), ',')::\(element)[]"
            }
            return "(\(cell))::\(type)"
        }
    }

}
