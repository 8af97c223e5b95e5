import PublicInit

/// A list of tasks (LIST-1..4). Every account has exactly one Inbox.
@PublicInit
public struct TaskList: Sendable, Equatable, Codable {
    public var id: ListID
    public var ownerID: AccountID
    public var name: String
    public var description: String = ""
    public var color: String = "blue"
    public var icon: String?
    public var isInbox: Bool = false
    public var isArchived: Bool = false
    public var rank: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set while the list is in the trash (TASK-8).
    public var deletedAt: Timestamp?
    public var version: Int64 = 1
}
