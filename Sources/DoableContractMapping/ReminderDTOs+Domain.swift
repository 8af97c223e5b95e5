public import DoableAPI
public import DoableCore
import DoableDomain
import Foundation

extension ReminderDTO {
    public init(_ reminder: Reminder) {
        var at: Timestamp?
        var relativeTo: Reminder.Anchor?
        var offsetMinutes: Int?
        switch reminder.trigger {
        case .at(let moment): at = moment
        case .relative(let anchor, let offset):
            relativeTo = anchor
            offsetMinutes = offset
        }
        self.init(
            id: reminder.id, taskId: reminder.taskID, at: at, relativeTo: relativeTo, offsetMinutes: offsetMinutes,
            nextAt: reminder.nextAt, snoozedUntil: reminder.snoozedUntil, silenced: reminder.silenced,
            firedFor: reminder.firedFor, createdAt: reminder.createdAt, updatedAt: reminder.updatedAt,
            version: reminder.version)
    }
}

extension WebhookDTO {
    public init(_ hook: Webhook, showingSecret: Bool = false) {
        self.init(
            id: hook.id, url: hook.url, events: hook.events.map(\.rawValue), createdAt: hook.createdAt,
            secret: showingSecret ? hook.secret : nil)
    }
}

extension DeliveryDTO {
    public init(_ delivery: Delivery, attempts: [DeliveryAttempt]) {
        self.init(
            id: delivery.id, channel: delivery.channel.rawValue, event: delivery.event,
            state: delivery.state.rawValue,
            attempts: attempts.map { AttemptDTO(number: $0.number, at: $0.at, succeeded: $0.succeeded, detail: $0.detail) },
            lastError: delivery.lastError, createdAt: delivery.createdAt, sentAt: delivery.sentAt,
            nextAttemptAt: delivery.state == .pending ? delivery.nextAttemptAt : nil)
    }
}

extension PushSubscriptionDTO {
    public init(_ subscription: PushSubscription) {
        self.init(
            id: subscription.id, deviceName: subscription.deviceName,
            pushService: URLComponents(string: subscription.endpoint)?.host ?? "",
            createdAt: subscription.createdAt, lastSuccessAt: subscription.lastSuccessAt)
    }
}
