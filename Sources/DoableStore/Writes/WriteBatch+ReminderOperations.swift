public import DoableCore

/// The write operations of reminders, notifications, webhooks and the delivery queue (NOTIF, INTEROP-4).
@_spi(StoreWriting)
extension WriteBatch {
    public enum ReminderOperation: Sendable {
        case putNotification(AppNotification)
        /// NOTIF-1: a member's own reminder; in that member's feed only.
        case putReminder(Reminder)
        case deleteReminder(Reminder)
        /// INTEROP-4. The feed cursor moves with `advanceWebhookCursor`, which has no feed entry (it would wake the
        /// fan-out that moved it).
        case putWebhook(Webhook)
        case deleteWebhook(Webhook)
        /// Moves the webhook's cursor from `from` (conflict if it moved meanwhile) to `to`.
        case advanceWebhookCursor(WebhookID, from: Int64, to: Int64)
        /// NOTIF-5: a message to send, queued with the change that caused it.
        case enqueueDelivery(Delivery)
        /// REACH-3: a device's push subscription; a new one replaces any row of the same endpoint (the browser
        /// subscribed again, maybe for another account). No feed entry: no page or client follows devices.
        case putPushSubscription(PushSubscription)
        case deletePushSubscription(PushSubscription)
    }
}

/// `.putNotification(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putNotification(_ appNotification: AppNotification) -> Self { .reminder(.putNotification(appNotification)) }
    public static func putReminder(_ reminder: Reminder) -> Self { .reminder(.putReminder(reminder)) }
    public static func deleteReminder(_ reminder: Reminder) -> Self { .reminder(.deleteReminder(reminder)) }
    public static func putWebhook(_ webhook: Webhook) -> Self { .reminder(.putWebhook(webhook)) }
    public static func deleteWebhook(_ webhook: Webhook) -> Self { .reminder(.deleteWebhook(webhook)) }
    public static func advanceWebhookCursor(_ webhookID: WebhookID, from: Int64, to: Int64) -> Self {
        .reminder(.advanceWebhookCursor(webhookID, from: from, to: to))
    }
    public static func enqueueDelivery(_ delivery: Delivery) -> Self { .reminder(.enqueueDelivery(delivery)) }
    public static func putPushSubscription(_ subscription: PushSubscription) -> Self {
        .reminder(.putPushSubscription(subscription))
    }
    public static func deletePushSubscription(_ subscription: PushSubscription) -> Self {
        .reminder(.deletePushSubscription(subscription))
    }
}

extension WriteBatch.ReminderOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putNotification(let note): (note.accountID, .notification, note.id.description, .put, nil)
        case .putReminder(let reminder): (reminder.accountID, .reminder, reminder.id.description, .put, nil)
        case .deleteReminder(let reminder): (reminder.accountID, .reminder, reminder.id.description, .delete, nil)
        case .putWebhook(let hook): (hook.accountID, .webhook, hook.id.description, .put, nil)
        case .deleteWebhook(let hook): (hook.accountID, .webhook, hook.id.description, .delete, nil)
        case .advanceWebhookCursor, .enqueueDelivery, .putPushSubscription, .deletePushSubscription: nil
        }
    }
}
