import DoableCore
import DoableDomain

/// NOTIF-1: `at` for a reminder at a moment, or `relativeTo` with `offsetMinutes` (negative is before).
struct ReminderDTO: Encodable, Sendable {
    let id: ReminderID
    let taskId: TaskID
    @Nullable var at: Timestamp?
    @Nullable var relativeTo: Reminder.Anchor?
    @Nullable var offsetMinutes: Int?
    /// When it fires next; null when it will not (it fired, is silenced, or the task is done).
    @Nullable var nextAt: Timestamp?
    @Nullable var snoozedUntil: Timestamp?
    let silenced: Bool
    /// The moment it last fired for.
    @Nullable var firedFor: Timestamp?
    let createdAt: Timestamp
    let updatedAt: Timestamp
    let version: Int64

    init(_ reminder: Reminder) {
        id = reminder.id
        taskId = reminder.taskID
        switch reminder.trigger {
        case .at(let moment): at = moment
        case .relative(let anchor, let offset):
            relativeTo = anchor
            offsetMinutes = offset
        }
        nextAt = reminder.nextAt
        snoozedUntil = reminder.snoozedUntil
        silenced = reminder.silenced
        firedFor = reminder.firedFor
        createdAt = reminder.createdAt
        updatedAt = reminder.updatedAt
        version = reminder.version
    }
}

/// INTEROP-4: a webhook; `secret` only in the answer that made it.
struct WebhookDTO: Encodable, Sendable {
    let id: WebhookID
    let url: String
    let events: [String]
    let createdAt: Timestamp
    var secret: String?

    init(_ hook: Webhook, showingSecret: Bool = false) {
        id = hook.id
        url = hook.url
        events = hook.events.map(\.rawValue)
        createdAt = hook.createdAt
        secret = showingSecret ? hook.secret : nil
    }
}

/// NOTIF-5: a queued email or webhook delivery and its attempts, for the member's delivery log.
struct DeliveryDTO: Encodable, Sendable {
    let id: DeliveryID
    let channel: String
    let event: String
    let state: String
    let attempts: [AttemptDTO]
    @Nullable var lastError: String?
    let createdAt: Timestamp
    @Nullable var sentAt: Timestamp?
    @Nullable var nextAttemptAt: Timestamp?

    struct AttemptDTO: Encodable, Sendable {
        let number: Int
        let at: Timestamp
        let succeeded: Bool
        let detail: String
    }

    init(_ delivery: Delivery, attempts: [DeliveryAttempt]) {
        id = delivery.id
        channel = delivery.channel.rawValue
        event = delivery.event
        state = delivery.state.rawValue
        self.attempts = attempts.map { AttemptDTO(number: $0.number, at: $0.at, succeeded: $0.succeeded, detail: $0.detail) }
        lastError = delivery.lastError
        createdAt = delivery.createdAt
        sentAt = delivery.sentAt
        nextAttemptAt = delivery.state == .pending ? delivery.nextAttemptAt : nil
    }
}
