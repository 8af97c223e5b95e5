import DoableCore
import DoableDomain

/// COLLAB-1: a person with access to a list.
struct MemberDTO: Encodable, Sendable {
    let accountId: AccountID
    let username: String
    let displayName: String
    let role: ListRole
    let addedAt: Timestamp
    /// The membership's version for `If-Match` (the list's for its owner).
    let version: Int64

    init(_ member: MemberView) {
        accountId = member.accountID
        username = member.username
        displayName = member.displayName
        role = member.role
        addedAt = member.addedAt
        version = member.version
    }
}

/// TASK-12: a comment, with what the caller may do to it.
struct CommentDTO: Encodable, Sendable {
    let id: CommentID
    let taskId: TaskID
    /// The author's username; null when the author's account is gone.
    @Nullable var author: String?
    let authorId: AccountID
    let body: String
    let createdAt: Timestamp
    @Nullable var editedAt: Timestamp?
    let canEdit: Bool
    let canDelete: Bool
    let version: Int64

    init(_ view: CommentView) {
        id = view.comment.id
        taskId = view.comment.taskID
        author = view.author
        authorId = view.comment.authorID
        body = view.comment.body
        createdAt = view.comment.createdAt
        editedAt = view.comment.editedAt
        canEdit = view.canEdit
        canDelete = view.canDelete
        version = view.comment.version
    }
}

/// TASK-12: one line of a task's history.
struct ActivityDTO: Encodable, Sendable {
    let id: ActivityID
    let taskId: TaskID
    @Nullable var actorId: AccountID?
    @Nullable var actor: String?
    let action: TaskActivity.Action
    let fields: [String]
    let detail: String
    let at: Timestamp

    init(_ view: ActivityView) {
        id = view.entry.id
        taskId = view.entry.taskID
        actorId = view.entry.actorID
        actor = view.actor
        action = view.entry.action
        fields = view.entry.fields
        detail = view.entry.detail
        at = view.entry.at
    }
}

/// NOTIF-2 and NOTIF-4: an entry of the notification centre.
struct NotificationDTO: Encodable, Sendable {
    let id: NotificationID
    let kind: AppNotification.Kind
    let title: String
    let body: String
    @Nullable var taskId: TaskID?
    @Nullable var listId: ListID?
    /// MKT-8: the marketplace posting it is about.
    @Nullable var postingId: PostingID?
    let createdAt: Timestamp
    @Nullable var readAt: Timestamp?
    /// NOTIF-3: delivered silently (a reminder inside the quiet hours): no browser notification for it.
    let silent: Bool

    init(_ note: AppNotification) {
        silent = note.isSilent
        id = note.id
        kind = note.kind
        title = note.title
        body = note.body
        taskId = note.taskID
        listId = note.listID
        postingId = note.postingID
        createdAt = note.createdAt
        readAt = note.readAt
    }
}

struct NotificationsDTO: Encodable, Sendable {
    let notifications: [NotificationDTO]
    let unreadCount: Int
    /// `before` for the next (older) page; null on the last one.
    let nextCursor: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notifications, forKey: .notifications)
        try container.encode(unreadCount, forKey: .unreadCount)
        try container.encode(nextCursor, forKey: .nextCursor)
    }

    enum CodingKeys: String, CodingKey { case notifications, unreadCount, nextCursor }
}

struct UnreadCountDTO: Encodable, Sendable {
    let unreadCount: Int
}

/// COLLAB-1, in the export: one account's role in one list.
struct MembershipDTO: Encodable, Sendable {
    let listId: ListID
    let accountId: AccountID
    let role: ListRole
    let createdAt: Timestamp

    init(_ membership: ListMembership) {
        listId = membership.listID
        accountId = membership.accountID
        role = membership.role
        createdAt = membership.createdAt
    }
}
