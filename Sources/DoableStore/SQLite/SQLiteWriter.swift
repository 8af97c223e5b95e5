import DoableCore
import GRDB

/// Applies one `WriteBatch` inside an open SQLite transaction, then appends its feed entries.
struct SQLiteWriter {
    let db: Database

    func apply(_ batch: WriteBatch) throws -> [Change] {
        for operation in batch.operations { try apply(operation) }
        return try appendChanges(batch.pendingChanges(), at: batch.now)
    }

    func apply(_ operation: WriteBatch.Operation) throws {
        switch operation {
        case .putAccount(let account):
            try put(SQLiteTable.accounts, version: account.version, id: account.id.description,
                    arguments: try SQLiteRows.accountArguments(account))
        case .deleteAccount(let id):
            try execute("DELETE FROM accounts WHERE id = ?", arguments: [id.description])
        case .putList(let list):
            try put(SQLiteTable.lists, version: list.version, id: list.id.description,
                    arguments: SQLiteRows.listArguments(list))
        case .purgeList(let list):
            try execute("DELETE FROM lists WHERE id = ?", arguments: [list.id.description])
        case .putTask(let task):
            try put(SQLiteTable.tasks, version: task.version, id: task.id.description,
                    arguments: SQLiteRows.taskArguments(task))
            if task.version > 1 {
                try execute("DELETE FROM task_labels WHERE task_id = ?", arguments: [task.id.description])
            }
            for labelID in task.labelIDs {
                try execute("INSERT OR IGNORE INTO task_labels (task_id, label_id) VALUES (?, ?)",
                            arguments: [task.id.description, labelID.description])
            }
        case .purgeTask(let task):
            try execute("DELETE FROM tasks WHERE id = ?", arguments: [task.id.description])
        case .putLabel(let label):
            try put(SQLiteTable.labels, version: label.version, id: label.id.description,
                    arguments: [label.id.description, label.ownerID.description, label.name, Rules.matchKey(label.name),
                                label.color, label.createdAt.milliseconds, label.updatedAt.milliseconds,
                                label.version])
        case .deleteLabel(let label):
            try execute("DELETE FROM labels WHERE id = ?", arguments: [label.id.description])
        case .putCredential(let credential):
            try execute("""
                INSERT INTO credentials (id, account_id, kind, name, scope, secret_hash, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [credential.id.description, credential.accountID.description, credential.kind.rawValue,
                                 credential.name, credential.scope.rawValue, credential.secretHash,
                                 credential.createdAt.milliseconds, credential.expiresAt?.milliseconds])
        case .deleteCredential(let id):
            try execute("DELETE FROM credentials WHERE id = ?", arguments: [id.description])
        case .deleteCredentials(let accountID, let kinds, let except):
            let marks = Array(repeating: "?", count: kinds.count).joined(separator: ",")
            try db.execute(
                sql: "DELETE FROM credentials WHERE account_id = ? AND kind IN (\(marks)) AND id != ?",
                arguments: StatementArguments([accountID.description] + kinds.map(\.rawValue)
                    + [except?.description ?? ""]))
        }
    }

    /// Runs a statement prepared once per connection: a write is a handful of statements, and compiling them
    /// again for every write was a good part of its cost.
    func execute(_ sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// Inserts a row at version 1, or updates it only if the stored version is the one before.
    func put(_ table: SQLiteTable, version: Int64, id: String, arguments: [(any DatabaseValueConvertible)?]) throws {
        if version == 1 {
            try execute(table.insertSQL, arguments: StatementArguments(arguments))
            return
        }
        var values = Array(arguments.dropFirst())
        values.append(id)
        values.append(version - 1)
        try execute(table.updateSQL, arguments: StatementArguments(values))
        if db.changesCount == 0 { throw StoreError.versionConflict(entity: table.name, id: id) }
    }

    func appendChanges(_ pending: [(AccountID, Change.Entity, String, Change.Kind)], at now: Timestamp) throws
        -> [Change]
    {
        var counts: [AccountID: Int64] = [:]
        var order: [AccountID] = []
        for (account, _, _, _) in pending {
            if counts[account] == nil { order.append(account) }
            counts[account, default: 0] += 1
        }
        var next: [AccountID: Int64] = [:]
        for account in order {
            let last = try Int64.fetchOne(
                db.cachedStatement(sql: "UPDATE accounts SET change_seq = change_seq + ? WHERE id = ? RETURNING change_seq"),
                arguments: [counts[account]!, account.description])
            guard let last else { throw StoreError.referenceMissing("account \(account)") }
            next[account] = last - counts[account]! + 1
        }
        var changes: [Change] = []
        for (account, entity, entityID, kind) in pending {
            let sequence = next[account]!
            next[account] = sequence + 1
            try execute("INSERT INTO changes (account_id, seq, entity, entity_id, kind, at) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [account.description, sequence, entity.rawValue, entityID, kind.rawValue,
                                       now.milliseconds])
            changes.append(Change(accountID: account, sequence: sequence, entity: entity, entityID: entityID,
                                  kind: kind, at: now))
        }
        return changes
    }

    static func storeError(for error: DatabaseError) -> any Error {
        let message = error.message ?? ""
        if message.contains("email_key") { return StoreError.duplicate(key: "email") }
        if message.contains("username_key") { return StoreError.duplicate(key: "username") }
        if message.contains("name_key") { return StoreError.duplicate(key: "name") }
        if error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY { return StoreError.referenceMissing(message) }
        return StoreError.versionConflict(entity: "row", id: message)
    }
}
