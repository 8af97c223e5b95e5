import PublicInit

/// One entry of an account's change feed (SYNC-1): what changed, in the order it was committed.
@PublicInit
public struct Change: Sendable, Equatable, Codable {
    /// Whose feed the entry is in: the owner of what changed, and later every member of its list.
    public var accountID: AccountID
    /// Strictly increasing per account, assigned in the transaction that made the change.
    public var sequence: Int64
    public var entity: Entity
    public var entityID: String
    public var kind: Kind
    public var at: Timestamp
    /// Who made the change; nil for the server's own work (the trash purge, feed retention).
    public var actorID: AccountID?
    /// The list the entity belongs to (a list's own id for a list), nil for accounts and labels.
    public var listID: ListID?

    /// `member`: a membership of the list in `listID` (its id is the member's account id); `comment`: a comment on a
    /// task of that list; `notification`: an entry of the recipient's notification centre; `reminder` and `webhook`:
    /// the account's own (NOTIF-1, INTEROP-4).
    public enum Entity: String, Sendable, Codable, CaseIterable {
        case account, list, task, label, member, comment, notification, reminder, webhook
        /// The marketplace (MKT): postings and bids are in the feeds of both parties, questions of asker and poster,
        /// reviews of both sides; `attachment`: a photo of a task (TASK-11) or a posting.
        case posting, bid, question, review, attachment
        /// GAME: the member's game (points, companion, streak, inventory), in their own feed only.
        case game
    }
    /// `put`: the entity now has the state stored (trashed ones carry `deletedAt`); `delete`: it is gone for good.
    public enum Kind: String, Sendable, Codable, CaseIterable { case put, delete }
}
