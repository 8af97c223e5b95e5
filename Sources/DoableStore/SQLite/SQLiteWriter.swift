import DoableCore
import GRDB

/// Applies one `WriteBatch` inside an open SQLite transaction, then appends its feed entries.
struct SQLiteWriter {
    let db: Database

    func apply(_ batch: WriteBatch) throws -> [Change] {
        for operation in batch.operations { try apply(operation, now: batch.now) }
        return try appendChanges(batch)
    }

    func apply(_ operation: WriteBatch.Operation, now: Timestamp) throws {
        switch operation {
        case .account(let operation): try apply(operation, now: now)
        case .task(let operation): try apply(operation, now: now)
        case .sharing(let operation): try apply(operation, now: now)
        case .reminder(let operation): try apply(operation, now: now)
        case .sync(let operation): try apply(operation, now: now)
        case .market(let operation): try apply(operation, now: now)
        case .photo(let operation): try apply(operation, now: now)
        case .game(let operation): try apply(operation, now: now)
        case .calendar(let operation): try apply(operation, now: now)
        case .requireAtMost(let limit):
            // The write transaction is SQLite's only one at a time: counting inside it sees every committed row.
            let (sql, key, maximum): (String, String, Int) =
                switch limit {
                case .remindersOnTask(let task, let maximum):
                    ("SELECT count(*) FROM reminders WHERE task_id = ?", task.description, maximum)
                case .webhooksOfAccount(let account, let maximum):
                    ("SELECT count(*) FROM webhooks WHERE account_id = ?", account.description, maximum)
                case .attachmentsOnTask(let task, let maximum):
                    ("SELECT count(*) FROM attachments WHERE task_id = ?", task.description, maximum)
                case .attachmentsOnPosting(let posting, let maximum):
                    ("SELECT count(*) FROM attachments WHERE posting_id = ?", posting.description, maximum)
                }
            if try Int.fetchOne(db.cachedStatement(sql: sql), arguments: [key]) ?? 0 > maximum {
                throw StoreError.versionConflict(entity: "limit", id: key)
            }
        }
    }

    /// Runs a statement prepared once per connection: a write is a handful of statements, and compiling them
    /// again for every write was a good part of its cost.
    func execute(_ sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// Inserts a row at version 1, or updates it only if the stored version is the one before.
    /// `insertOnly`: the values of the table's insert-only columns, written by an insert and never by an update.
    func put(
        _ table: SQLiteTable, version: Int64, id: String, arguments: [(any DatabaseValueConvertible)?],
        insertOnly: [(any DatabaseValueConvertible)?] = []
    ) throws {
        if version == 1 {
            try execute(table.insertSQL, arguments: StatementArguments(arguments + insertOnly))
            return
        }
        var values = Array(arguments.dropFirst())
        values.append(id)
        values.append(version - 1)
        try execute(table.updateSQL, arguments: StatementArguments(values))
        if db.changesCount == 0 { throw StoreError.versionConflict(entity: table.name, id: id) }
    }

    /// Deletes the row only if it still has the version that was read.
    func delete(_ table: String, id: String, version: Int64) throws {
        try execute("DELETE FROM \(table) WHERE id = ? AND version = ?", arguments: [id, version])
        if db.changesCount == 0 { throw StoreError.versionConflict(entity: table, id: id) }
    }

    /// Who may see each list the batch concerns: its owner and members, as they are after the batch's own rows.
    func audience(of batch: WriteBatch) throws -> [ListID: [AccountID]] {
        let lists = batch.listsConcerned
        guard !lists.isEmpty else { return [:] }
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id AS list_id, owner_id AS account_id, 0 AS position FROM lists
                    WHERE id IN (SELECT value FROM json_each(?1))
                    UNION ALL
                    SELECT list_id, account_id, 1 FROM list_members WHERE list_id IN (SELECT value FROM json_each(?1))
                    ORDER BY 1, 3
                    """), arguments: [SQLiteStore.jsonArray(lists.map(\.description))])
        var audience: [ListID: [AccountID]] = [:]
        for row in rows {
            audience[SQLiteRows.id(row, "list_id"), default: []].append(SQLiteRows.id(row, "account_id"))
        }
        return audience
    }

    func appendChanges(_ batch: WriteBatch) throws -> [Change] {
        let entries = batch.feedEntries(audience: try audience(of: batch))
        guard !entries.isEmpty else { return [] }
        var before: [AccountID: Int64] = [:]
        for (account, count) in WriteBatch.counts(of: entries) {
            let last = try Int64.fetchOne(
                db.cachedStatement(sql: "UPDATE accounts SET change_seq = change_seq + ? WHERE id = ? RETURNING change_seq"),
                arguments: [count, account.description])
            guard let last else { throw StoreError.referenceMissing("account \(account)") }
            before[account] = last - count
        }
        let changes = WriteBatch.sequenced(entries, lastSequences: before, batch: batch)
        for change in changes {
            try execute(
                """
                INSERT INTO changes (account_id, seq, entity, entity_id, kind, at, actor_id, list_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    change.accountID.description, change.sequence, change.entity.rawValue, change.entityID,
                    change.kind.rawValue, change.at.milliseconds, change.actorID?.description,
                    change.listID?.description,
                ])
        }
        return changes
    }

    /// The `StoreError` for a constraint SQLite refused: exactly, so that a constraint no request can break
    /// (NOT NULL, CHECK) surfaces as a bug instead of being retried as if it were a race.
    static func storeError(for error: DatabaseError) -> any Error {
        let message = error.message ?? ""
        switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_UNIQUE:
            if message.contains("email_key") { return StoreError.duplicate(key: "email") }
            if message.contains("username_key") { return StoreError.duplicate(key: "username") }
            if message.contains("name_key") { return StoreError.duplicate(key: "name") }
            if message.contains("posting_reviews.reviewer_id") { return StoreError.duplicate(key: "review") }
            // A second open bid of one bidder on one posting (`bids_open_bidder`): two bids placed at once, of which
            // the second, retried from fresh reads, changes the first instead.
            if message.contains("bids.bidder_id") { return StoreError.versionConflict(entity: "bids", id: message) }
            return StoreError.integrity(message)
        case .SQLITE_CONSTRAINT_PRIMARYKEY:
            // A row inserted at version 1 that another write created since it was read.
            return StoreError.versionConflict(entity: "row", id: message)
        case .SQLITE_CONSTRAINT_FOREIGNKEY:
            return StoreError.referenceMissing(message)
        case .SQLITE_CONSTRAINT_TRIGGER where message == "task_parent_cycle":
            // Issue 10, finding 14 (SQLiteSchema migration 3): a move that raced another one; retried from fresh
            // reads, where the domain's own check then refuses it with a clear message.
            return StoreError.versionConflict(entity: "tasks", id: message)
        default:
            return StoreError.integrity(message)
        }
    }
}
