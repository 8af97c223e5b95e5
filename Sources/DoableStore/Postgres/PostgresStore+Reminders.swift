public import DoableCore
import PostgresNIO

/// Reminders, completed occurrences, webhooks and the delivery queue (issue 13), as `SQLiteStore+Reminders`. The
/// scheduler's claims skip rows another process has locked, so several servers on one database share the work and
/// never take the same row (OPS-2, NOTIF-5).
extension PostgresStore {
    static let reminderColumns = """
        id, task_id, account_id, at, relative_to, offset_minutes, snoozed_until, silenced, fired_for, next_at,
        created_at, updated_at, version
        """

    static func reminderValues(_ reminder: Reminder) throws -> PostgresRowValues {
        var values = PostgresRowValues()
        try values.set("id", reminder.id.uuid)
        try values.set("task_id", reminder.taskID.uuid)
        try values.set("account_id", reminder.accountID.uuid)
        switch reminder.trigger {
        case .at(let moment):
            try values.set("at", moment.milliseconds)
            try values.set("relative_to", String?.none)
            try values.set("offset_minutes", Int64?.none)
        case .relative(let anchor, let offset):
            try values.set("at", Int64?.none)
            try values.set("relative_to", anchor.rawValue)
            try values.set("offset_minutes", Int64(offset))
        }
        try values.set("snoozed_until", reminder.snoozedUntil?.milliseconds)
        try values.set("silenced", reminder.silenced)
        try values.set("fired_for", reminder.firedFor?.milliseconds)
        try values.set("next_at", reminder.nextAt?.milliseconds)
        try values.set("created_at", reminder.createdAt.milliseconds)
        try values.set("updated_at", reminder.updatedAt.milliseconds)
        try values.set("version", reminder.version)
        // Every put releases the scheduler's hold: it is the firing, or an edit the next claim must see.
        try values.set("claimed_until", Int64?.none)
        return values
    }

    static func reminder(_ row: PostgresRecord) throws -> Reminder {
        let trigger: Reminder.Trigger
        if let at = try row["at"] as Int64? {
            trigger = .at(Timestamp(milliseconds: at))
        } else {
            trigger = .relative(
                to: Reminder.Anchor(rawValue: try row["relative_to"] as String? ?? "due") ?? .due,
                offsetMinutes: Int(try row["offset_minutes"] as Int64? ?? 0))
        }
        return Reminder(
            id: try row.id("id"), taskID: try row.id("task_id"), accountID: try row.id("account_id"), trigger: trigger,
            snoozedUntil: try row.optionalTimestamp("snoozed_until"), silenced: try row["silenced"],
            firedFor: try row.optionalTimestamp("fired_for"), nextAt: try row.optionalTimestamp("next_at"),
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            version: try row["version"])
    }

    public func tasks(ids: [TaskID]) async throws -> [TaskItem] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t WHERE t.id = ANY(\(ids.map(\.uuid)))
            """, PostgresRows.task)
    }

    public func reminder(id: ReminderID) async throws -> Reminder? {
        try await fetchOne("SELECT \(unescaped: Self.reminderColumns) FROM reminders WHERE id = \(id.uuid)", Self.reminder)
    }

    public func reminders(ids: [ReminderID]) async throws -> [Reminder] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.reminderColumns) FROM reminders WHERE id = ANY(\(ids.map(\.uuid)))
            """, Self.reminder)
    }

    public func reminders(taskID: TaskID, accountID: AccountID) async throws -> [Reminder] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.reminderColumns) FROM reminders
            WHERE task_id = \(taskID.uuid) AND account_id = \(accountID.uuid) ORDER BY created_at, id
            """, Self.reminder)
    }

    public func reminders(taskIDs: [TaskID]) async throws -> [Reminder] {
        guard !taskIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.reminderColumns) FROM reminders WHERE task_id = ANY(\(taskIDs.map(\.uuid)))
            ORDER BY created_at, id
            """, Self.reminder)
    }

    public func reminders(accountID: AccountID) async throws -> [Reminder] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.reminderColumns) FROM reminders WHERE account_id = \(accountID.uuid)
            ORDER BY created_at, id
            """, Self.reminder)
    }

    public func upcomingReminders(accountID: AccountID, from: Timestamp, limit: Int) async throws -> [Reminder] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.reminderColumns) FROM reminders
            WHERE account_id = \(accountID.uuid) AND next_at >= \(from.milliseconds) ORDER BY next_at, id LIMIT \(limit)
            """, Self.reminder)
    }

    static let completionColumns = """
        id, task_id, owner_id, actor_id, completed_at, due, start, recurrence, next_due, reset_subtasks, local_day,
        on_time, age_seconds
        """

    static func completion(_ row: PostgresRecord) throws -> TaskCompletion {
        TaskCompletion(
            id: try row.id("id"), taskID: try row.id("task_id"), ownerID: try row.id("owner_id"),
            actorID: try row.optionalID("actor_id"), completedAt: try row.timestamp("completed_at"),
            due: (try row["due"] as String?).flatMap { TaskDate($0) },
            start: (try row["start"] as String?).flatMap { TaskDate($0) }, recurrence: try row["recurrence"],
            nextDue: (try row["next_due"] as String?).flatMap { TaskDate($0) },
            resetSubtaskIDs: (try row["reset_subtasks"] as String).split(separator: ",").compactMap { TaskID(String($0)) },
            localDay: (try row["local_day"] as String?).flatMap { CivilDate($0) }, onTime: try row["on_time"],
            ageSeconds: try row["age_seconds"])
    }

    public func latestCompletion(taskID: TaskID) async throws -> TaskCompletion? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.completionColumns) FROM task_completions WHERE task_id = \(taskID.uuid)
            ORDER BY completed_at DESC, id DESC LIMIT 1
            """, Self.completion)
    }

    public func completions(ownerID: AccountID, since: Timestamp, limit: Int) async throws -> [TaskCompletion] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.completionColumns) FROM task_completions
            WHERE owner_id = \(ownerID.uuid) AND completed_at >= \(since.milliseconds)
            ORDER BY completed_at DESC, id DESC LIMIT \(limit)
            """, Self.completion)
    }

    static let webhookColumns = "w.id, w.account_id, w.url, w.events, w.secret, w.feed_cursor, w.created_at, w.updated_at, w.version"

    static func webhook(_ row: PostgresRecord) throws -> Webhook {
        Webhook(
            id: try row.id("id"), accountID: try row.id("account_id"), url: try row["url"],
            events: (try row["events"] as String).split(separator: ",").compactMap { WebhookEvent(rawValue: String($0)) },
            secret: try row["secret"], feedCursor: try row["feed_cursor"], createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"), version: try row["version"])
    }

    public func webhook(id: WebhookID) async throws -> Webhook? {
        try await fetchOne(
            "SELECT \(unescaped: Self.webhookColumns) FROM webhooks w WHERE w.id = \(id.uuid)",
            Self.webhook)
    }

    public func webhooks(accountIDs: [AccountID]) async throws -> [Webhook] {
        guard !accountIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.webhookColumns) FROM webhooks w WHERE w.account_id = ANY(\(accountIDs.map(\.uuid)))
            ORDER BY w.created_at, w.id
            """, Self.webhook)
    }

    public func webhooksBehind(limit: Int) async throws -> [Webhook] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.webhookColumns) FROM webhooks w JOIN accounts a ON a.id = w.account_id
            WHERE w.feed_cursor < a.change_seq ORDER BY w.id LIMIT \(limit)
            """, Self.webhook)
    }

    static let pushColumns = """
        p.id, p.account_id, p.endpoint, p.p256dh, p.auth, p.device_name, p.created_at, p.updated_at, p.version,
        (SELECT max(d.sent_at) FROM deliveries d WHERE d.account_id = p.account_id AND d.channel = 'push'
            AND d.target = p.id::text) AS last_success_at
        """

    static func pushSubscription(_ row: PostgresRecord) throws -> PushSubscription {
        PushSubscription(
            id: try row.id("id"), accountID: try row.id("account_id"), endpoint: try row["endpoint"],
            p256dh: try row["p256dh"], auth: try row["auth"], deviceName: try row["device_name"],
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            lastSuccessAt: try row.optionalTimestamp("last_success_at"), version: try row["version"])
    }

    public func pushSubscriptions(accountIDs: [AccountID]) async throws -> [PushSubscription] {
        guard !accountIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.pushColumns) FROM push_subscriptions p
            WHERE p.account_id = ANY(\(accountIDs.map(\.uuid))) ORDER BY p.created_at, p.id
            """, Self.pushSubscription)
    }

    public func pushSubscription(id: PushSubscriptionID) async throws -> PushSubscription? {
        try await fetchOne(
            "SELECT \(unescaped: Self.pushColumns) FROM push_subscriptions p WHERE p.id = \(id.uuid)",
            Self.pushSubscription)
    }

    public func pushSubscription(endpoint: String) async throws -> PushSubscription? {
        try await fetchOne(
            "SELECT \(unescaped: Self.pushColumns) FROM push_subscriptions p WHERE p.endpoint = \(endpoint)",
            Self.pushSubscription)
    }

    static let deliveryColumns = """
        id, account_id, channel, target, event, payload, state, attempts, next_attempt_at, last_error, created_at,
        sent_at
        """

    static func delivery(_ row: PostgresRecord) throws -> Delivery {
        Delivery(
            id: try row.id("id"), accountID: try row.id("account_id"),
            channel: Delivery.Channel(rawValue: try row["channel"]) ?? .webhook, target: try row["target"],
            event: try row["event"], payload: try row["payload"],
            state: Delivery.State(rawValue: try row["state"]) ?? .pending, attempts: Int(try row["attempts"] as Int64),
            nextAttemptAt: try row.timestamp("next_attempt_at"), lastError: try row["last_error"],
            createdAt: try row.timestamp("created_at"), sentAt: try row.optionalTimestamp("sent_at"))
    }

    public func delivery(id: DeliveryID) async throws -> Delivery? {
        try await fetchOne(
            "SELECT \(unescaped: Self.deliveryColumns) FROM deliveries WHERE id = \(id.uuid)",
            Self.delivery)
    }

    public func deliveries(accountID: AccountID, limit: Int) async throws -> [Delivery] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.deliveryColumns) FROM deliveries WHERE account_id = \(accountID.uuid)
            ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """, Self.delivery)
    }

    public func deliveryAttempts(deliveryIDs: [DeliveryID]) async throws -> [DeliveryAttempt] {
        guard !deliveryIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT delivery_id, number, at, succeeded, detail FROM delivery_attempts
            WHERE delivery_id = ANY(\(deliveryIDs.map(\.uuid))) ORDER BY delivery_id, number
            """
        ) { row in
            DeliveryAttempt(
                deliveryID: try row.id("delivery_id"), number: Int(try row["number"] as Int64),
                at: try row.timestamp("at"), succeeded: try row["succeeded"], detail: try row["detail"])
        }
    }

    @_spi(StoreWriting) public func claimDueReminders(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Reminder]
    {
        try await fetchAll(
            """
            UPDATE reminders SET claimed_until = \(leaseUntil.milliseconds) WHERE id IN (
                SELECT id FROM reminders WHERE next_at <= \(now.milliseconds)
                AND (claimed_until IS NULL OR claimed_until < \(now.milliseconds))
                ORDER BY next_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: Self.reminderColumns)
            """, Self.reminder)
    }

    @_spi(StoreWriting) public func claimDueDeliveries(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Delivery]
    {
        try await fetchAll(
            """
            UPDATE deliveries SET claimed_until = \(leaseUntil.milliseconds) WHERE id IN (
                SELECT id FROM deliveries WHERE state = 'pending' AND next_attempt_at <= \(now.milliseconds)
                AND (claimed_until IS NULL OR claimed_until < \(now.milliseconds))
                ORDER BY next_attempt_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: Self.deliveryColumns)
            """, Self.delivery)
    }

    @_spi(StoreWriting) public func record(_ attempt: DeliveryAttempt, updating delivery: Delivery) async throws {
        _ = try await fetchAll(
            """
            WITH attempt AS (
                INSERT INTO delivery_attempts (delivery_id, number, at, succeeded, detail)
                VALUES (\(attempt.deliveryID.uuid), \(Int64(attempt.number)), \(attempt.at.milliseconds),
                        \(attempt.succeeded), \(attempt.detail))
                ON CONFLICT (delivery_id, number) DO UPDATE SET at = EXCLUDED.at, succeeded = EXCLUDED.succeeded,
                    detail = EXCLUDED.detail
                RETURNING 1
            )
            UPDATE deliveries SET state = \(delivery.state.rawValue), attempts = \(Int64(delivery.attempts)),
                next_attempt_at = \(delivery.nextAttemptAt.milliseconds), last_error = \(delivery.lastError),
                sent_at = \(delivery.sentAt?.milliseconds), claimed_until = NULL
            WHERE id = \(delivery.id.uuid) RETURNING id
            """
        ) { _ in () }
    }

    @_spi(StoreWriting) public func serverSecret(named name: String, candidate: String) async throws -> String {
        _ = try await fetchAll(
            """
            INSERT INTO server_secrets (name, value) VALUES (\(name), \(candidate)) ON CONFLICT (name) DO NOTHING
            RETURNING name
            """
        ) { _ in () }
        return try await fetchOne("SELECT value FROM server_secrets WHERE name = \(name)") { try $0["value"] as String }
            ?? candidate
    }
}
