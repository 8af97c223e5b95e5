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
        case .putAccount(let account):
            try put(
                SQLiteTable.accounts, version: account.version, id: account.id.description,
                arguments: try SQLiteRows.accountArguments(account))
        case .deleteAccount(let account):
            let id = account.id.description
            try execute(
                "DELETE FROM task_labels WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id])
            // What hangs on the account's own lists and tasks, and its own notifications and memberships; the domain
            // removed first, with feed entries, what others see (their members, their tasks' comments and labels).
            try execute("DELETE FROM comments WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)", arguments: [id])
            try execute(
                "DELETE FROM task_activity WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id])
            try execute(
                "DELETE FROM list_members WHERE list_id IN (SELECT id FROM lists WHERE owner_id = ?)",
                arguments: [id])
            try execute("DELETE FROM list_members WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM notifications WHERE account_id = ?", arguments: [id])
            try execute(
                "DELETE FROM reminders WHERE account_id = ? OR task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id, id])
            try execute(
                "DELETE FROM task_completions WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id])
            try execute("DELETE FROM webhooks WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM deliveries WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM undo_shelf WHERE account_id = ?", arguments: [id])
            try execute(
                """
                DELETE FROM field_clocks WHERE entity_id IN (SELECT id FROM tasks WHERE owner_id = ?
                    UNION ALL SELECT id FROM lists WHERE owner_id = ? UNION ALL SELECT id FROM labels WHERE owner_id = ?)
                """, arguments: [id, id, id])
            try execute(
                """
                DELETE FROM sync_rejections WHERE client_id IN (SELECT client_id FROM sync_clients WHERE account_id = ?)
                """, arguments: [id])
            try execute("DELETE FROM sync_clients WHERE account_id = ?", arguments: [id])
            try deleteMarketRows(of: account.id)
            try deleteGameRows(of: account.id)
            try deleteCalDAVRows(of: account.id)
            try execute("DELETE FROM tasks WHERE owner_id = ?", arguments: [id])
            try execute("DELETE FROM labels WHERE owner_id = ?", arguments: [id])
            try execute("DELETE FROM lists WHERE owner_id = ?", arguments: [id])
            try execute("DELETE FROM credentials WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM changes WHERE account_id = ?", arguments: [id])
            try delete(SQLiteTable.accounts.name, id: id, version: account.version)
        case .putList(let list):
            try put(
                SQLiteTable.lists, version: list.version, id: list.id.description,
                arguments: SQLiteRows.listArguments(list))
        case .purgeList(let list):
            try execute("DELETE FROM list_members WHERE list_id = ?", arguments: [list.id.description])
            try deleteCalendarCollection(list.id)
            try delete("lists", id: list.id.description, version: list.version)
        case .putTask(let task):
            // The insert time is the batch's, whatever the task says (`taskInsertedAt`); updates leave it.
            try put(
                SQLiteTable.tasks, version: task.version, id: task.id.description,
                arguments: SQLiteRows.taskArguments(task), insertOnly: [now.milliseconds])
            if task.version > 1 {
                try execute("DELETE FROM task_labels WHERE task_id = ?", arguments: [task.id.description])
            }
            for labelID in task.labelIDs {
                try execute(
                    "INSERT OR IGNORE INTO task_labels (task_id, label_id) VALUES (?, ?)",
                    arguments: [task.id.description, labelID.description])
            }
        case .purgeTask(let task):
            try execute("DELETE FROM task_labels WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM comments WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM task_activity WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM reminders WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM task_completions WHERE task_id = ?", arguments: [task.id.description])
            try execute("DELETE FROM field_clocks WHERE entity_id = ?", arguments: [task.id.description])
            try deleteAttachments(taskID: task.id)
            try deleteCalendarObject(task.id)
            try delete("tasks", id: task.id.description, version: task.version)
        case .putLabel(let label):
            try put(
                SQLiteTable.labels, version: label.version, id: label.id.description,
                arguments: [
                    label.id.description, label.ownerID.description, label.name, Rules.matchKey(label.name),
                    label.color, label.createdAt.milliseconds, label.updatedAt.milliseconds,
                    label.version,
                ])
        case .deleteLabel(let label):
            try delete("labels", id: label.id.description, version: label.version)
        case .putCredential(let credential):
            try execute(
                """
                INSERT INTO credentials (id, account_id, kind, name, scope, secret_hash, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    credential.id.description, credential.accountID.description, credential.kind.rawValue,
                    credential.name, credential.scope.rawValue, credential.secretHash,
                    credential.createdAt.milliseconds, credential.expiresAt?.milliseconds,
                ])
        case .deleteCredential(let credential):
            try execute("DELETE FROM credentials WHERE id = ?", arguments: [credential.id.description])
        case .deleteCredentials(let accountID, let kinds, let except):
            let marks = Array(repeating: "?", count: kinds.count).joined(separator: ",")
            try db.execute(
                sql: "DELETE FROM credentials WHERE account_id = ? AND kind IN (\(marks)) AND id != ?",
                arguments: StatementArguments(
                    [accountID.description] + kinds.map(\.rawValue)
                        + [except?.description ?? ""]))
        case .putMembership(let member):
            let arguments: StatementArguments = [
                member.role.rawValue, member.rank, member.addedBy?.description, member.createdAt.milliseconds,
                member.updatedAt.milliseconds, member.version, member.listID.description, member.accountID.description,
            ]
            if member.version == 1 {
                try execute(
                    """
                    INSERT INTO list_members (role, rank, added_by, created_at, updated_at, version, list_id, account_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: arguments)
            } else {
                try execute(
                    """
                    UPDATE list_members SET role = ?, rank = ?, added_by = ?, created_at = ?, updated_at = ?, version = ?
                    WHERE list_id = ? AND account_id = ? AND version = ?
                    """, arguments: arguments + [member.version - 1])
                if db.changesCount == 0 {
                    throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description)
                }
            }
        case .deleteMembership(let member):
            try execute(
                "DELETE FROM list_members WHERE list_id = ? AND account_id = ? AND version = ?",
                arguments: [member.listID.description, member.accountID.description, member.version])
            if db.changesCount == 0 {
                throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description)
            }
        case .setTasksOwner(let listID, let ownerID):
            try execute(
                "UPDATE tasks SET owner_id = ? WHERE list_id = ?",
                arguments: [ownerID.description, listID.description])
        case .putComment(let comment):
            try put(
                SQLiteTable.comments, version: comment.version, id: comment.id.description,
                arguments: [
                    comment.id.description, comment.taskID.description, comment.authorID.description, comment.body,
                    comment.createdAt.milliseconds, comment.updatedAt.milliseconds, comment.editedAt?.milliseconds,
                    comment.version,
                ])
        case .deleteComment(let comment):
            try delete("comments", id: comment.id.description, version: comment.version)
        case .addActivity(let entry):
            try execute(
                """
                INSERT INTO task_activity (id, task_id, actor_id, action, fields, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    entry.id.description, entry.taskID.description, entry.actorID?.description,
                    entry.action.rawValue, entry.fields.joined(separator: ","), entry.detail,
                    entry.at.milliseconds,
                ])
        case .putNotification(let note):
            try put(
                SQLiteTable.notifications, version: note.version, id: note.id.description,
                arguments: [
                    note.id.description, note.accountID.description, note.kind.rawValue, note.title, note.body,
                    note.taskID?.description, note.listID?.description, note.actorID?.description,
                    note.createdAt.milliseconds, note.readAt?.milliseconds, note.version, note.postingID?.description,
                    note.isSilent,
                ])
        case .putReminder(let reminder):
            try put(
                SQLiteTable.reminders, version: reminder.version, id: reminder.id.description,
                arguments: SQLiteStore.reminderArguments(reminder))
        case .deleteReminder(let reminder):
            try delete("reminders", id: reminder.id.description, version: reminder.version)
        case .addCompletion(let completion):
            try execute(
                """
                INSERT INTO task_completions (id, task_id, owner_id, actor_id, completed_at, due, start, recurrence,
                    next_due, reset_subtasks, local_day, on_time, age_seconds)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    completion.id.description, completion.taskID.description,
                    completion.ownerID.description, completion.actorID?.description,
                    completion.completedAt.milliseconds, completion.due?.description,
                    completion.start?.description, completion.recurrence, completion.nextDue?.description,
                    completion.resetSubtaskIDs.map(\.description).joined(separator: ","),
                    completion.localDay?.description, completion.onTime, completion.ageSeconds,
                ])
        case .deleteCompletion(let completion):
            try execute("DELETE FROM task_completions WHERE id = ?", arguments: [completion.id.description])
            if db.changesCount == 0 {
                throw StoreError.versionConflict(entity: "task_completions", id: completion.id.description)
            }
        case .putWebhook(let hook):
            try put(
                SQLiteTable.webhooks, version: hook.version, id: hook.id.description,
                arguments: [
                    hook.id.description, hook.accountID.description, hook.url,
                    hook.events.map(\.rawValue).joined(separator: ","), hook.secret, hook.feedCursor,
                    hook.createdAt.milliseconds, hook.updatedAt.milliseconds, hook.version,
                ])
        case .deleteWebhook(let hook):
            try delete("webhooks", id: hook.id.description, version: hook.version)
        case .advanceWebhookCursor(let id, let from, let to):
            try execute(
                "UPDATE webhooks SET feed_cursor = ? WHERE id = ? AND feed_cursor = ?",
                arguments: [to, id.description, from])
            if db.changesCount == 0 { throw StoreError.versionConflict(entity: "webhooks", id: id.description) }
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
        case .advanceSyncClient(let client, let account, let mutation):
            if mutation == 1 {
                try execute(
                    """
                    INSERT INTO sync_clients (client_id, account_id, last_mutation_id, updated_at) VALUES (?, ?, 1, ?)
                    ON CONFLICT (client_id) DO NOTHING
                    """, arguments: [client.lowercasedString, account.description, Timestamp.now.milliseconds])
            } else {
                try execute(
                    """
                    UPDATE sync_clients SET last_mutation_id = ?, updated_at = ?
                    WHERE client_id = ? AND account_id = ? AND last_mutation_id = ?
                    """,
                    arguments: [
                        mutation, Timestamp.now.milliseconds, client.lowercasedString, account.description,
                        mutation - 1,
                    ])
            }
            if db.changesCount == 0 { throw StoreError.duplicate(key: "mutation") }
        case .recordSyncRejection(let rejection):
            try execute(
                """
                INSERT INTO sync_rejections (client_id, mutation_id, name, entity_id, code, field, message, at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    rejection.clientID.lowercasedString, rejection.mutationID, rejection.name,
                    rejection.entityID, rejection.code, rejection.field, rejection.message,
                    rejection.at.milliseconds,
                ])
        case .announceTask:
            break
        case .stampFieldClocks(let entity, let fields, let clock):
            for field in fields {
                try execute(
                    """
                    INSERT INTO field_clocks (entity_id, field, clock) VALUES (?, ?, ?)
                    ON CONFLICT (entity_id, field) DO UPDATE SET clock = excluded.clock WHERE excluded.clock > field_clocks.clock
                    """, arguments: [entity, field, clock])
            }
        case .putPosting(let posting, _):
            try putPosting(posting)
        case .putBid(let bid):
            try putBid(bid)
        case .putQuestion(let question):
            try putQuestion(question)
        case .putReview(let review):
            try putReview(review)
        case .putCategory(let category):
            try putCategory(category)
        case .putAttachment(let photo, let bytes):
            try putAttachment(photo, bytes: bytes)
        case .deleteAttachment(let photo):
            try deleteAttachment(photo)
        case .putGameProfile(let profile):
            try putGameProfile(profile)
        case .putGameDay(let day):
            try putGameDay(day)
        case .addLedgerEntry(let entry):
            try addLedgerEntry(entry)
        case .putStoreItem(let item):
            try putStoreItem(item)
        case .putSubscriptionPlan(let plan):
            try putSubscriptionPlan(plan)
        case .putGameRules(let rules, let version):
            try putGameRules(rules, version: version)
        case .putCalendarObject(let object):
            try putCalendarObject(object)
        case .deleteCalendarObject(let taskID):
            try deleteCalendarObject(taskID)
        case .putFeedKey(let key):
            try putFeedKey(key)
        case .shelveUndo(let shelved):
            try execute(
                "DELETE FROM undo_shelf WHERE account_id = ? AND expires_at < ?",
                arguments: [shelved.accountID.description, now.milliseconds])
            try execute(
                "INSERT INTO undo_shelf (id, account_id, steps, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    shelved.id, shelved.accountID.description, shelved.steps,
                    shelved.expiresAt.milliseconds,
                ])
        case .takeUndo(let id):
            try execute("DELETE FROM undo_shelf WHERE id = ?", arguments: [id])
        case .putCalendarCollection(let listID, let name):
            try putCalendarCollection(listID, name: name)
        case .enqueueDelivery(let delivery):
            try execute(
                """
                INSERT INTO deliveries (id, account_id, channel, target, event, payload, state, attempts,
                    next_attempt_at, last_error, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    delivery.id.description, delivery.accountID.description, delivery.channel.rawValue,
                    delivery.target, delivery.event, delivery.payload, delivery.state.rawValue,
                    delivery.attempts, delivery.nextAttemptAt.milliseconds, delivery.lastError,
                    delivery.createdAt.milliseconds, delivery.sentAt?.milliseconds,
                ])
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
