public import DoableCore

/// Reminders, completions, in-app notifications, webhooks and their delivery queue (NOTIF, INTEROP-4). One part of `Store`, which every engine implements.
public protocol ReminderStore: Sendable {
    func notification(id: NotificationID) async throws -> AppNotification?
    /// The account's notifications, newest first.
    /// Newest first; with `before`, only those older than that one (its time and id: a page's cursor).
    func notifications(
        accountID: AccountID, unreadOnly: Bool, before: (createdAt: Timestamp, id: NotificationID)?,
        limit: Int
    ) async throws -> [AppNotification]
    func unreadNotificationCount(accountID: AccountID) async throws -> Int
    func reminder(id: ReminderID) async throws -> Reminder?
    func reminders(ids: [ReminderID]) async throws -> [Reminder]
    /// A member's reminders on a task, in the order they were made.
    func reminders(taskID: TaskID, accountID: AccountID) async throws -> [Reminder]
    /// Every member's reminders on these tasks (a change of the task's dates moves them all).
    func reminders(taskIDs: [TaskID]) async throws -> [Reminder]
    /// Every reminder of the account, for export and account deletion.
    func reminders(accountID: AccountID) async throws -> [Reminder]
    /// The account's reminders that fire at or after `from`, soonest first (VIEW-1).
    func upcomingReminders(accountID: AccountID, from: Timestamp, limit: Int) async throws -> [Reminder]
    func webhook(id: WebhookID) async throws -> Webhook?
    func webhooks(accountIDs: [AccountID]) async throws -> [Webhook]
    /// Webhooks whose feed cursor is behind their account's feed: the fan-out's work.
    func webhooksBehind(limit: Int) async throws -> [Webhook]
    /// REACH-3: the accounts' push devices, oldest first, each with when a push last reached its push service.
    func pushSubscriptions(accountIDs: [AccountID]) async throws -> [PushSubscription]
    func pushSubscription(id: PushSubscriptionID) async throws -> PushSubscription?
    func pushSubscription(endpoint: String) async throws -> PushSubscription?
    func delivery(id: DeliveryID) async throws -> Delivery?
    /// The account's deliveries, newest first.
    func deliveries(accountID: AccountID, limit: Int) async throws -> [Delivery]
    /// The attempts of these deliveries, in one read, in order of delivery and number.
    func deliveryAttempts(deliveryIDs: [DeliveryID]) async throws -> [DeliveryAttempt]
    /// NOTIF-5: takes up to `limit` reminders due at `now` that no process holds, holding them until `leaseUntil`
    /// (PostgreSQL skips rows another process is claiming, so two servers never take the same one).
    @_spi(StoreWriting) func claimDueReminders(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Reminder]
    /// The same for pending deliveries whose next attempt is due.
    @_spi(StoreWriting) func claimDueDeliveries(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Delivery]
    /// Records an attempt and the delivery's new state (attempts, next attempt, error, sent time), releasing it.
    @_spi(StoreWriting) func record(_ attempt: DeliveryAttempt, updating delivery: Delivery) async throws
}

extension ReminderStore {
    public func notifications(accountID: AccountID, unreadOnly: Bool, limit: Int) async throws -> [AppNotification] {
        try await notifications(accountID: accountID, unreadOnly: unreadOnly, before: nil, limit: limit)
    }
}
