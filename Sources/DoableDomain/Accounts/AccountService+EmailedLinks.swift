public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// A single-use link made for a member: the secret of its URL is here only, once.
public struct IssuedAccountLink: Sendable {
    public var link: AccountLink
    public var account: Account
    public var secret: String
}

/// ACC-8: a forgotten password is reset with a single-use link valid one hour, emailed to the account's address;
/// asking never tells whether an address has an account. ACC-9: an email address is proved the member's with a
/// link valid a day. Links of each purpose are limited per account (`linksPerHour`); the address's limit is the
/// HTTP layer's.
extension AccountService {
    static let linksPerHour = 3
    static let resetLifetime: Int64 = 3_600
    static let verificationLifetime: Int64 = 86_400

    /// ACC-8: a reset link for the account with this email, or nil when there is none, it is disabled, or it had
    /// its share of links this hour. The caller answers the same either way.
    public func requestPasswordReset(email: String) async throws -> IssuedAccountLink? {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (try? Rules.email(email)) != nil, let account = try await store.account(login: email),
            Rules.matchKey(account.email) == Rules.matchKey(email), !account.isDisabled
        else { return nil }
        return try await issueLink(.passwordReset, for: account, actor: nil, limited: true)
    }

    /// `doable admin reset-password LOGIN`: a reset link to hand to the member, without email; in the audit log.
    public func adminPasswordResetLink(account reference: String) async throws -> IssuedAccountLink {
        let account = try await adminTarget(reference)
        guard let link = try await issueLink(.passwordReset, for: account, actor: nil, limited: false) else {
            throw DoableError.notFound("No such account.")
        }
        return link
    }

    /// ACC-8: sets the new password with the link's secret; every session, token and app password of the account
    /// ends, and the link is used up. With `signIn`, a new session for the browser that reset it (not when two-factor
    /// sign-in is on: the link proves the mailbox, not the second factor).
    public func resetPassword(token: String, password: String, signIn: Bool, device: ClientDevice?) async throws
        -> (Account, IssuedCredential?)
    {
        try Rules.password(password)
        let link = try await liveLink(token, .passwordReset)
        let hash = try await domain.passwords.hash(password)
        return try await perform(by: link.accountID) {
            guard var account = try await store.account(id: link.accountID), !account.isDisabled else {
                throw Self.deadLink(.passwordReset)
            }
            let now = clock()
            var used = link
            used.usedAt = now
            used.version += 1
            account.passwordHash = hash
            account.updatedAt = now
            account.version += 1
            var batch = WriteBatch(
                [
                    .putAccountLink(used), .putAccount(account),
                    .deleteCredentials(account.id, kinds: Credential.Kind.allCases, except: nil),
                ], now: now)
            var session: IssuedCredential?
            if signIn && !account.hasTwoFactor {
                session = makeSession(for: account.id, now: now, device: device)
                batch.operations += sessionOperations(session!)
            }
            return (batch, (account, session))
        }
    }

    /// Whether a reset link's secret can still be used (the page that asks for the new password checks first).
    public func checkPasswordResetLink(_ token: String) async throws {
        _ = try await liveLink(token, .passwordReset)
    }

    /// ACC-9: a verification link for the caller's address; nil when it is verified already.
    public func requestEmailVerification(_ identity: Identity) async throws -> IssuedAccountLink? {
        let account = try await current(identity)
        guard account.emailVerifiedAt == nil else { return nil }
        guard let link = try await issueLink(.emailVerification, for: account, actor: account, limited: true) else {
            throw DoableError.rateLimited(
                retryAfterSeconds: 3_600,
                message: "\(Self.linksPerHour) verification emails were sent this hour; try again later.")
        }
        return link
    }

    /// ACC-9: marks the address the link was sent to as the member's, if it is still their address.
    public func verifyEmail(token: String) async throws -> Account {
        let link = try await liveLink(token, .emailVerification)
        return try await perform(by: link.accountID) {
            guard var account = try await store.account(id: link.accountID),
                Rules.matchKey(account.email) == Rules.matchKey(link.email)
            else { throw Self.deadLink(.emailVerification) }
            let now = clock()
            var used = link
            used.usedAt = now
            used.version += 1
            account.emailVerifiedAt = now
            var batch = changed(&account)
            batch.append(.putAccountLink(used))
            return (batch, account)
        }
    }

    /// ACC-9: 403 `email_unverified` when the server requires verified addresses and the caller's is not.
    public func requireVerifiedEmail(_ identity: Identity, for purpose: String) throws {
        guard domain.accountPolicy.requireVerifiedEmail, identity.account.emailVerifiedAt == nil else { return }
        throw DoableError.refused(
            code: "email_unverified", field: nil,
            message: "Verify your email address before \(purpose): open the link we emailed you, or send it again.")
    }

    /// Whether the caller should be asked to verify their address.
    public func needsVerification(_ account: Account) -> Bool {
        domain.accountPolicy.requireVerifiedEmail && account.emailVerifiedAt == nil
    }

    func issueLink(_ purpose: AccountLink.Purpose, for account: Account, actor: Account?, limited: Bool)
        async throws -> IssuedAccountLink?
    {
        let now = clock()
        if limited {
            let recent = try await store.accountLinks(of: account.id, purpose: purpose, since: now.adding(seconds: -3_600))
            guard recent.count < Self.linksPerHour else { return nil }
        }
        let token = SecretToken.make(prefix: purpose == .passwordReset ? "drst_" : "dver_")
        let lifetime = purpose == .passwordReset ? Self.resetLifetime : Self.verificationLifetime
        let link = AccountLink(
            id: .make(at: now), accountID: account.id, purpose: purpose, tokenHash: token.hash, email: account.email,
            createdAt: now, expiresAt: now.adding(seconds: lifetime))
        var batch = WriteBatch([.putAccountLink(link)], now: now)
        if !limited {
            batch.append(.appendAudit(auditEntry(by: actor, .resetPasswordLink, target: account, now: now)))
        }
        try await domain.commit(batch, by: account.id)
        return IssuedAccountLink(link: link, account: account, secret: token.secret)
    }

    func liveLink(_ secret: String, _ purpose: AccountLink.Purpose) async throws -> AccountLink {
        guard let link = try await store.accountLink(tokenHash: SecretToken.hashOf(secret)), link.purpose == purpose,
            link.isLive(at: clock())
        else { throw Self.deadLink(purpose) }
        return link
    }

    static func deadLink(_ purpose: AccountLink.Purpose) -> DoableError {
        .notFound(
            purpose == .passwordReset
                ? "This reset link has expired or was used already: ask for a new one on the sign-in page."
                : "This verification link has expired or was used already: send a new one from Settings.",
            field: "token")
    }
}
