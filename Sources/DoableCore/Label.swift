import PublicInit

/// TASK-6: a label a member puts on tasks.
@PublicInit
public struct Label: Sendable, Equatable, Codable {
    public var id: LabelID
    public var ownerID: AccountID
    public var name: String
    public var color: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64 = 1
}
