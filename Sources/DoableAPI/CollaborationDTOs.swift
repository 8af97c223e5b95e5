public import DoableCore

/// COLLAB-1: a person with access to a list.
public struct MemberDTO: Codable, Sendable {
    public let accountId: AccountID
    public let username: String
    public let displayName: String
    public let role: ListRole
    public let addedAt: Timestamp
    /// The membership's version for `If-Match` (the list's for its owner).
    public let version: Int64

    public init(
        accountId: AccountID, username: String, displayName: String, role: ListRole, addedAt: Timestamp, version: Int64
    ) {
        self.accountId = accountId
        self.username = username
        self.displayName = displayName
        self.role = role
        self.addedAt = addedAt
        self.version = version
    }

}

/// TASK-12: a comment, with what the caller may do to it.
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

    public init(
        id: CommentID, taskId: TaskID, author: String?, authorId: AccountID, body: String, createdAt: Timestamp, editedAt: Timestamp?, canEdit: Bool,
        canDelete: Bool, version: Int64
    ) {
        self.id = id
        self.taskId = taskId
        self.author = author
        self.authorId = authorId
        self.body = body
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.canEdit = canEdit
        self.canDelete = canDelete
        self.version = version
    }

}

/// TASK-12: one line of a task's history.
public struct ActivityDTO: Codable, Sendable {
    public let id: ActivityID
    public let taskId: TaskID
    @Nullable public var actorId: AccountID?
    @Nullable public var actor: String?
    public let action: TaskActivity.Action
    public let fields: [String]
    public let detail: String
    public let at: Timestamp

    public init(
        id: ActivityID, taskId: TaskID, actorId: AccountID?, actor: String?, action: TaskActivity.Action, fields: [String], detail: String,
        at: Timestamp
    ) {
        self.id = id
        self.taskId = taskId
        self.actorId = actorId
        self.actor = actor
        self.action = action
        self.fields = fields
        self.detail = detail
        self.at = at
    }

}

/// NOTIF-2 and NOTIF-4: an entry of the notification centre.
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

    public init(
        id: NotificationID, kind: AppNotification.Kind, title: String, body: String, taskId: TaskID?, listId: ListID?, postingId: PostingID?,
        createdAt: Timestamp, readAt: Timestamp?, silent: Bool
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.taskId = taskId
        self.listId = listId
        self.postingId = postingId
        self.createdAt = createdAt
        self.readAt = readAt
        self.silent = silent
    }

}

public struct NotificationsDTO: Codable, Sendable {
    public let notifications: [NotificationDTO]
    public let unreadCount: Int
    /// `before` for the next (older) page; null on the last one.
    public let nextCursor: String?

    public init(
        notifications: [NotificationDTO], unreadCount: Int, nextCursor: String?
    ) {
        self.notifications = notifications
        self.unreadCount = unreadCount
        self.nextCursor = nextCursor
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notifications, forKey: .notifications)
        try container.encode(unreadCount, forKey: .unreadCount)
        try container.encode(nextCursor, forKey: .nextCursor)
    }

    enum CodingKeys: String, CodingKey { case notifications, unreadCount, nextCursor }
}

public struct UnreadCountDTO: Codable, Sendable {
    public let unreadCount: Int

    public init(
        unreadCount: Int
    ) {
        self.unreadCount = unreadCount
    }
}

/// COLLAB-1, in the export: one account's role in one list.
public struct MembershipDTO: Codable, Sendable {
    public let listId: ListID
    public let accountId: AccountID
    public let role: ListRole
    public let createdAt: Timestamp

    public init(
        listId: ListID, accountId: AccountID, role: ListRole, createdAt: Timestamp
    ) {
        self.listId = listId
        self.accountId = accountId
        self.role = role
        self.createdAt = createdAt
    }

}
