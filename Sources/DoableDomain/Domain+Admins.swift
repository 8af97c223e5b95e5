public import DoableCore
@_spi(StoreWriting) import DoableStore

/// Who is an admin: the check every admin operation makes, and `doable admin grant`.
extension Domain {
    /// Admin tools: an identity that is an admin, or nil for the server's own command line (`doable admin`).
    func requireAdmin(_ identity: Identity?) throws {
        guard let identity else { return }
        guard identity.account.isAdmin else { throw DoableError.notFound("Not found.") }
    }

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
