public import DoableCore

/// NOTIF-1: `at` for a reminder at a moment, or `relativeTo` with `offsetMinutes` (negative is before).
public struct ReminderDTO: Codable, Sendable {
    public let id: ReminderID
    public let taskId: TaskID
    @Nullable public var at: Timestamp?
    @Nullable public var relativeTo: Reminder.Anchor?
    @Nullable public var offsetMinutes: Int?
    /// When it fires next; null when it will not (it fired, is silenced, or the task is done).
    @Nullable public var nextAt: Timestamp?
    @Nullable public var snoozedUntil: Timestamp?
    public let silenced: Bool
    /// The moment it last fired for.
    @Nullable public var firedFor: Timestamp?
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64

    public init(
        id: ReminderID, taskId: TaskID, at: Timestamp?, relativeTo: Reminder.Anchor?, offsetMinutes: Int?, nextAt: Timestamp?,
        snoozedUntil: Timestamp?, silenced: Bool, firedFor: Timestamp?, createdAt: Timestamp, updatedAt: Timestamp, version: Int64
    ) {
        self.id = id
        self.taskId = taskId
        self.at = at
        self.relativeTo = relativeTo
        self.offsetMinutes = offsetMinutes
        self.nextAt = nextAt
        self.snoozedUntil = snoozedUntil
        self.silenced = silenced
        self.firedFor = firedFor
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

}

/// INTEROP-4: a webhook; `secret` only in the answer that made it.
public struct WebhookDTO: Codable, Sendable {
    public let id: WebhookID
    public let url: String
    public let events: [String]
    public let createdAt: Timestamp
    public var secret: String?

    public init(
        id: WebhookID, url: String, events: [String], createdAt: Timestamp, secret: String? = nil
    ) {
        self.id = id
        self.url = url
        self.events = events
        self.createdAt = createdAt
        self.secret = secret
    }

}

/// NOTIF-5: a queued email or webhook delivery and its attempts, for the member's delivery log.
public struct DeliveryDTO: Codable, Sendable {
    public let id: DeliveryID
    public let channel: String
    public let event: String
    public let state: String
    public let attempts: [AttemptDTO]
    @Nullable public var lastError: String?
    public let createdAt: Timestamp
    @Nullable public var sentAt: Timestamp?
    @Nullable public var nextAttemptAt: Timestamp?

    public init(
        id: DeliveryID, channel: String, event: String, state: String, attempts: [AttemptDTO], lastError: String?, createdAt: Timestamp,
        sentAt: Timestamp?, nextAttemptAt: Timestamp?
    ) {
        self.id = id
        self.channel = channel
        self.event = event
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.createdAt = createdAt
        self.sentAt = sentAt
        self.nextAttemptAt = nextAttemptAt
    }

    public struct AttemptDTO: Codable, Sendable {
        public let number: Int
        public let at: Timestamp
        public let succeeded: Bool
        public let detail: String

        public init(
            number: Int, at: Timestamp, succeeded: Bool, detail: String
        ) {
            self.number = number
            self.at = at
            self.succeeded = succeeded
            self.detail = detail
        }
    }

}
