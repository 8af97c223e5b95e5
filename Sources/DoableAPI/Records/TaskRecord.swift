public import DoableCore
import PublicInit

/// A task as the REST API and sync pulls write it (`GET /api/v1/tasks/{id}`, plus `rank` in a pull).
///
/// Unknown fields are ignored and missing optional ones are tolerated, so an older or newer server's answer still
/// reads. A task made on this device and not yet pulled back has `version` 0.
///
/// Encoded, it has the API's keys, every one written (an empty field as `null`). The API's computed members,
/// `isOverdue` and `progress`, are not stored: they depend on the moment and on the subtasks, so a reader works them
/// out from the replica (a task's subtasks are the tasks whose `parentId` is its id).
@EncodesEveryField
public struct TaskRecord: Codable, Sendable, Equatable {
    public var id: TaskID
    public var listId: ListID
    public var parentId: TaskID?
    public var title: String
    public var notes: String
    public var status: TaskStatus
    public var priority: TaskPriority
    public var due: TaskDate?
    public var start: TaskDate?
    public var labelIds: [LabelID]
    public var estimatedMinutes: Int?
    public var category: TaskCategory?
    public var assigneeId: AccountID?
    /// TASK-10: an RFC 5545 RRULE value, or nil when the task does not repeat.
    public var recurrence: String?
    public var recurrenceBasis: RecurrenceBasis
    public var completedAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set while the task is in the trash.
    public var deletedAt: Timestamp?
    /// Raised by every change on the server.
    public var version: Int64
    /// The fractional key that orders the task among its siblings (`DoableCore.RankKey`); ties break by id.
    public var rank: String

    /// Whether the task is in the trash.
    public var isDeleted: Bool { deletedAt != nil }
    /// Whether the task is done.
    public var isCompleted: Bool { status == .completed }

    /// A task with the given fields; the rest take the values a new task has.
    public init(
        id: TaskID, listId: ListID, parentId: TaskID? = nil, title: String, notes: String = "",
        status: TaskStatus = .pending, priority: TaskPriority = .none, due: TaskDate? = nil, start: TaskDate? = nil,
        labelIds: [LabelID] = [], estimatedMinutes: Int? = nil, category: TaskCategory? = nil,
        assigneeId: AccountID? = nil, recurrence: String? = nil, recurrenceBasis: RecurrenceBasis = .due,
        completedAt: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp, deletedAt: Timestamp? = nil,
        version: Int64 = 1, rank: String
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
        self.estimatedMinutes = estimatedMinutes
        self.category = category
        self.assigneeId = assigneeId
        self.recurrence = recurrence
        self.recurrenceBasis = recurrenceBasis
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
        self.rank = rank
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(TaskID.self, forKey: .id)
        listId = try container.decode(ListID.self, forKey: .listId)
        parentId = try container.decodeIfPresent(TaskID.self, forKey: .parentId)
        title = try container.decode(String.self, forKey: .title)
        notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
        status = try container.decodeIfPresent(TaskStatus.self, forKey: .status) ?? .pending
        priority = try container.decodeIfPresent(TaskPriority.self, forKey: .priority) ?? .none
        due = try container.decodeIfPresent(TaskDate.self, forKey: .due)
        start = try container.decodeIfPresent(TaskDate.self, forKey: .start)
        labelIds = try container.decodeIfPresent([LabelID].self, forKey: .labelIds) ?? []
        estimatedMinutes = try container.decodeIfPresent(Int.self, forKey: .estimatedMinutes)
        category = try container.decodeIfPresent(TaskCategory.self, forKey: .category)
        assigneeId = try container.decodeIfPresent(AccountID.self, forKey: .assigneeId)
        recurrence = try container.decodeIfPresent(String.self, forKey: .recurrence)
        recurrenceBasis = try container.decodeIfPresent(RecurrenceBasis.self, forKey: .recurrenceBasis) ?? .due
        completedAt = try container.decodeIfPresent(Timestamp.self, forKey: .completedAt)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
        deletedAt = try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt)
        version = try container.decodeIfPresent(Int64.self, forKey: .version) ?? 0
        rank = try container.decodeIfPresent(String.self, forKey: .rank) ?? ""
    }

    enum CodingKeys: String, CodingKey {
        case id, listId, parentId, title, notes, status, priority, due, start, labelIds, estimatedMinutes, category
        case assigneeId, recurrence, recurrenceBasis, completedAt, createdAt, updatedAt, deletedAt, version, rank
    }
}
