import DoableCore
import Foundation
import PostgresNIO

/// Applies one `WriteBatch` inside an open PostgreSQL transaction, then appends its feed entries.
/// The same operations, checks and feed rules as `SQLiteWriter`.
struct PostgresWriter {
    let connection: PostgresConnection
    let logger: Logger

    func apply(_ batch: WriteBatch) async throws -> [Change] {
        for operation in batch.operations { try await apply(operation) }
        return try await appendChanges(batch.pendingChanges(), at: batch.now)
    }

    func apply(_ operation: WriteBatch.Operation) async throws {
        switch operation {
        case .putAccount(let account):
            try await put("accounts", id: account.id.description, version: account.version,
                          values: PostgresRows.accountValues(account))
        case .deleteAccount(let id):
            try await execute("DELETE FROM accounts WHERE id = \(id.uuid)")
        case .putList(let list):
            try await put("lists", id: list.id.description, version: list.version,
                          values: PostgresRows.listValues(list))
        case .purgeList(let list):
            try await execute("DELETE FROM lists WHERE id = \(list.id.uuid)")
        case .putTask(let task):
            try await put("tasks", id: task.id.description, version: task.version,
                          values: PostgresRows.taskValues(task))
            if task.version > 1 { try await execute("DELETE FROM task_labels WHERE task_id = \(task.id.uuid)") }
            if !task.labelIDs.isEmpty {
                try await execute("""
                    INSERT INTO task_labels (task_id, label_id)
                    SELECT \(task.id.uuid), unnest(\(task.labelIDs.map(\.uuid))) ON CONFLICT DO NOTHING
                    """)
            }
        case .purgeTask(let task):
            try await execute("DELETE FROM tasks WHERE id = \(task.id.uuid)")
        case .putLabel(let label):
            try await put("labels", id: label.id.description, version: label.version,
                          values: PostgresRows.labelValues(label))
        case .deleteLabel(let label):
            try await execute("DELETE FROM labels WHERE id = \(label.id.uuid)")
        case .putCredential(let credential):
            try await execute("""
                INSERT INTO credentials (id, account_id, kind, name, scope, secret_hash, created_at, expires_at)
                VALUES (\(credential.id.uuid), \(credential.accountID.uuid), \(credential.kind.rawValue),
                        \(credential.name), \(credential.scope.rawValue), \(credential.secretHash),
                        \(credential.createdAt.milliseconds), \(credential.expiresAt?.milliseconds))
                """)
        case .deleteCredential(let id):
            try await execute("DELETE FROM credentials WHERE id = \(id.uuid)")
        case .deleteCredentials(let accountID, let kinds, let except):
            try await execute("""
                DELETE FROM credentials
                WHERE account_id = \(accountID.uuid) AND kind = ANY(\(kinds.map(\.rawValue)))
                AND id IS DISTINCT FROM \(except?.uuid)
                """)
        }
    }

    /// Inserts a row at version 1, or updates it only if the stored version is the one before.
    func put(_ table: String, id: String, version: Int64, values: PostgresRowValues) async throws {
        if version == 1 {
            try await execute(values.insert(into: table))
            return
        }
        let updated = try await fetch(values.update(table, expectedVersion: version - 1))
        if updated.isEmpty { throw StoreError.versionConflict(entity: table, id: id) }
    }

    func appendChanges(_ pending: [(AccountID, Change.Entity, String, Change.Kind)], at now: Timestamp) async throws
        -> [Change]
    {
        guard !pending.isEmpty else { return [] }
        var counts: [AccountID: Int64] = [:]
        for (account, _, _, _) in pending { counts[account, default: 0] += 1 }
        // Several writers may lock the same accounts: always in one order, so they queue instead of deadlocking.
        var next: [AccountID: Int64] = [:]
        for account in counts.keys.sorted() {
            let count = counts[account]!
            let rows = try await fetch("""
                UPDATE accounts SET change_seq = change_seq + \(count) WHERE id = \(account.uuid) RETURNING change_seq
                """)
            guard let last: Int64 = try rows.first?["change_seq"] else {
                throw StoreError.referenceMissing("account \(account)")
            }
            next[account] = last - count + 1
        }
        var changes: [Change] = []
        for (account, entity, entityID, kind) in pending {
            let sequence = next[account]!
            next[account] = sequence + 1
            changes.append(Change(accountID: account, sequence: sequence, entity: entity, entityID: entityID,
                                  kind: kind, at: now))
        }
        try await execute("""
            INSERT INTO changes (account_id, seq, entity, entity_id, kind, at)
            SELECT account_id, seq, entity, entity_id, kind, \(now.milliseconds)
            FROM unnest(\(changes.map(\.accountID.uuid)), \(changes.map(\.sequence)), \(changes.map(\.entity.rawValue)),
                        \(changes.map(\.entityID)), \(changes.map(\.kind.rawValue)))
                AS c(account_id, seq, entity, entity_id, kind)
            """)
        return changes
    }

    func execute(_ query: PostgresQuery) async throws {
        try await connection.query(query, logger: logger)
    }

    func fetch(_ query: PostgresQuery) async throws -> [PostgresRecord] {
        var records: [PostgresRecord] = []
        for try await row in try await connection.query(query, logger: logger) { records.append(PostgresRecord(row)) }
        return records
    }

    /// The `StoreError` for a constraint the database refused, mapped as `SQLiteWriter.storeError` does;
    /// any other error is returned unchanged.
    static func storeError(for error: any Error) -> any Error {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState], state.hasPrefix("23") else {
            return error
        }
        let constraint = error.serverInfo?[.constraintName] ?? ""
        let message = error.serverInfo?[.message] ?? state
        if state == "23505" {
            if constraint.contains("email_key") { return StoreError.duplicate(key: "email") }
            if constraint.contains("username_key") { return StoreError.duplicate(key: "username") }
            if constraint.contains("name_key") { return StoreError.duplicate(key: "name") }
        }
        if state == "23503" { return StoreError.referenceMissing(message) }
        return StoreError.versionConflict(entity: "row", id: message)
    }
}
