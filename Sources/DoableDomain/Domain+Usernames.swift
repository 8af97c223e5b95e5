public import DoableCore
import DoableStore

extension Domain {
    /// The usernames of these accounts (public, as their profiles are); accounts that are gone are absent.
    public func usernames(_ ids: [AccountID]) async throws -> [AccountID: String] {
        let unique = Array(Set(ids))
        return Dictionary(
            try await store.accounts(ids: unique).map { ($0.id, $0.username) },
            uniquingKeysWith: { first, _ in first })
    }
}
