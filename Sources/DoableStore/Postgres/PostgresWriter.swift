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
            case .putNotification(let note) where note.version == 1 && note.readAt == nil: notes.append(note)
            case .enqueueDelivery(let delivery) where delivery.lastError == nil && delivery.sentAt == nil:
                deliveries.append(delivery)
            case .putReminder(let reminder) where reminder.version > 1:
                try await insert(postings)
                postings = []
                if reminders.contains(where: { $0.id == reminder.id }) { try await update(reminders); reminders = [] }
                reminders.append(reminder)
            case .putPosting(let posting, _) where posting.version == 1:
                try await update(reminders)
                reminders = []
                postings.append(posting)
            default:
                try await update(reminders)
                reminders = []
                try await insert(postings)
                postings = []
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
        return try await appendChanges(batch)
    }

    func apply(_ operation: WriteBatch.Operation, now: Timestamp) async throws {
        switch operation {
        case .putAccount(let account):
            try await put(
                "accounts", id: account.id.description, version: account.version,
                values: PostgresRows.accountValues(account))
        case .deleteAccount(let account):
            let id = account.id.uuid
            try await execute("DELETE FROM task_labels WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            // As SQLiteWriter: what hangs on the account's own lists, tasks, notifications and memberships.
            try await execute("DELETE FROM comments WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            try await execute("DELETE FROM task_activity WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            try await execute("DELETE FROM list_members WHERE list_id IN (SELECT id FROM lists WHERE owner_id = \(id))")
            try await execute("DELETE FROM list_members WHERE account_id = \(id)")
            try await execute("DELETE FROM notifications WHERE account_id = \(id)")
            try await execute(
                """
                DELETE FROM reminders WHERE account_id = \(id) OR task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))
                """)
            try await execute("DELETE FROM task_completions WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            try await execute("DELETE FROM webhooks WHERE account_id = \(id)")
            try await execute("DELETE FROM deliveries WHERE account_id = \(id)")
            try await execute("DELETE FROM undo_shelf WHERE account_id = \(id)")
            try await execute(
                """
                DELETE FROM field_clocks WHERE entity_id IN (SELECT id FROM tasks WHERE owner_id = \(id)
                    UNION ALL SELECT id FROM lists WHERE owner_id = \(id) UNION ALL SELECT id FROM labels WHERE owner_id = \(id))
                """)
            try await execute(
                """
                DELETE FROM sync_rejections WHERE client_id IN (SELECT client_id FROM sync_clients WHERE account_id = \(id))
                """)
            try await execute("DELETE FROM sync_clients WHERE account_id = \(id)")
            try await deleteMarketRows(of: account.id)
            try await deleteGameRows(of: account.id)
            try await deleteCalDAVRows(of: account.id)
            try await execute("DELETE FROM tasks WHERE owner_id = \(id)")
            try await execute("DELETE FROM labels WHERE owner_id = \(id)")
            try await execute("DELETE FROM lists WHERE owner_id = \(id)")
            try await execute("DELETE FROM credentials WHERE account_id = \(id)")
            try await execute("DELETE FROM changes WHERE account_id = \(id)")
            try await delete("accounts", id: account.id.uuid, version: account.version)
        case .putList(let list):
            try await put(
                "lists", id: list.id.description, version: list.version,
                values: PostgresRows.listValues(list))
        case .purgeList(let list):
            try await execute("DELETE FROM list_members WHERE list_id = \(list.id.uuid)")
            try await deleteCalendarCollection(list.id)
            try await delete("lists", id: list.id.uuid, version: list.version)
        case .putTask(let task):
            // The insert time is the batch's, whatever the task says (`taskInsertedAt`); updates leave it.
            var values = try PostgresRows.taskValues(task)
            if task.version == 1 { try values.set("inserted_at", now.milliseconds) }
            try await put("tasks", id: task.id.description, version: task.version, values: values)
            if task.version > 1 { try await execute("DELETE FROM task_labels WHERE task_id = \(task.id.uuid)") }
            if !task.labelIDs.isEmpty {
                try await execute(
                    """
                    INSERT INTO task_labels (task_id, label_id)
                    SELECT \(task.id.uuid), unnest(\(task.labelIDs.map(\.uuid))) ON CONFLICT DO NOTHING
                    """)
            }
        case .purgeTask(let task):
            try await execute("DELETE FROM task_labels WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM comments WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM task_activity WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM reminders WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM task_completions WHERE task_id = \(task.id.uuid)")
            try await execute("DELETE FROM field_clocks WHERE entity_id = \(task.id.uuid)")
            try await deleteAttachments(taskID: task.id)
            try await deleteCalendarObject(task.id)
            try await delete("tasks", id: task.id.uuid, version: task.version)
        case .putLabel(let label):
            try await put(
                "labels", id: label.id.description, version: label.version,
                values: PostgresRows.labelValues(label))
        case .deleteLabel(let label):
            try await delete("labels", id: label.id.uuid, version: label.version)
        case .putCredential(let credential):
            try await execute(
                """
                INSERT INTO credentials (id, account_id, kind, name, scope, secret_hash, created_at, expires_at)
                VALUES (\(credential.id.uuid), \(credential.accountID.uuid), \(credential.kind.rawValue),
                        \(credential.name), \(credential.scope.rawValue), \(credential.secretHash),
                        \(credential.createdAt.milliseconds), \(credential.expiresAt?.milliseconds))
                """)
        case .deleteCredential(let credential):
            try await execute("DELETE FROM credentials WHERE id = \(credential.id.uuid)")
        case .deleteCredentials(let accountID, let kinds, let except):
            try await execute(
                """
                DELETE FROM credentials
                WHERE account_id = \(accountID.uuid) AND kind = ANY(\(kinds.map(\.rawValue)))
                AND id IS DISTINCT FROM \(except?.uuid)
                """)
        case .putMembership(let member):
            if member.version == 1 {
                try await execute(
                    """
                    INSERT INTO list_members (list_id, account_id, role, rank, added_by, created_at, updated_at, version)
                    VALUES (\(member.listID.uuid), \(member.accountID.uuid), \(member.role.rawValue), \(member.rank),
                            \(member.addedBy?.uuid), \(member.createdAt.milliseconds), \(member.updatedAt.milliseconds),
                            \(member.version))
                    """)
            } else {
                let updated = try await fetch(
                    """
                    UPDATE list_members SET role = \(member.role.rawValue), rank = \(member.rank),
                        updated_at = \(member.updatedAt.milliseconds), version = \(member.version)
                    WHERE list_id = \(member.listID.uuid) AND account_id = \(member.accountID.uuid)
                        AND version = \(member.version - 1)
                    RETURNING account_id
                    """)
                if updated.isEmpty {
                    throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description)
                }
            }
        case .deleteMembership(let member):
            let deleted = try await fetch(
                """
                DELETE FROM list_members
                WHERE list_id = \(member.listID.uuid) AND account_id = \(member.accountID.uuid)
                    AND version = \(member.version)
                RETURNING account_id
                """)
            if deleted.isEmpty { throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description) }
        case .setTasksOwner(let listID, let ownerID):
            try await execute("UPDATE tasks SET owner_id = \(ownerID.uuid) WHERE list_id = \(listID.uuid)")
        case .putComment(let comment):
            var values = PostgresRowValues()
            try values.set("id", comment.id.uuid)
            try values.set("task_id", comment.taskID.uuid)
            try values.set("author_id", comment.authorID.uuid)
            try values.set("body", comment.body)
            try values.set("created_at", comment.createdAt.milliseconds)
            try values.set("updated_at", comment.updatedAt.milliseconds)
            try values.set("edited_at", comment.editedAt?.milliseconds)
            try values.set("version", comment.version)
            try await put("comments", id: comment.id.description, version: comment.version, values: values)
        case .deleteComment(let comment):
            try await delete("comments", id: comment.id.uuid, version: comment.version)
        case .addActivity(let entry):
            try await execute(
                """
                INSERT INTO task_activity (id, task_id, actor_id, action, fields, detail, at)
                VALUES (\(entry.id.uuid), \(entry.taskID.uuid), \(entry.actorID?.uuid), \(entry.action.rawValue),
                        \(entry.fields.joined(separator: ",")), \(entry.detail), \(entry.at.milliseconds))
                """)
        case .putNotification(let note):
            var values = PostgresRowValues()
            try values.set("id", note.id.uuid)
            try values.set("account_id", note.accountID.uuid)
            try values.set("kind", note.kind.rawValue)
            try values.set("title", note.title)
            try values.set("body", note.body)
            try values.set("task_id", note.taskID?.uuid)
            try values.set("list_id", note.listID?.uuid)
            try values.set("actor_id", note.actorID?.uuid)
            try values.set("created_at", note.createdAt.milliseconds)
            try values.set("read_at", note.readAt?.milliseconds)
            try values.set("version", note.version)
            try values.set("posting_id", note.postingID?.uuid)
            try values.set("silent", note.isSilent)
            try await put("notifications", id: note.id.description, version: note.version, values: values)
        case .putReminder(let reminder):
            try await put(
                "reminders", id: reminder.id.description, version: reminder.version,
                values: PostgresStore.reminderValues(reminder))
        case .deleteReminder(let reminder):
            try await delete("reminders", id: reminder.id.uuid, version: reminder.version)
        case .addCompletion(let completion):
            try await execute(
                """
                INSERT INTO task_completions (id, task_id, owner_id, actor_id, completed_at, due, start, recurrence,
                    next_due, reset_subtasks, local_day, on_time, age_seconds)
                VALUES (\(completion.id.uuid), \(completion.taskID.uuid), \(completion.ownerID.uuid),
                        \(completion.actorID?.uuid), \(completion.completedAt.milliseconds), \(completion.due?.description),
                        \(completion.start?.description), \(completion.recurrence), \(completion.nextDue?.description),
                        \(completion.resetSubtaskIDs.map(\.description).joined(separator: ",")),
                        \(completion.localDay?.description), \(completion.onTime), \(completion.ageSeconds))
                """)
        case .deleteCompletion(let completion):
            let deleted = try await fetch("DELETE FROM task_completions WHERE id = \(completion.id.uuid) RETURNING id")
            if deleted.isEmpty {
                throw StoreError.versionConflict(entity: "task_completions", id: completion.id.description)
            }
        case .putWebhook(let hook):
            var values = PostgresRowValues()
            try values.set("id", hook.id.uuid)
            try values.set("account_id", hook.accountID.uuid)
            try values.set("url", hook.url)
            try values.set("events", hook.events.map(\.rawValue).joined(separator: ","))
            try values.set("secret", hook.secret)
            try values.set("feed_cursor", hook.feedCursor)
            try values.set("created_at", hook.createdAt.milliseconds)
            try values.set("updated_at", hook.updatedAt.milliseconds)
            try values.set("version", hook.version)
            try await put("webhooks", id: hook.id.description, version: hook.version, values: values)
        case .deleteWebhook(let hook):
            try await delete("webhooks", id: hook.id.uuid, version: hook.version)
        case .advanceWebhookCursor(let id, let from, let to):
            let moved = try await fetch(
                """
                UPDATE webhooks SET feed_cursor = \(to) WHERE id = \(id.uuid) AND feed_cursor = \(from) RETURNING id
                """)
            if moved.isEmpty { throw StoreError.versionConflict(entity: "webhooks", id: id.description) }
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
        case .advanceSyncClient(let client, let account, let mutation):
            // A concurrent request handling the same mutation waits on the row (or the key) and then finds it moved.
            let moved: [PostgresRecord]
            if mutation == 1 {
                moved = try await fetch(
                    """
                    INSERT INTO sync_clients (client_id, account_id, last_mutation_id, updated_at)
                    VALUES (\(client), \(account.uuid), 1, \(Timestamp.now.milliseconds))
                    ON CONFLICT (client_id) DO NOTHING RETURNING client_id
                    """)
            } else {
                moved = try await fetch(
                    """
                    UPDATE sync_clients SET last_mutation_id = \(mutation), updated_at = \(Timestamp.now.milliseconds)
                    WHERE client_id = \(client) AND account_id = \(account.uuid) AND last_mutation_id = \(mutation - 1)
                    RETURNING client_id
                    """)
            }
            if moved.isEmpty { throw StoreError.duplicate(key: "mutation") }
        case .recordSyncRejection(let rejection):
            try await execute(
                """
                INSERT INTO sync_rejections (client_id, mutation_id, name, entity_id, code, field, message, at)
                VALUES (\(rejection.clientID), \(rejection.mutationID), \(rejection.name), \(rejection.entityID),
                        \(rejection.code), \(rejection.field), \(rejection.message), \(rejection.at.milliseconds))
                """)
        case .announceTask:
            break
        case .stampFieldClocks(let entity, let fields, let clock):
            guard let id = UUID(uuidString: entity) else { break }
            try await execute(
                """
                INSERT INTO field_clocks (entity_id, field, clock) SELECT \(id), f, \(clock) FROM unnest(\(fields)) AS f
                ON CONFLICT (entity_id, field) DO UPDATE SET clock = excluded.clock
                WHERE excluded.clock > field_clocks.clock
                """)
        case .putPosting(let posting, _):
            try await putPosting(posting)
        case .putBid(let bid):
            try await putBid(bid)
        case .putQuestion(let question):
            try await putQuestion(question)
        case .putReview(let review):
            try await putReview(review)
        case .putCategory(let category):
            try await putCategory(category)
        case .putAttachment(let photo, let bytes):
            try await putAttachment(photo, bytes: bytes)
        case .deleteAttachment(let photo):
            try await deleteAttachment(photo)
        case .putGameProfile(let profile):
            try await putGameProfile(profile)
        case .putGameDay(let day):
            try await putGameDay(day)
        case .addLedgerEntry(let entry):
            try await addLedgerEntry(entry)
        case .putStoreItem(let item):
            try await putStoreItem(item)
        case .putSubscriptionPlan(let plan):
            try await putSubscriptionPlan(plan)
        case .putGameRules(let rules, let version):
            try await putGameRules(rules, version: version)
        case .putCalendarObject(let object):
            try await putCalendarObject(object)
        case .deleteCalendarObject(let taskID):
            try await deleteCalendarObject(taskID)
        case .putFeedKey(let key):
            try await putFeedKey(key)
        case .shelveUndo(let shelved):
            try await execute(
                """
                DELETE FROM undo_shelf WHERE account_id = \(shelved.accountID.uuid) AND expires_at < \(now.milliseconds)
                """)
            try await execute(
                """
                INSERT INTO undo_shelf (id, account_id, steps, expires_at)
                VALUES (\(shelved.id), \(shelved.accountID.uuid), \(shelved.steps), \(shelved.expiresAt.milliseconds))
                """)
        case .takeUndo(let id):
            try await execute("DELETE FROM undo_shelf WHERE id = \(id)")
        case .putCalendarCollection(let listID, let name):
            try await putCalendarCollection(listID, name: name)
        case .enqueueDelivery(let delivery):
            try await execute(
                """
                INSERT INTO deliveries (id, account_id, channel, target, event, payload, state, attempts,
                    next_attempt_at, last_error, created_at, sent_at)
                VALUES (\(delivery.id.uuid), \(delivery.accountID.uuid), \(delivery.channel.rawValue), \(delivery.target),
                        \(delivery.event), \(delivery.payload), \(delivery.state.rawValue), \(Int64(delivery.attempts)),
                        \(delivery.nextAttemptAt.milliseconds), \(delivery.lastError), \(delivery.createdAt.milliseconds),
                        \(delivery.sentAt?.milliseconds))
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

    /// Deletes the row only if it still has the version that was read.
    func delete(_ table: String, id: UUID, version: Int64) async throws {
        let deleted = try await fetch(
            """
            DELETE FROM \(unescaped: table) WHERE id = \(id) AND version = \(version) RETURNING id
            """)
        if deleted.isEmpty { throw StoreError.versionConflict(entity: table, id: id.uuidString.lowercased()) }
    }

    /// Who may see each list the batch concerns: its owner and members, as they are after the batch's own rows.
    /// The lists' rows are locked FOR SHARE first: a membership change updates its list's row, so it either
    /// committed before (and the next statement, with a new snapshot in READ COMMITTED, sees it) or waits for this
    /// transaction; never half of each.
    func audience(of batch: WriteBatch) async throws -> [ListID: [AccountID]] {
        let lists = batch.listsConcerned.map(\.uuid)
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

    func appendChanges(_ batch: WriteBatch) async throws -> [Change] {
        let entries = batch.feedEntries(audience: try await audience(of: batch))
        guard !entries.isEmpty else { return [] }
        // Several writers may lock the same accounts: always in one order, so they queue instead of deadlocking.
        var before: [AccountID: Int64] = [:]
        for (account, count) in WriteBatch.counts(of: entries).sorted(by: { $0.0 < $1.0 }) {
            let rows = try await fetch(
                """
                UPDATE accounts SET change_seq = change_seq + \(count) WHERE id = \(account.uuid) RETURNING change_seq
                """)
            guard let last: Int64 = try rows.first?["change_seq"] else {
                throw StoreError.referenceMissing("account \(account)")
            }
            before[account] = last - count
        }
        let changes = WriteBatch.sequenced(entries, lastSequences: before, batch: batch)
        // The entries and their announcement in one statement; NOTIFY is delivered when the transaction commits.
        try await execute(
            """
            WITH appended AS (
                INSERT INTO changes (account_id, seq, entity, entity_id, kind, at, actor_id, list_id)
                SELECT account_id, seq, entity, entity_id, kind, \(batch.now.milliseconds), \(batch.actorID?.uuid)::uuid,
                       NULLIF(list_id, '')::uuid
                FROM unnest(\(changes.map(\.accountID.uuid)), \(changes.map(\.sequence)),
                            \(changes.map(\.entity.rawValue)), \(changes.map(\.entityID)), \(changes.map(\.kind.rawValue)),
                            \(changes.map { $0.listID?.description ?? "" }))
                    AS c(account_id, seq, entity, entity_id, kind, list_id)
                RETURNING 1
            )
            SELECT pg_notify(\(channel), payload) FROM unnest(\(PostgresFeedListener.payloads(for: changes))) AS payload
            """)
        return changes
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
