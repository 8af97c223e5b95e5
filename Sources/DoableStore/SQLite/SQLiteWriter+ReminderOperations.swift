import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes reminders, notifications, webhooks and the delivery queue (NOTIF, INTEROP-4).
    func apply(_ operation: WriteBatch.ReminderOperation, now: Timestamp) throws {
        switch operation {
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
        case .putPushSubscription(let subscription):
            if subscription.version == 1 {
                try execute(
                    "DELETE FROM push_subscriptions WHERE endpoint = ? AND id <> ?",
                    arguments: [subscription.endpoint, subscription.id.description])
            }
            try put(
                SQLiteTable.pushSubscriptions, version: subscription.version, id: subscription.id.description,
                arguments: [
                    subscription.id.description, subscription.accountID.description, subscription.endpoint,
                    subscription.p256dh, subscription.auth, subscription.deviceName,
                    subscription.createdAt.milliseconds, subscription.updatedAt.milliseconds, subscription.version,
                ])
        case .deletePushSubscription(let subscription):
            try delete("push_subscriptions", id: subscription.id.description, version: subscription.version)
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
}
