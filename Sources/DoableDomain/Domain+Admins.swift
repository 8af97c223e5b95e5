import DoableCore
@_spi(StoreWriting) import DoableStore

/// Who is an admin: the check every admin operation makes (`doable admin grant` is in the accounts service).
extension Domain {
    /// Admin tools: an identity that is an admin, or nil for the server's own command line (`doable admin`).
    func requireAdmin(_ identity: Identity?) throws {
        guard let identity else { return }
        guard identity.account.isAdmin else { throw DoableError.notFound("Not found.") }
    }
}
