public import DoableCore
import PublicInit

/// A list as `GET /api/v1/lists/{id}` writes it: the stored fields the client keeps too (`ListRecord`), and the
/// count of open tasks the server works out for each answer.
@dynamicMemberLookup
@PublicInit
public struct ListDTO: Codable, Sendable, Equatable {
    public var record: ListRecord
    public var openTaskCount: Int

    public init(
        id: ListID, name: String, description: String, color: String, icon: String?, isInbox: Bool, isArchived: Bool,
        openTaskCount: Int, role: ListRole, memberCount: Int, ownerId: AccountID, createdAt: Timestamp,
        updatedAt: Timestamp, deletedAt: Timestamp?, version: Int64
    ) {
        self.init(
            record: ListRecord(
                id: id, name: name, description: description, color: color, icon: icon, isInbox: isInbox,
                isArchived: isArchived, role: role, memberCount: memberCount, ownerId: ownerId, createdAt: createdAt,
                updatedAt: updatedAt, deletedAt: deletedAt, version: version),
            openTaskCount: openTaskCount)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<ListRecord, Value>) -> Value { record[keyPath: keyPath] }

    public init(from decoder: any Decoder) throws {
        record = try ListRecord(from: decoder)
        openTaskCount = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .openTaskCount) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ContractKey.self)
        try record.encodeFields(into: &container)
        try container.encode(openTaskCount, forKey: "openTaskCount")
    }

    enum CodingKeys: String, CodingKey { case openTaskCount }
}

/// A task as `GET /api/v1/tasks/{id}` writes it: the stored fields the client keeps too (`TaskRecord`), and what the
/// server works out for each answer (photos, whether it is overdue, its subtasks' progress, a completion's reward).
@dynamicMemberLookup
public struct TaskDTO: Codable, Sendable, Equatable {
    public var record: TaskRecord
    /// TASK-11: the task's photos, oldest first; their bytes are at `/api/v1/attachments/{id}`.
    public var attachmentIds: [AttachmentID]
    public var isOverdue: Bool
    public var progress: SubtaskProgress
    /// QR-01 and GAME-1: what completing the task earned, only in the response to complete with the game on.
    public var reward: RewardDTO?

    public init(
        record: TaskRecord, attachmentIds: [AttachmentID], isOverdue: Bool, progress: SubtaskProgress,
        reward: RewardDTO? = nil
    ) {
        self.record = record
        self.attachmentIds = attachmentIds
        self.isOverdue = isOverdue
        self.progress = progress
        self.reward = reward
    }

    public init(
        id: TaskID, listId: ListID, parentId: TaskID?, title: String, notes: String, status: TaskStatus,
        priority: TaskPriority, due: TaskDate?, start: TaskDate?, labelIds: [LabelID], attachmentIds: [AttachmentID],
        estimatedMinutes: Int?, category: TaskCategory?, assigneeId: AccountID?, recurrence: String?,
        recurrenceBasis: RecurrenceBasis, completedAt: Timestamp?, isOverdue: Bool, progress: SubtaskProgress,
        createdAt: Timestamp, updatedAt: Timestamp, deletedAt: Timestamp?, version: Int64, rank: String,
        reward: RewardDTO? = nil
    ) {
        self.init(
            record: TaskRecord(
                id: id, listId: listId, parentId: parentId, title: title, notes: notes, status: status,
                priority: priority, due: due, start: start, labelIds: labelIds, estimatedMinutes: estimatedMinutes,
                category: category, assigneeId: assigneeId, recurrence: recurrence, recurrenceBasis: recurrenceBasis,
                completedAt: completedAt, createdAt: createdAt, updatedAt: updatedAt, deletedAt: deletedAt,
                version: version, rank: rank),
            attachmentIds: attachmentIds, isOverdue: isOverdue, progress: progress, reward: reward)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<TaskRecord, Value>) -> Value { record[keyPath: keyPath] }

    public init(from decoder: any Decoder) throws {
        record = try TaskRecord(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        attachmentIds = try container.decodeIfPresent([AttachmentID].self, forKey: .attachmentIds) ?? []
        isOverdue = try container.decodeIfPresent(Bool.self, forKey: .isOverdue) ?? false
        progress = try container.decodeIfPresent(SubtaskProgress.self, forKey: .progress) ?? SubtaskProgress(done: 0, total: 0)
        reward = try container.decodeIfPresent(RewardDTO.self, forKey: .reward)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ContractKey.self)
        try record.encodeFields(into: &container)
        try container.encode(attachmentIds, forKey: "attachmentIds")
        try container.encode(isOverdue, forKey: "isOverdue")
        try container.encode(progress, forKey: "progress")
        try container.encodeIfPresent(reward, forKey: "reward")
    }

    enum CodingKeys: String, CodingKey { case attachmentIds, isOverdue, progress, reward }
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

/// TASK-6: a label is written as stored; the client keeps the same shape.
public typealias LabelDTO = LabelRecord

@PublicInit
public struct TrashDTO: Codable, Sendable {
    public let lists: [ListDTO]
    public let tasks: [TaskDTO]
    /// When each item is deleted for good unless restored.
    public let retentionDays: Int
}
