public import DoableCore

/// The write operations of lists' members (COLLAB-1).
@_spi(StoreWriting)
extension WriteBatch {
    public enum SharingOperation: Sendable {
        /// COLLAB-1. A new member is also told of the list itself (`list` put), a removed one of its end (`list`
        /// delete), so that their devices fetch or drop it; every other member hears of the membership.
        case putMembership(ListMembership)
        case deleteMembership(ListMembership)
    }
}

/// `.putMembership(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putMembership(_ listMembership: ListMembership) -> Self { .sharing(.putMembership(listMembership)) }
    public static func deleteMembership(_ listMembership: ListMembership) -> Self { .sharing(.deleteMembership(listMembership)) }
}

extension WriteBatch.SharingOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putMembership(let member): (member.accountID, .member, member.accountID.description, .put, member.listID)
        case .deleteMembership(let member):
            (member.accountID, .member, member.accountID.description, .delete, member.listID)
        }
    }
}
