public import DoableCore
import PublicInit

/// NOTIF-1: a reminder as `GET /api/v1/reminders/{id}` writes it: the stored fields the client keeps too
/// (`ReminderRecord`), and the moment it last fired for.
@dynamicMemberLookup
@PublicInit
public struct ReminderDTO: Codable, Sendable, Equatable {
    public var record: ReminderRecord
    /// The moment it last fired for.
    public var firedFor: Timestamp?

    public init(
        id: ReminderID, taskId: TaskID, at: Timestamp?, relativeTo: Reminder.Anchor?, offsetMinutes: Int?,
        nextAt: Timestamp?, snoozedUntil: Timestamp?, silenced: Bool, firedFor: Timestamp?, createdAt: Timestamp,
        updatedAt: Timestamp, version: Int64
    ) {
        self.init(
            record: ReminderRecord(
                id: id, taskId: taskId, at: at, relativeTo: relativeTo, offsetMinutes: offsetMinutes, nextAt: nextAt,
                snoozedUntil: snoozedUntil, silenced: silenced, createdAt: createdAt, updatedAt: updatedAt,
                version: version),
            firedFor: firedFor)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<ReminderRecord, Value>) -> Value {
        record[keyPath: keyPath]
    }

    public init(from decoder: any Decoder) throws {
        record = try ReminderRecord(from: decoder)
        firedFor = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Timestamp.self, forKey: .firedFor)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ContractKey.self)
        try record.encodeFields(into: &container)
        try container.encode(firedFor, forKey: "firedFor")
    }

    enum CodingKeys: String, CodingKey { case firedFor }
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
@PublicInit
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

    @PublicInit
    public struct AttemptDTO: Codable, Sendable {
        public let number: Int
        public let at: Timestamp
        public let succeeded: Bool
        public let detail: String
    }
}

/// REACH-3: one device that receives the account's notifications by Web Push.
@PublicInit
public struct PushSubscriptionDTO: Codable, Sendable {
    public let id: PushSubscriptionID
    /// From the browser's User-Agent when it subscribed ("Chrome on Android").
    public let deviceName: String
    /// The push service's host (the endpoint itself is the device's address and stays on the server).
    public let pushService: String
    public let createdAt: Timestamp
    /// When a push last reached the push service; null before the first.
    @Nullable public var lastSuccessAt: Timestamp?
}

/// REACH-3: the server's VAPID public key, for `pushManager.subscribe({applicationServerKey})`.
@PublicInit
public struct PushKeyDTO: Codable, Sendable {
    /// The P-256 public key, uncompressed, base64url without padding.
    public let publicKey: String
}
