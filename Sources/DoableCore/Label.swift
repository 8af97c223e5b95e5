/// TASK-6: a label a member puts on tasks.
public struct Label: Sendable, Equatable, Codable {
    public var id: LabelID
    public var ownerID: AccountID
    public var name: String
    public var color: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64

    public init(
        id: LabelID, ownerID: AccountID, name: String, color: String, createdAt: Timestamp, updatedAt: Timestamp,
        version: Int64 = 1
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.color = color
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }
}
