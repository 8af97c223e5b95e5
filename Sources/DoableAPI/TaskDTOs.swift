public import DoableCore

public struct ListDTO: Codable, Sendable {
    public let id: ListID
    public let name: String
    public let description: String
    public let color: String
    @Nullable public var icon: String?
    public let isInbox: Bool
    public let isArchived: Bool
    public let openTaskCount: Int
    /// COLLAB-1: the caller's role in the list, and how many people (the owner included) share it.
    public let role: ListRole
    public let memberCount: Int
    public let ownerId: AccountID
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    @Nullable public var deletedAt: Timestamp?
    /// Raised by every change; `If-Match` with it makes a write fail (409) if the list changed meanwhile.
    public let version: Int64

    public init(
        id: ListID, name: String, description: String, color: String, icon: String?, isInbox: Bool, isArchived: Bool, openTaskCount: Int,
        role: ListRole, memberCount: Int, ownerId: AccountID, createdAt: Timestamp, updatedAt: Timestamp, deletedAt: Timestamp?, version: Int64
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.color = color
        self.icon = icon
        self.isInbox = isInbox
        self.isArchived = isArchived
        self.openTaskCount = openTaskCount
        self.role = role
        self.memberCount = memberCount
        self.ownerId = ownerId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }

}

public struct TaskDTO: Codable, Sendable {
    public let id: TaskID
    public let listId: ListID
    @Nullable public var parentId: TaskID?
    public let title: String
    public let notes: String
    public let status: TaskStatus
    public let priority: TaskPriority
    @Nullable public var due: TaskDate?
    @Nullable public var start: TaskDate?
    public let labelIds: [LabelID]
    /// TASK-11: the task's photos, oldest first; their bytes are at `/api/v1/attachments/{id}`.
    public let attachmentIds: [AttachmentID]
    @Nullable public var estimatedMinutes: Int?
    @Nullable public var category: TaskCategory?
    @Nullable public var assigneeId: AccountID?
    /// TASK-10: an RRULE value, or null; the next occurrence counts from `recurrenceBasis`.
    @Nullable public var recurrence: String?
    public let recurrenceBasis: RecurrenceBasis
    @Nullable public var completedAt: Timestamp?
    public let isOverdue: Bool
    public let progress: SubtaskProgress
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    @Nullable public var deletedAt: Timestamp?
    /// Raised by every change; `If-Match` with it makes a write fail (409) if the task changed meanwhile.
    public let version: Int64
    /// TASK-5: the task's place among its siblings, a fractional key; siblings sort by (rank, id).
    public let rank: String
    /// QR-01 and GAME-1: what completing the task earned, only in the response to complete with the game on.
    public var reward: RewardDTO?

    public init(
        id: TaskID, listId: ListID, parentId: TaskID?, title: String, notes: String, status: TaskStatus, priority: TaskPriority, due: TaskDate?,
        start: TaskDate?, labelIds: [LabelID], attachmentIds: [AttachmentID], estimatedMinutes: Int?, category: TaskCategory?, assigneeId: AccountID?,
        recurrence: String?, recurrenceBasis: RecurrenceBasis, completedAt: Timestamp?, isOverdue: Bool, progress: SubtaskProgress,
        createdAt: Timestamp, updatedAt: Timestamp, deletedAt: Timestamp?, version: Int64, rank: String, reward: RewardDTO? = nil
    ) {
        self.id = id
        self.listId = listId
        self.parentId = parentId
        self.title = title
        self.notes = notes
        self.status = status
        self.priority = priority
        self.due = due
        self.start = start
        self.labelIds = labelIds
        self.attachmentIds = attachmentIds
        self.estimatedMinutes = estimatedMinutes
        self.category = category
        self.assigneeId = assigneeId
        self.recurrence = recurrence
        self.recurrenceBasis = recurrenceBasis
        self.completedAt = completedAt
        self.isOverdue = isOverdue
        self.progress = progress
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
        self.rank = rank
        self.reward = reward
    }

}

public struct TaskPageDTO: Codable, Sendable {
    public let tasks: [TaskDTO]
    @Nullable public var nextOffset: Int?

    public init(
        tasks: [TaskDTO], nextOffset: Int?
    ) {
        self.tasks = tasks
        self.nextOffset = nextOffset
    }
}

public struct LabelDTO: Codable, Sendable {
    public let id: LabelID
    public let name: String
    public let color: String
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64

    public init(
        id: LabelID, name: String, color: String, createdAt: Timestamp, updatedAt: Timestamp, version: Int64
    ) {
        self.id = id
        self.name = name
        self.color = color
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

}

public struct TrashDTO: Codable, Sendable {
    public let lists: [ListDTO]
    public let tasks: [TaskDTO]
    /// When each item is deleted for good unless restored.
    public let retentionDays: Int

    public init(
        lists: [ListDTO], tasks: [TaskDTO], retentionDays: Int
    ) {
        self.lists = lists
        self.tasks = tasks
        self.retentionDays = retentionDays
    }
}
