public import DoableCore
import PublicInit

/// COLLAB-1: a person with access to a list.
@PublicInit
public struct MemberDTO: Codable, Sendable {
    public let accountId: AccountID
    public let username: String
    public let displayName: String
    public let role: ListRole
    public let addedAt: Timestamp
    /// The membership's version for `If-Match` (the list's for its owner).
    public let version: Int64
}

/// TASK-12: a comment, with what the caller may do to it.
@PublicInit
public struct CommentDTO: Codable, Sendable {
    public let id: CommentID
    public let taskId: TaskID
    /// The author's username; null when the author's account is gone.
    @Nullable public var author: String?
    public let authorId: AccountID
    public let body: String
    public let createdAt: Timestamp
    @Nullable public var editedAt: Timestamp?
    public let canEdit: Bool
    public let canDelete: Bool
    public let version: Int64
}

/// TASK-12: one line of a task's history.
@PublicInit
public struct ActivityDTO: Codable, Sendable {
    public let id: ActivityID
    public let taskId: TaskID
    @Nullable public var actorId: AccountID?
    @Nullable public var actor: String?
    public let action: TaskActivity.Action
    public let fields: [String]
    public let detail: String
    public let at: Timestamp
}

/// NOTIF-2 and NOTIF-4: an entry of the notification centre.
@PublicInit
public struct NotificationDTO: Codable, Sendable {
    public let id: NotificationID
    public let kind: AppNotification.Kind
    public let title: String
    public let body: String
    @Nullable public var taskId: TaskID?
    @Nullable public var listId: ListID?
    /// MKT-8: the marketplace posting it is about.
    @Nullable public var postingId: PostingID?
    public let createdAt: Timestamp
    @Nullable public var readAt: Timestamp?
    /// NOTIF-3: delivered silently (a reminder inside the quiet hours): no browser notification for it.
    public let silent: Bool
}

@PublicInit
public struct NotificationsDTO: Codable, Sendable {
    public let notifications: [NotificationDTO]
    public let unreadCount: Int
    /// `before` for the next (older) page; null on the last one.
    public let nextCursor: String?

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notifications, forKey: .notifications)
        try container.encode(unreadCount, forKey: .unreadCount)
        try container.encode(nextCursor, forKey: .nextCursor)
    }

    enum CodingKeys: String, CodingKey { case notifications, unreadCount, nextCursor }
}

@PublicInit
public struct UnreadCountDTO: Codable, Sendable {
    public let unreadCount: Int
}

/// COLLAB-1, in the export: one account's role in one list.
@PublicInit
public struct MembershipDTO: Codable, Sendable {
    public let listId: ListID
    public let accountId: AccountID
    public let role: ListRole
    public let createdAt: Timestamp
}
