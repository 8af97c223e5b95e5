/// One entry of an account's change feed (SYNC-1): what changed, in the order it was committed.
public struct Change: Sendable, Equatable, Codable {
    public var accountID: AccountID
    /// Strictly increasing per account, assigned in the transaction that made the change.
    public var sequence: Int64
    public var entity: Entity
    public var entityID: String
    public var kind: Kind
    public var at: Timestamp

    public enum Entity: String, Sendable, Codable, CaseIterable { case account, list, task, label }
    /// `put`: the entity now has the state stored (trashed ones carry `deletedAt`); `delete`: it is gone for good.
    public enum Kind: String, Sendable, Codable, CaseIterable { case put, delete }

    public init(accountID: AccountID, sequence: Int64, entity: Entity, entityID: String, kind: Kind, at: Timestamp) {
        self.accountID = accountID
        self.sequence = sequence
        self.entity = entity
        self.entityID = entityID
        self.kind = kind
        self.at = at
    }
}
