import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes reminders, notifications, webhooks and the delivery queue (NOTIF, INTEROP-4).
    func apply(_ operation: WriteBatch.ReminderOperation, now: Timestamp) async throws {
        switch operation {
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
        case .putPushSubscription(let subscription):
            if subscription.version == 1 {
                try await execute(
                    """
                    DELETE FROM push_subscriptions WHERE endpoint = \(subscription.endpoint) AND id <> \(subscription.id.uuid)
                    """)
            }
            var values = PostgresRowValues()
            try values.set("id", subscription.id.uuid)
            try values.set("account_id", subscription.accountID.uuid)
            try values.set("endpoint", subscription.endpoint)
            try values.set("p256dh", subscription.p256dh)
            try values.set("auth", subscription.auth)
            try values.set("device_name", subscription.deviceName)
            try values.set("created_at", subscription.createdAt.milliseconds)
            try values.set("updated_at", subscription.updatedAt.milliseconds)
            try values.set("version", subscription.version)
            try await put(
                "push_subscriptions", id: subscription.id.description, version: subscription.version, values: values)
        case .deletePushSubscription(let subscription):
            try await delete("push_subscriptions", id: subscription.id.uuid, version: subscription.version)
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
}
