public import DoableCore
@_spi(StoreWriting) import DoableStore

extension AccountService {
    /// ACC-5: a named, scoped personal access token or app password; the secret is returned only here.
    public func issueCredential(
        _ identity: Identity, name: String, kind: Credential.Kind, scope: Credential.Scope, expiresAt: Timestamp?
    ) async throws -> IssuedCredential {
        let name = try Rules.credentialName(name)
        guard kind != .session else {
            throw DoableError.invalid("kind", "'kind' must be accessToken or appPassword.")
        }
        let now = clock()
        if let expiresAt, expiresAt <= now {
            throw DoableError.invalid("expiresAt", "The expiry must be in the future.")
        }
        let token = SecretToken.make(prefix: kind == .appPassword ? "dapp_" : "dpat_")
        let credential = Credential(
            id: .make(at: now), accountID: identity.account.id, kind: kind, name: name,
            scope: scope, secretHash: token.hash, createdAt: now, expiresAt: expiresAt)
        try await domain.commit(WriteBatch([.putCredential(credential)], now: now), by: identity.account.id)
        return IssuedCredential(credential: credential, secret: token.secret)
    }

    public func credentials(_ identity: Identity) async throws -> [Credential] {
        try await store.credentials(of: identity.account.id)
    }

    /// ACC-5: revokes one of the caller's credentials (a token, an app password or a session).
    public func revokeCredential(_ identity: Identity, id: CredentialID) async throws {
        let own = try await store.credentials(of: identity.account.id)
        guard let credential = own.first(where: { $0.id == id }) else { throw DoableError.notFound("No such token.") }
        try await domain.commit(WriteBatch([.deleteCredential(credential)], now: clock()), by: identity.account.id)
    }
}
