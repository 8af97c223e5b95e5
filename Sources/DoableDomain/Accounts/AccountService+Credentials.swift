public import DoableCore
@_spi(StoreWriting) import DoableStore

extension AccountService {
    /// ACC-5: a named, scoped personal access token or app password; the secret is returned only here. ACC-10:
    /// with two-factor sign-in on, it needs a code.
    public func issueCredential(
        _ identity: Identity, name: String, kind: Credential.Kind, scope: Credential.Scope, expiresAt: Timestamp?,
        secondFactor: SecondFactor? = nil, device: ClientDevice? = nil
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
            scope: scope, secretHash: token.hash, createdAt: now, expiresAt: expiresAt, deviceName: device?.name,
            address: device?.address)
        let guarded = try await requireSecondFactor(secondFactor, of: identity)
        try await domain.commit(WriteBatch(guarded + [.putCredential(credential)], now: now), by: identity.account.id)
        return IssuedCredential(credential: credential, secret: token.secret)
    }

    /// ACC-11: how often a credential's use is written: a sessions list minutes behind is still true, and a write
    /// per request would be a disk sync per request.
    static let useNotedEvery: Int64 = 5 * 60

    /// ACC-11, ADMIN-1: notes that the identity's credential was used now from `address` (at most every few minutes).
    public func noteUse(_ identity: Identity, address: String?) async {
        let now = clock()
        let credential = identity.credential
        if let last = credential.lastUsedAt, now.milliseconds - last.milliseconds < Self.useNotedEvery * 1000,
            address == nil || address == credential.address
        {
            return
        }
        // A credential the account password stands for (CalDAV) is never stored: nothing to note.
        guard credential.secretHash != "" else { return }
        try? await domain.commit(
            WriteBatch(
                [.touchCredential(credential.id, identity.account.id, at: now, address: address)], now: now),
            by: nil)
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

/// OPS-2: failed sign-ins in the database, for the limiter every process shares (`SignInLimiter`'s ledger).
extension AccountService {
    public func signInFailures(key: String, since: Timestamp) async throws -> [Timestamp] {
        try await store.signInFailures(key: key, since: since)
    }

    public func recordSignInFailures(keys: [String], at: Timestamp) async throws {
        try await domain.commit(WriteBatch([.recordSignInFailures(keys, at: at)], now: clock()), by: nil)
    }

    public func forgiveSignInFailures(key: String, before: Timestamp) async throws {
        try await domain.commit(WriteBatch([.clearSignInFailures(key, before: before)], now: clock()), by: nil)
    }
}
