import DoableCore
import DoableStore
import Foundation

/// COLLAB-1 (issue 29): the people a member already shares lists with, for the share form to suggest, so that
/// sharing another list with them needs no exact username.
extension SharingService {
    /// The usernames of everyone in the caller's shared lists but the caller, A to Z; `lists` are the caller's
    /// (from `TasksService.lists`), of which only the shared ones are read.
    public func people(_ identity: Identity, in lists: [ListView]) async throws -> [String] {
        let shared = lists.filter { $0.memberCount > 1 }.prefix(50)
        var ids: Set<AccountID> = []
        for view in shared {
            ids.insert(view.list.ownerID)
            for membership in try await store.memberships(listID: view.list.id) { ids.insert(membership.accountID) }
        }
        ids.remove(identity.account.id)
        guard !ids.isEmpty else { return [] }
        return try await store.accounts(ids: Array(ids)).map(\.username)
            .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }
}
