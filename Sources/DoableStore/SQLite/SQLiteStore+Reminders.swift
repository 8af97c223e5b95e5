public import DoableCore
import GRDB

/// Reminders, completed occurrences, webhooks and the delivery queue (issue 13).
extension SQLiteStore {
    static let reminderColumns = """
        id, task_id, account_id, at, relative_to, offset_minutes, snoozed_until, silenced, fired_for, next_at,
        created_at, updated_at, version
        """

    static func reminderArguments(_ reminder: Reminder) -> [(any DatabaseValueConvertible)?] {
        let at: Int64?, anchor: String?, offset: Int?
        switch reminder.trigger {
        case .at(let moment): (at, anchor, offset) = (moment.milliseconds, nil, nil)
        case .relative(let to, let minutes): (at, anchor, offset) = (nil, to.rawValue, minutes)
        }
        return [
            reminder.id.description, reminder.taskID.description, reminder.accountID.description, at, anchor, offset,
            reminder.snoozedUntil?.milliseconds, reminder.silenced, reminder.firedFor?.milliseconds,
            reminder.nextAt?.milliseconds, reminder.createdAt.milliseconds, reminder.updatedAt.milliseconds,
            reminder.version, nil,
        ]
    }

    static func reminder(_ row: Row) -> Reminder {
        let trigger: Reminder.Trigger
        if let at = row["at"] as Int64? {
            trigger = .at(Timestamp(milliseconds: at))
        } else {
            trigger = .relative(
                to: Reminder.Anchor(rawValue: row["relative_to"] ?? "due") ?? .due,
                offsetMinutes: row["offset_minutes"] ?? 0)
        }
        return Reminder(
            id: SQLiteRows.id(row, "id"), taskID: SQLiteRows.id(row, "task_id"),
            accountID: SQLiteRows.id(row, "account_id"), trigger: trigger,
            snoozedUntil: SQLiteRows.optionalTimestamp(row, "snoozed_until"), silenced: row["silenced"],
            firedFor: SQLiteRows.optionalTimestamp(row, "fired_for"), nextAt: SQLiteRows.optionalTimestamp(row, "next_at"),
            createdAt: SQLiteRows.timestamp(row, "created_at"), updatedAt: SQLiteRows.timestamp(row, "updated_at"),
            version: row["version"])
    }

    public func tasks(ids: [TaskID]) async throws -> [TaskItem] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(SQLiteRows.taskColumns) FROM tasks WHERE id IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(ids.map(\.description))], SQLiteRows.task)
    }

    public func reminder(id: ReminderID) async throws -> Reminder? {
        try await fetchOne("SELECT \(Self.reminderColumns) FROM reminders WHERE id = ?", [id.description], Self.reminder)
    }

    public func reminders(ids: [ReminderID]) async throws -> [Reminder] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(Self.reminderColumns) FROM reminders WHERE id IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(ids.map(\.description))], Self.reminder)
    }

    public func reminders(taskID: TaskID, accountID: AccountID) async throws -> [Reminder] {
        try await fetchAll(
            """
            SELECT \(Self.reminderColumns) FROM reminders WHERE task_id = ? AND account_id = ? ORDER BY created_at, id
            """, [taskID.description, accountID.description], Self.reminder)
    }

    public func reminders(taskIDs: [TaskID]) async throws -> [Reminder] {
        guard !taskIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(Self.reminderColumns) FROM reminders WHERE task_id IN (SELECT value FROM json_each(?))
            ORDER BY created_at, id
            """, [Self.jsonArray(taskIDs.map(\.description))], Self.reminder)
    }

    public func reminders(accountID: AccountID) async throws -> [Reminder] {
        try await fetchAll(
            """
            SELECT \(Self.reminderColumns) FROM reminders WHERE account_id = ? ORDER BY created_at, id
            """, [accountID.description], Self.reminder)
    }

    public func upcomingReminders(accountID: AccountID, from: Timestamp, limit: Int) async throws -> [Reminder] {
        try await fetchAll(
            """
            SELECT \(Self.reminderColumns) FROM reminders WHERE account_id = ? AND next_at >= ?
            ORDER BY next_at, id LIMIT ?
            """, [accountID.description, from.milliseconds, limit], Self.reminder)
    }

    static let completionColumns = """
        id, task_id, owner_id, actor_id, completed_at, due, start, recurrence, next_due, reset_subtasks, local_day,
        on_time, age_seconds
        """

    static func completion(_ row: Row) -> TaskCompletion {
        TaskCompletion(
            id: SQLiteRows.id(row, "id"), taskID: SQLiteRows.id(row, "task_id"), ownerID: SQLiteRows.id(row, "owner_id"),
            actorID: SQLiteRows.optionalID(row, "actor_id"), completedAt: SQLiteRows.timestamp(row, "completed_at"),
            due: (row["due"] as String?).flatMap { TaskDate($0) }, start: (row["start"] as String?).flatMap { TaskDate($0) },
            recurrence: row["recurrence"], nextDue: (row["next_due"] as String?).flatMap { TaskDate($0) },
            resetSubtaskIDs: (row["reset_subtasks"] as String).split(separator: ",").compactMap { TaskID(String($0)) },
            localDay: (row["local_day"] as String?).flatMap { CivilDate($0) }, onTime: row["on_time"],
            ageSeconds: row["age_seconds"])
    }

    public func latestCompletion(taskID: TaskID) async throws -> TaskCompletion? {
        try await fetchOne(
            """
            SELECT \(Self.completionColumns) FROM task_completions WHERE task_id = ?
            ORDER BY completed_at DESC, id DESC LIMIT 1
            """, [taskID.description], Self.completion)
    }

    public func completions(ownerID: AccountID, since: Timestamp, limit: Int) async throws -> [TaskCompletion] {
        try await fetchAll(
            """
            SELECT \(Self.completionColumns) FROM task_completions WHERE owner_id = ? AND completed_at >= ?
            ORDER BY completed_at DESC, id DESC LIMIT ?
            """, [ownerID.description, since.milliseconds, limit], Self.completion)
    }

    static let webhookColumns = "id, account_id, url, events, secret, feed_cursor, created_at, updated_at, version"

    static func webhook(_ row: Row) -> Webhook {
        Webhook(
            id: SQLiteRows.id(row, "id"), accountID: SQLiteRows.id(row, "account_id"), url: row["url"],
            events: (row["events"] as String).split(separator: ",").compactMap { WebhookEvent(rawValue: String($0)) },
            secret: row["secret"], feedCursor: row["feed_cursor"], createdAt: SQLiteRows.timestamp(row, "created_at"),
            updatedAt: SQLiteRows.timestamp(row, "updated_at"), version: row["version"])
    }

    public func webhook(id: WebhookID) async throws -> Webhook? {
        try await fetchOne("SELECT \(Self.webhookColumns) FROM webhooks WHERE id = ?", [id.description], Self.webhook)
    }

    public func webhooks(accountIDs: [AccountID]) async throws -> [Webhook] {
        guard !accountIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(Self.webhookColumns) FROM webhooks WHERE account_id IN (SELECT value FROM json_each(?))
            ORDER BY created_at, id
            """, [Self.jsonArray(accountIDs.map(\.description))], Self.webhook)
    }

    public func webhooksBehind(limit: Int) async throws -> [Webhook] {
        try await fetchAll(
            """
            SELECT \(SQLiteRows.prefixed(Self.webhookColumns, "w")) FROM webhooks w JOIN accounts a ON a.id = w.account_id
            WHERE w.feed_cursor < a.change_seq ORDER BY w.id LIMIT ?
            """, [limit], Self.webhook)
    }

    static let pushColumns = """
        p.id, p.account_id, p.endpoint, p.p256dh, p.auth, p.device_name, p.created_at, p.updated_at, p.version,
        (SELECT max(d.sent_at) FROM deliveries d WHERE d.account_id = p.account_id AND d.channel = 'push'
            AND d.target = p.id) AS last_success_at
        """

    static func pushSubscription(_ row: Row) -> PushSubscription {
        PushSubscription(
            id: SQLiteRows.id(row, "id"), accountID: SQLiteRows.id(row, "account_id"), endpoint: row["endpoint"],
            p256dh: row["p256dh"], auth: row["auth"], deviceName: row["device_name"],
            createdAt: SQLiteRows.timestamp(row, "created_at"), updatedAt: SQLiteRows.timestamp(row, "updated_at"),
            lastSuccessAt: SQLiteRows.optionalTimestamp(row, "last_success_at"), version: row["version"])
    }

    public func pushSubscriptions(accountIDs: [AccountID]) async throws -> [PushSubscription] {
        guard !accountIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(Self.pushColumns) FROM push_subscriptions p
            WHERE p.account_id IN (SELECT value FROM json_each(?)) ORDER BY p.created_at, p.id
            """, [Self.jsonArray(accountIDs.map(\.description))], Self.pushSubscription)
    }

    public func pushSubscription(id: PushSubscriptionID) async throws -> PushSubscription? {
        try await fetchOne(
            "SELECT \(Self.pushColumns) FROM push_subscriptions p WHERE p.id = ?", [id.description],
            Self.pushSubscription)
    }

    public func pushSubscription(endpoint: String) async throws -> PushSubscription? {
        try await fetchOne(
            "SELECT \(Self.pushColumns) FROM push_subscriptions p WHERE p.endpoint = ?", [endpoint],
            Self.pushSubscription)
    }

    static let deliveryColumns = """
        id, account_id, channel, target, event, payload, state, attempts, next_attempt_at, last_error, created_at,
        sent_at
        """

    static func delivery(_ row: Row) -> Delivery {
        Delivery(
            id: SQLiteRows.id(row, "id"), accountID: SQLiteRows.id(row, "account_id"),
            channel: Delivery.Channel(rawValue: row["channel"]) ?? .webhook, target: row["target"], event: row["event"],
            payload: row["payload"], state: Delivery.State(rawValue: row["state"]) ?? .pending,
            attempts: row["attempts"], nextAttemptAt: SQLiteRows.timestamp(row, "next_attempt_at"),
            lastError: row["last_error"], createdAt: SQLiteRows.timestamp(row, "created_at"),
            sentAt: SQLiteRows.optionalTimestamp(row, "sent_at"))
    }

    public func delivery(id: DeliveryID) async throws -> Delivery? {
        try await fetchOne("SELECT \(Self.deliveryColumns) FROM deliveries WHERE id = ?", [id.description], Self.delivery)
    }

    public func deliveries(accountID: AccountID, limit: Int) async throws -> [Delivery] {
        try await fetchAll(
            """
            SELECT \(Self.deliveryColumns) FROM deliveries WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?
            """, [accountID.description, limit], Self.delivery)
    }

    public func deliveryAttempts(deliveryIDs: [DeliveryID]) async throws -> [DeliveryAttempt] {
        guard !deliveryIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT delivery_id, number, at, succeeded, detail FROM delivery_attempts
            WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY delivery_id, number
            """, [Self.jsonArray(deliveryIDs.map(\.description))]
        ) { row in
            DeliveryAttempt(
                deliveryID: SQLiteRows.id(row, "delivery_id"), number: row["number"],
                at: SQLiteRows.timestamp(row, "at"), succeeded: row["succeeded"], detail: row["detail"])
        }
    }

    @_spi(StoreWriting) public func claimDueReminders(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Reminder]
    {
        try await committer.write { db in
            try Row.fetchAll(
                db,
                sql: """
                    UPDATE reminders SET claimed_until = ?1 WHERE id IN (
                        SELECT id FROM reminders WHERE next_at <= ?2 AND (claimed_until IS NULL OR claimed_until < ?2)
                        ORDER BY next_at LIMIT ?3)
                    RETURNING \(Self.reminderColumns)
                    """, arguments: [leaseUntil.milliseconds, now.milliseconds, limit]
            ).map(Self.reminder)
        }
    }

    @_spi(StoreWriting) public func claimDueDeliveries(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Delivery]
    {
        try await committer.write { db in
            try Row.fetchAll(
                db,
                sql: """
                    UPDATE deliveries SET claimed_until = ?1 WHERE id IN (
                        SELECT id FROM deliveries WHERE state = 'pending' AND next_attempt_at <= ?2
                        AND (claimed_until IS NULL OR claimed_until < ?2) ORDER BY next_attempt_at LIMIT ?3)
                    RETURNING \(Self.deliveryColumns)
                    """, arguments: [leaseUntil.milliseconds, now.milliseconds, limit]
            ).map(Self.delivery)
        }
    }

    @_spi(StoreWriting) public func record(_ attempt: DeliveryAttempt, updating delivery: Delivery) async throws {
        try await committer.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO delivery_attempts (delivery_id, number, at, succeeded, detail) VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    attempt.deliveryID.description, attempt.number, attempt.at.milliseconds,
                    attempt.succeeded, attempt.detail,
                ])
            try db.execute(
                sql: """
                    UPDATE deliveries SET state = ?, attempts = ?, next_attempt_at = ?, last_error = ?, sent_at = ?,
                        claimed_until = NULL WHERE id = ?
                    """,
                arguments: [
                    delivery.state.rawValue, delivery.attempts, delivery.nextAttemptAt.milliseconds,
                    delivery.lastError, delivery.sentAt?.milliseconds, delivery.id.description,
                ])
        }
    }

    @_spi(StoreWriting) public func serverSecret(named name: String, candidate: String) async throws -> String {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO server_secrets (name, value) VALUES (?, ?)",
                arguments: [name, candidate])
            return try String.fetchOne(db, sql: "SELECT value FROM server_secrets WHERE name = ?", arguments: [name])
                ?? candidate
        }
    }
}
