/// A list of tasks (LIST-1..4). Every account has exactly one Inbox.
public struct TaskList: Sendable, Equatable, Codable {
    public var id: ListID
    public var ownerID: AccountID
    public var name: String
    public var description: String
    public var color: String
    public var icon: String?
    public var isInbox: Bool
    public var isArchived: Bool
    public var rank: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set while the list is in the trash (TASK-8).
    public var deletedAt: Timestamp?
    public var version: Int64

    public init(
        id: ListID, ownerID: AccountID, name: String, description: String = "", color: String = "blue",
        icon: String? = nil, isInbox: Bool = false, isArchived: Bool = false, rank: String,
        createdAt: Timestamp, updatedAt: Timestamp, deletedAt: Timestamp? = nil, version: Int64 = 1
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.description = description
        self.color = color
        self.icon = icon
        self.isInbox = isInbox
        self.isArchived = isArchived
        self.rank = rank
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }
}
