import PublicInit

/// NOTIF-5: one message to send by email or webhook, queued in the transaction of the change that caused it and
/// sent by the scheduler, which retries with backoff and records every attempt.
@PublicInit
public struct Delivery: Sendable, Equatable, Codable {
    public var id: DeliveryID
    public var accountID: AccountID
    public var channel: Channel
    /// The email address, or the webhook's id.
    public var target: String
    /// The event named in `X-Doable-Event` (`reminder`, `task.assigned`, `task.updated`, …).
    public var event: String
    /// What to say, as JSON (`DeliveryPayload`), rendered into an email or a webhook body when sent.
    public var payload: String
    public var state: State = .pending
    public var attempts: Int = 0
    public var nextAttemptAt: Timestamp
    public var lastError: String?
    public var createdAt: Timestamp
    public var sentAt: Timestamp?

    /// `push`: REACH-3, a Web Push message to one device (`target` is the `PushSubscription`'s id).
    public enum Channel: String, Sendable, Codable, CaseIterable { case email, webhook, push }
    /// `failed`: given up after retrying for a day, or refused for good (a 5xx SMTP reply, a 4xx from a webhook).
    public enum State: String, Sendable, Codable, CaseIterable { case pending, sent, failed }
}

/// One try at sending a delivery, kept for the member's delivery log.
@PublicInit
public struct DeliveryAttempt: Sendable, Equatable, Codable {
    public var deliveryID: DeliveryID
    public var number: Int
    public var at: Timestamp
    public var succeeded: Bool
    /// The reply (`250 OK`, `HTTP 500`) or the error.
    public var detail: String
}

/// INTEROP-4: an account's outgoing webhook. The secret signs each body (`X-Doable-Signature: sha256=<hex>`); it is
/// shown once when the webhook is made and kept to sign with.
@PublicInit
public struct Webhook: Sendable, Equatable, Codable {
    public var id: WebhookID
    public var accountID: AccountID
    public var url: String
    public var events: [WebhookEvent]
    public var secret: String
    /// The last sequence of the account's change feed whose task events were queued for this webhook.
    public var feedCursor: Int64
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64 = 1
}

/// REACH-3: one device (a browser, an installed web app) that receives the account's notifications by Web Push
/// (RFC 8030), with the keys the browser gave for encrypting them to it (RFC 8291).
@PublicInit
public struct PushSubscription: Sendable, Equatable, Codable {
    public var id: PushSubscriptionID
    public var accountID: AccountID
    /// The push service's URL for this device; what the server POSTs to.
    public var endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes), base64url without padding.
    public var p256dh: String
    /// The 16-byte authentication secret, base64url without padding.
    public var auth: String
    /// Named from the browser's User-Agent when it subscribed ("Chrome on Android").
    public var deviceName: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// When a push last reached the push service (read from the delivery queue, not stored on the row).
    public var lastSuccessAt: Timestamp? = nil
    public var version: Int64 = 1
}

/// What a webhook can subscribe to: the account's task changes (read from its change feed) and its notifications.
public enum WebhookEvent: String, Sendable, Codable, CaseIterable {
    case taskCreated = "task.created"
    case taskUpdated = "task.updated"
    case taskCompleted = "task.completed"
    case taskDeleted = "task.deleted"
    case reminder
    case taskAssigned = "task.assigned"
    case listShared = "list.shared"
    case commentCreated = "comment.created"
    case bidPlaced = "bid.placed"
    case bidAccepted = "bid.accepted"
    case bidDeclined = "bid.declined"
    case marketQuestion = "posting.question"
    case marketAnswer = "posting.answer"
    case marketTaskDone = "posting.task_done"
    case marketReview = "posting.review"
    case badgeEarned = "game.badge"
    case streakAtRisk = "game.streak_at_risk"
    /// Issue 29: the one call "Send test" makes; no webhook subscribes to it.
    case webhookTest = "webhook.test"

    /// What a webhook may subscribe to: every event but the test call.
    public static var subscribable: [WebhookEvent] { allCases.filter { $0 != .webhookTest } }

    /// The event a notification of this kind is sent as.
    public init(notification kind: AppNotification.Kind) {
        switch kind {
        case .listShared: self = .listShared
        case .taskAssigned: self = .taskAssigned
        case .comment: self = .commentCreated
        case .reminder, .reminderMissed: self = .reminder
        case .bidPlaced: self = .bidPlaced
        case .bidAccepted: self = .bidAccepted
        case .bidDeclined: self = .bidDeclined
        case .marketQuestion: self = .marketQuestion
        case .marketAnswer: self = .marketAnswer
        case .marketTaskDone: self = .marketTaskDone
        case .marketReview: self = .marketReview
        case .badgeEarned: self = .badgeEarned
        case .streakAtRisk: self = .streakAtRisk
        }
    }

    public var isTaskChange: Bool {
        switch self {
        case .taskCreated, .taskUpdated, .taskCompleted, .taskDeleted: true
        default: false
        }
    }
}

/// What a queued delivery says: rendered into an email (with links back) or a webhook body when it is sent.
public struct DeliveryPayload: Sendable, Equatable, Codable {
    public var kind: String
    public var title: String
    public var body: String
    public var taskID: TaskID?
    public var listID: ListID?
    public var reminderID: ReminderID?
    /// MKT-8: the posting a marketplace notification is about.
    public var postingID: PostingID?
    public var notificationKind: AppNotification.Kind?
    /// For task events: the task as it was when the event was queued, as JSON (the API's task shape).
    public var task: TaskItem?
    public var at: Timestamp

    public init(
        kind: String, title: String, body: String, taskID: TaskID? = nil, listID: ListID? = nil,
        reminderID: ReminderID? = nil, postingID: PostingID? = nil,
        notificationKind: AppNotification.Kind? = nil, task: TaskItem? = nil, at: Timestamp
    ) {
        self.postingID = postingID
        self.kind = kind
        self.title = title
        self.body = body
        self.taskID = taskID
        self.listID = listID
        self.reminderID = reminderID
        self.notificationKind = notificationKind
        self.task = task
        self.at = at
    }
}
