public import DoableCore

/// Lists' members and roles (COLLAB-1): the owner is the list's own field; members have a row each. One part of `Store`, which every engine implements.
public protocol SharingStore: Sendable {
    /// The list's members (not its owner), in the order they were added.
    func memberships(listID: ListID) async throws -> [ListMembership]
    /// The memberships of `accountID`: the lists others shared with it, in its own order of them.
    func memberships(accountID: AccountID) async throws -> [ListMembership]
    func membership(listID: ListID, accountID: AccountID) async throws -> ListMembership?
    /// The list and `accountID`'s membership role in it (nil for none), in one read: every access check asks.
    func list(id: ListID, roleOf accountID: AccountID) async throws -> (TaskList, ListRole?)?
    /// How many members (besides the owner) each list has; lists without members are absent.
    func memberCounts(listIDs: [ListID]) async throws -> [ListID: Int]
}
