import DoableCore
import DoableDomain

struct ListDTO: Encodable, Sendable {
    let id: ListID
    let name: String
    let description: String
    let color: String
    @Nullable var icon: String?
    let isInbox: Bool
    let isArchived: Bool
    let openTaskCount: Int
    /// COLLAB-1: the caller's role in the list, and how many people (the owner included) share it.
    let role: ListRole
    let memberCount: Int
    let ownerId: AccountID
    let createdAt: Timestamp
    let updatedAt: Timestamp
    @Nullable var deletedAt: Timestamp?
    /// Raised by every change; `If-Match` with it makes a write fail (409) if the list changed meanwhile.
    let version: Int64

    init(_ view: ListView) {
        self.init(view.list, openTaskCount: view.openTaskCount, role: view.role, memberCount: view.memberCount)
    }

    init(_ list: TaskList, openTaskCount: Int, role: ListRole = .owner, memberCount: Int = 1) {
        self.role = role
        self.memberCount = memberCount
        ownerId = list.ownerID
        id = list.id
        name = list.name
        description = list.description
        color = list.color
        icon = list.icon
        isInbox = list.isInbox
        isArchived = list.isArchived
        self.openTaskCount = openTaskCount
        createdAt = list.createdAt
        updatedAt = list.updatedAt
        deletedAt = list.deletedAt
        version = list.version
    }
}

struct TaskDTO: Encodable, Sendable {
    let id: TaskID
    let listId: ListID
    @Nullable var parentId: TaskID?
    let title: String
    let notes: String
    let status: TaskStatus
    let priority: TaskPriority
    @Nullable var due: TaskDate?
    @Nullable var start: TaskDate?
    let labelIds: [LabelID]
    /// TASK-11: the task's photos, oldest first; their bytes are at `/api/v1/attachments/{id}`.
    let attachmentIds: [AttachmentID]
    @Nullable var estimatedMinutes: Int?
    @Nullable var category: TaskCategory?
    @Nullable var assigneeId: AccountID?
    /// TASK-10: an RRULE value, or null; the next occurrence counts from `recurrenceBasis`.
    @Nullable var recurrence: String?
    let recurrenceBasis: RecurrenceBasis
    @Nullable var completedAt: Timestamp?
    let isOverdue: Bool
    let progress: SubtaskProgress
    let createdAt: Timestamp
    let updatedAt: Timestamp
    @Nullable var deletedAt: Timestamp?
    /// Raised by every change; `If-Match` with it makes a write fail (409) if the task changed meanwhile.
    let version: Int64
    /// TASK-5: the task's place among its siblings, a fractional key; siblings sort by (rank, id).
    let rank: String
    /// QR-01 and GAME-1: what completing the task earned, only in the response to complete with the game on.
    var reward: RewardDTO?

    /// `attachmentIDs`: the task's photos (`Domain.photoIDs(taskIDs:)`), which `TaskView` does not carry.
    init(_ view: TaskView, now: Timestamp, attachmentIDs: [AttachmentID] = []) {
        let task = view.task
        id = task.id
        listId = task.listID
        parentId = task.parentID
        title = task.title
        notes = task.notes
        status = task.status
        priority = task.priority
        due = task.due
        start = task.start
        labelIds = task.labelIDs
        attachmentIds = attachmentIDs
        estimatedMinutes = task.estimatedMinutes
        category = task.category
        assigneeId = task.assigneeID
        recurrence = task.recurrence
        recurrenceBasis = task.recurrenceBasis
        completedAt = task.completedAt
        isOverdue = task.isOverdue(now: now)
        progress = view.progress
        createdAt = task.createdAt
        updatedAt = task.updatedAt
        deletedAt = task.deletedAt
        version = task.version
        rank = task.rank
        reward = view.reward.map(RewardDTO.init)
    }
}

struct TaskPageDTO: Encodable, Sendable {
    let tasks: [TaskDTO]
    @Nullable var nextOffset: Int?
}

struct LabelDTO: Encodable, Sendable {
    let id: LabelID
    let name: String
    let color: String
    let createdAt: Timestamp
    let updatedAt: Timestamp
    let version: Int64

    init(_ label: Label) {
        id = label.id
        name = label.name
        color = label.color
        createdAt = label.createdAt
        updatedAt = label.updatedAt
        version = label.version
    }
}

struct TrashDTO: Encodable, Sendable {
    let lists: [ListDTO]
    let tasks: [TaskDTO]
    /// When each item is deleted for good unless restored.
    let retentionDays: Int
}
