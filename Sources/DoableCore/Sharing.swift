import PublicInit

/// COLLAB-1: what a member may do in a list. Ordered: each role may do everything the ones below it may.
public enum ListRole: String, Sendable, Codable, CaseIterable, Comparable {
    case viewer, editor, admin, owner

    var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .admin: 2
        case .owner: 3
        }
    }

    public static func < (lhs: ListRole, rhs: ListRole) -> Bool { lhs.rank < rhs.rank }

    /// The roles a membership can hold; `owner` is the list's own field and changes only by a hand-over.
    public static let grantable: [ListRole] = [.viewer, .editor, .admin]
}

/// COLLAB-1: one account's access to another account's list. The owner has no membership row: the list names it.
@PublicInit
public struct ListMembership: Sendable, Equatable, Codable {
    public var listID: ListID
    public var accountID: AccountID
    public var role: ListRole
    /// Where the list sits among the lists shared with this member (their own order, TASK-5 for lists).
    public var rank: String
    public var addedBy: AccountID?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64 = 1
}

/// TASK-12: a plain-text comment on a task.
@PublicInit
public struct TaskComment: Sendable, Equatable, Codable {
    public var id: CommentID
    public var taskID: TaskID
    public var listID: ListID
    public var authorID: AccountID
    public var body: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set when the author changed the text after posting it.
    public var editedAt: Timestamp?
    public var version: Int64 = 1
}

/// TASK-12: one line of a task's history: who did what to it, when.
@PublicInit
public struct TaskActivity: Sendable, Equatable, Codable {
    public var id: ActivityID
    public var taskID: TaskID
    /// nil for the server's own work.
    public var actorID: AccountID?
    public var action: Action
    /// The fields an edit changed (API names: `title`, `due`, …); empty for other actions.
    public var fields: [String] = []
    /// A short human detail, e.g. the list a task moved to or who was assigned.
    public var detail: String = ""
    public var at: Timestamp

    public enum Action: String, Sendable, Codable, CaseIterable {
        case created, edited, completed, reopened, moved, deleted, restored, assigned, unassigned, commented
    }
}

/// NOTIF-2 and NOTIF-4: an entry of a member's in-app notification centre.
public struct AppNotification: Sendable, Equatable, Codable {
    public var id: NotificationID
    public var accountID: AccountID
    public var kind: Kind
    public var title: String
    public var body: String
    public var taskID: TaskID?
    public var listID: ListID?
    /// MKT-8: the marketplace posting it is about.
    public var postingID: PostingID?
    public var actorID: AccountID?
    public var createdAt: Timestamp
    public var readAt: Timestamp?
    public var version: Int64
    /// NOTIF-3: a reminder that came due inside the recipient's quiet hours, delivered silently: in the notification
    /// centre only, with no email, webhook call or browser notification.
    public var isSilent: Bool

    public enum Kind: String, Sendable, Codable, CaseIterable {
        case listShared, taskAssigned, comment
        /// NOTIF-1: a reminder came due; `reminderMissed`: reminders that came due while the server was down longer
        /// than the stale limit, dropped with this note instead.
        case reminder, reminderMissed
        /// MKT-8 and NOTIF-4: a new or changed bid on my posting; my bid accepted or declined; a question on my
        /// posting, an answer to mine; the assignee finished my posting's task; a review of me.
        case bidPlaced, bidAccepted, bidDeclined, marketQuestion, marketAnswer, marketTaskDone, marketReview
        /// GAME-5: a badge earned; GAME-4: the streak is about to break (the evening warning).
        case badgeEarned, streakAtRisk
    }

    public init(
        id: NotificationID, accountID: AccountID, kind: Kind, title: String, body: String,
        taskID: TaskID? = nil, listID: ListID? = nil, postingID: PostingID? = nil,
        actorID: AccountID? = nil, createdAt: Timestamp, readAt: Timestamp? = nil, version: Int64 = 1,
        isSilent: Bool = false
    ) {
        self.isSilent = isSilent
        self.postingID = postingID
        self.id = id
        self.accountID = accountID
        self.kind = kind
        self.title = title
        self.body = body
        self.taskID = taskID
        self.listID = listID
        self.actorID = actorID
        self.createdAt = createdAt
        self.readAt = readAt
        self.version = version
    }
}
