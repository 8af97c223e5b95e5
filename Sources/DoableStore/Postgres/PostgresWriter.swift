import DoableCore
import Foundation
import PostgresNIO

/// Applies one `WriteBatch` inside an open PostgreSQL transaction, then appends its feed entries.
/// The same operations, checks and feed rules as `SQLiteWriter`.
struct PostgresWriter {
    let connection: PostgresConnection
    let logger: Logger
    /// Where the transaction announces the feed entries it appended (`PostgresFeedListener`).
    let channel: String

    func apply(_ batch: WriteBatch) async throws -> [Change] {
        try await applyOperations([batch])
        return try await appendChanges([batch])[0]
    }

    /// The batches' rows, in order, without their feed entries: a group commit (`PostgresGroupCommitter`) writes
    /// several batches' rows, then all their feed entries together. History lines, field clocks and devices'
    /// progress are written last, in one statement per kind (`PostgresDeferredRows`).
    func applyOperations(_ batches: [WriteBatch]) async throws {
        var deferred = PostgresDeferredRows()
        for batch in batches { try await applyOperations(batch, deferring: &deferred) }
        try await write(&deferred)
    }

    private func applyOperations(_ batch: WriteBatch, deferring deferred: inout PostgresDeferredRows) async throws {
        // New notifications and queued deliveries go in one statement each, after the other operations (nothing in a
        // batch reads them back), and changed reminders next to each other in one statement too: firing 500
        // reminders wrote 1,500 rows one round trip at a time (Q-5). See PostgresWriter+Bulk.swift.
        // New postings next to each other go in one statement too (an import writes thousands in a batch).
        var notes: [AppNotification] = []
        var deliveries: [Delivery] = []
        var reminders: [Reminder] = []
        var postings: [MarketPosting] = []
        for operation in batch.operations {
            switch operation {
            case .reminder(.putNotification(let note)) where note.version == 1 && note.readAt == nil: notes.append(note)
            case .reminder(.enqueueDelivery(let delivery)) where delivery.lastError == nil && delivery.sentAt == nil:
                deliveries.append(delivery)
            case .reminder(.putReminder(let reminder)) where reminder.version > 1:
                try await insert(postings)
                postings = []
                if reminders.contains(where: { $0.id == reminder.id }) { try await update(reminders); reminders = [] }
                reminders.append(reminder)
            case .market(.putPosting(let posting, _)) where posting.version == 1:
                try await update(reminders)
                reminders = []
                postings.append(posting)
            default:
                if deferred.keep(operation) { continue }
                try await update(reminders)
                reminders = []
                try await insert(postings)
                postings = []
                if !PostgresDeferredRows.allowsKeeping(operation) { try await write(&deferred) }
                try await apply(operation, now: batch.now)
            }
        }
        try await update(reminders)
        try await insert(postings)
        try await insert(notes)
        try await insert(deliveries)
        let ending = batch.accountsEndingCredentials
        if !ending.isEmpty {
            try await execute(
                """
                SELECT pg_notify(\(channel), payload) FROM unnest(\(PostgresFeedListener.credentialsPayload(ending))) AS payload
                """)
        }
    }

    func apply(_ operation: WriteBatch.Operation, now: Timestamp) async throws {
        switch operation {
        case .account(let operation): try await apply(operation, now: now)
        case .task(let operation): try await apply(operation, now: now)
        case .sharing(let operation): try await apply(operation, now: now)
        case .reminder(let operation): try await apply(operation, now: now)
        case .sync(let operation): try await apply(operation, now: now)
        case .market(let operation): try await apply(operation, now: now)
        case .photo(let operation): try await apply(operation, now: now)
        case .game(let operation): try await apply(operation, now: now)
        case .calendar(let operation): try await apply(operation, now: now)
        case .requireAtMost(let limit):
            // Writers that check the same limit take one transaction-scoped advisory lock first, so they count one
            // after the other, and READ COMMITTED gives the count after the lock a snapshot with the other's rows. (A
            // row lock on the task would conflict with the key-share lock each inserted reminder holds on it and
            // deadlock two concurrent inserts.)
            let count: Int64
            let maximum: Int
            switch limit {
            case .remindersOnTask(let task, let most):
                try await execute("SELECT pg_advisory_xact_lock(hashtextextended(\("reminders:" + task.description), 0))")
                count = try await fetch("SELECT count(*) AS n FROM reminders WHERE task_id = \(task.uuid)").first?["n"] ?? 0
                maximum = most
            case .webhooksOfAccount(let account, let most):
                try await execute("SELECT pg_advisory_xact_lock(hashtextextended(\("webhooks:" + account.description), 0))")
                count = try await fetch("SELECT count(*) AS n FROM webhooks WHERE account_id = \(account.uuid)").first?["n"] ?? 0
                maximum = most
            case .attachmentsOnTask(let task, let most):
                let key = "attachments:" + task.description
                try await execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
                count =
                    try await fetch("SELECT count(*) AS n FROM attachments WHERE task_id = \(task.uuid)")
                    .first?["n"] ?? 0
                maximum = most
            case .attachmentsOnPosting(let posting, let most):
                let key = "attachments:" + posting.description
                try await execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
                count =
                    try await fetch("SELECT count(*) AS n FROM attachments WHERE posting_id = \(posting.uuid)")
                    .first?["n"] ?? 0
                maximum = most
            }
            if count > Int64(maximum) { throw StoreError.versionConflict(entity: "limit", id: "\(limit)") }
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

    /// Deletes the row only if it still has the version that was read.
    func delete(_ table: String, id: UUID, version: Int64) async throws {
        let deleted = try await fetch(
            """
            DELETE FROM \(unescaped: table) WHERE id = \(id) AND version = \(version) RETURNING id
            """)
        if deleted.isEmpty { throw StoreError.versionConflict(entity: table, id: id.uuidString.lowercased()) }
    }

    /// Who may see each list the batches concern: its owner and members, as they are after the batches' own rows.
    /// The lists' rows are locked FOR SHARE first: a membership change updates its list's row, so it either
    /// committed before (and the next statement, with a new snapshot in READ COMMITTED, sees it) or waits for this
    /// transaction; never half of each.
    func audience(of batches: [WriteBatch]) async throws -> [ListID: [AccountID]] {
        var seen = Set<ListID>()
        let lists = batches.flatMap(\.listsConcerned).filter { seen.insert($0).inserted }.map(\.uuid)
        guard !lists.isEmpty else { return [:] }
        try await execute("SELECT 1 FROM lists WHERE id = ANY(\(lists)) ORDER BY id FOR SHARE")
        let rows = try await fetch(
            """
            SELECT id AS list_id, owner_id AS account_id, 0 AS position FROM lists WHERE id = ANY(\(lists))
            UNION ALL
            SELECT list_id, account_id, 1 FROM list_members WHERE list_id = ANY(\(lists))
            ORDER BY 1, 3
            """)
        var audience: [ListID: [AccountID]] = [:]
        for row in rows { audience[try row.id("list_id"), default: []].append(try row.id("account_id")) }
        return audience
    }

    /// The feed entries of `batches`, in their order, each batch's sequenced after the one before: one lock of the
    /// lists concerned, one read of their audience, one statement that moves every recipient's sequence on (several
    /// accounts are locked first, always in one order, so writers queue instead of deadlocking) and one that appends
    /// the entries and announces them (NOTIFY is delivered when the transaction commits).
    func appendChanges(_ batches: [WriteBatch]) async throws -> [[Change]] {
        let audience = try await audience(of: batches)
        let entries = batches.map { $0.feedEntries(audience: audience) }
        let counts = WriteBatch.counts(of: entries.flatMap { $0 })
        guard !counts.isEmpty else { return batches.map { _ in [] } }
        let accounts = counts.map(\.0.uuid)
        if accounts.count > 1 {
            // NO KEY UPDATE, the lock the UPDATE below takes anyway: FOR UPDATE would also wait for the key-share
            // locks that rows referring to an account hold (a ledger line, a history line), and two transactions
            // each holding one on the same account then waited for each other until `deadlock_timeout`.
            try await execute("SELECT 1 FROM accounts WHERE id = ANY(\(accounts)) ORDER BY id FOR NO KEY UPDATE")
        }
        let rows = try await fetch(
            """
            UPDATE accounts a SET change_seq = a.change_seq + c.n
            FROM unnest(\(accounts), \(counts.map(\.1))) AS c(id, n) WHERE a.id = c.id
            RETURNING a.id, a.change_seq - c.n AS before
            """)
        var before: [AccountID: Int64] = [:]
        for row in rows { before[try row.id("id")] = try row["before"] }
        if let missing = counts.first(where: { before[$0.0] == nil }) {
            throw StoreError.referenceMissing("account \(missing.0)")
        }
        var sequenced: [[Change]] = []
        for (batch, batchEntries) in zip(batches, entries) {
            let changes = WriteBatch.sequenced(batchEntries, lastSequences: before, batch: batch)
            for change in changes { before[change.accountID] = change.sequence }
            sequenced.append(changes)
        }
        let changes = sequenced.flatMap { $0 }
        try await execute(
            """
            WITH appended AS (
                INSERT INTO changes (account_id, seq, entity, entity_id, kind, at, actor_id, list_id)
                SELECT account_id, seq, entity, entity_id, kind, at, NULLIF(actor_id, '')::uuid, NULLIF(list_id, '')::uuid
                FROM unnest(\(changes.map(\.accountID.uuid)), \(changes.map(\.sequence)),
                            \(changes.map(\.entity.rawValue)), \(changes.map(\.entityID)), \(changes.map(\.kind.rawValue)),
                            \(changes.map(\.at.milliseconds)), \(changes.map { $0.actorID?.description ?? "" }),
                            \(changes.map { $0.listID?.description ?? "" }))
                    AS c(account_id, seq, entity, entity_id, kind, at, actor_id, list_id)
                RETURNING 1
            )
            SELECT pg_notify(\(channel), payload) FROM unnest(\(PostgresFeedListener.payloads(for: changes))) AS payload
            """)
        return sequenced
    }

    /// Runs a statement and reads its answer to the end: an error raised while a statement runs reaches only its
    /// row stream, and one left unread would let the transaction's COMMIT quietly turn into a rollback.
    func execute(_ query: PostgresQuery) async throws {
        for try await _ in try await connection.query(query, logger: logger) {}
    }

    func fetch(_ query: PostgresQuery) async throws -> [PostgresRecord] {
        var records: [PostgresRecord] = []
        for try await row in try await connection.query(query, logger: logger) { records.append(PostgresRecord(row)) }
        return records
    }

    /// The `StoreError` for a constraint the database refused, mapped as `SQLiteWriter.storeError` does;
    /// any other error is returned unchanged.
    static func storeError(for error: any Error) -> any Error {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState],
            state.hasPrefix("23") || state.hasPrefix("40")
        else {
            return error
        }
        let constraint = error.serverInfo?[.constraintName] ?? ""
        let message = error.serverInfo?[.message] ?? state
        switch state {
        case "40P01", "40001":
            // A deadlock or serialization failure: nothing was written; the operation starts again afresh.
            return StoreError.versionConflict(entity: "row", id: message)
        case "23505":
            if constraint.contains("email_key") { return StoreError.duplicate(key: "email") }
            if constraint.contains("username_key") { return StoreError.duplicate(key: "username") }
            if constraint.contains("name_key") { return StoreError.duplicate(key: "name") }
            if constraint == "posting_reviews_reviewer" { return StoreError.duplicate(key: "review") }
            // As SQLiteWriter: a second open bid of one bidder on one posting is a conflict, retried afresh.
            if constraint == "bids_open_bidder" { return StoreError.versionConflict(entity: "bids", id: message) }
            // A row inserted at version 1 that another write created since it was read.
            if constraint.hasSuffix("_pkey") { return StoreError.versionConflict(entity: "row", id: message) }
            return StoreError.integrity(message)
        case "23503":
            return StoreError.referenceMissing(message)
        default:
            // NOT NULL, CHECK, exclusion: no request can cause these, so they surface as bugs.
            return StoreError.integrity(message)
        }
    }
}
