public import DoableCore
@_spi(StoreWriting) import DoableStore

/// `doable admin grant`.
extension AccountService {
    /// `doable admin grant`: makes an account an admin, or takes it back.
    public func setAdmin(login: String, isAdmin: Bool) async throws -> Account {
        try await perform(by: nil) {
            guard var account = try await store.account(login: login) else {
                throw DoableError.notFound("No account “\(login)”.", field: "login")
            }
            guard account.isAdmin != isAdmin else { return (WriteBatch(), account) }
            account.isAdmin = isAdmin
            account.version += 1
            return (WriteBatch([.putAccount(account)], now: clock()), account)
        }
    }
}
