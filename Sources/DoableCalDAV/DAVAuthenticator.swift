import Crypto
import DoableCore
import DoableDomain
import Foundation
import Hummingbird
import Synchronization
import DoableHTTP

/// HTTP Basic for CalDAV (INTEROP-1, ACC-5): a username or email with an app password, an access token or — unless
/// the member turned it off — the account's password, checked by `Domain.davAuthenticate`.
///
/// A CalDAV client sends its credentials with every request, dozens per sync; checking an account password with
/// bcrypt each time would cost more than the requests themselves. So a credential that held is remembered for
/// `lifetime` (keyed on the login and an HMAC of the password under a key that lives only in this process, so the
/// memory holds nothing a guesser could test passwords against), and a remembered one older than `recheckAfter` is
/// confirmed with the cheap `isStillSignedIn` before it is used again, so a revoked app password or a disabled
/// account stops working within seconds. Failures go through the sign-in limiter, exactly like the API's sign-in.
final class DAVAuthenticator: Sendable {
    struct Entry {
        var identity: Identity
        var createdAt: ContinuousClock.Instant
        var checkedAt: ContinuousClock.Instant
        var usedAt: ContinuousClock.Instant
    }

    let domain: Domain
    let limiter: SignInLimiter
    let lifetime: Duration
    let recheckAfter: Duration
    let capacity: Int
    /// Made afresh by each process; kept as bytes (a `SymmetricKey` is not `Sendable`).
    private let key = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    private let entries = Mutex([String: Entry]())

    init(
        domain: Domain, limiter: SignInLimiter, lifetime: Duration = .seconds(60), recheckAfter: Duration = .seconds(10),
        capacity: Int = 4096
    ) {
        self.domain = domain
        self.limiter = limiter
        self.lifetime = lifetime
        self.recheckAfter = recheckAfter
        self.capacity = capacity
    }

    /// The caller, or a 401 with the Basic challenge (429 when the limiter says so).
    func identity(for request: Request, clientAddress: String) async throws -> Identity {
        let headers = request.headers[values: .authorization]
        guard headers.count <= 1 else { throw DAVFailure.unauthorized("Send one Authorization header, not several.") }
        guard let header = headers.first else { throw DAVFailure.unauthorized("Sign in with your username and an app password.") }
        guard let (login, password) = Self.basicCredentials(header) else {
            throw DAVFailure.unauthorized("Send 'Authorization: Basic' with your username and an app password.")
        }
        let cacheKey = login + "\u{0}" + HMAC<SHA256>.authenticationCode(for: Data(password.utf8), using: SymmetricKey(data: key)).lowercaseHex
        if let identity = try await remembered(cacheKey) { return identity }
        try await limiter.admit(address: clientAddress)
        let account = try await domain.accounts.account(login: login)
        try await limiter.requireUnlocked(login: login, account: account?.id)
        guard let identity = try await domain.calDAV.davAuthenticate(login: login, password: password) else {
            await limiter.recordFailure(login: login, account: account?.id, address: clientAddress)
            throw DAVFailure.unauthorized("The username or the password is not correct.")
        }
        await limiter.recordSuccess(account: identity.account.id)
        await domain.accounts.noteUse(identity, address: clientAddress)
        remember(identity, as: cacheKey)
        return identity
    }

    /// `Basic base64(login:password)`; the password may hold colons, the login may not.
    static func basicCredentials(_ header: String) -> (login: String, password: String)? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        let login = String(text[..<colon])
        guard !login.isEmpty else { return nil }
        return (login, String(text[text.index(after: colon)...]))
    }

    /// A remembered identity still good to use, or nil (then the credential is checked in full).
    private func remembered(_ cacheKey: String) async throws -> Identity? {
        let now = ContinuousClock.now
        let found: Entry? = entries.withLock { entries in
            guard let entry = entries[cacheKey] else { return nil }
            guard now - entry.createdAt < lifetime else {
                entries[cacheKey] = nil
                return nil
            }
            entries[cacheKey]?.usedAt = now
            return entry
        }
        guard let found else { return nil }
        // The account's password stands for a credential that is never stored, so `isStillSignedIn` cannot vouch
        // for it: it lives out `lifetime`, then bcrypt checks it again.
        if now - found.checkedAt < recheckAfter || found.identity.credential.secretHash.isEmpty { return found.identity }
        guard try await domain.accounts.isStillSignedIn(found.identity) else {
            forget(cacheKey)
            return nil
        }
        entries.withLock { $0[cacheKey]?.checkedAt = now }
        return found.identity
    }

    private func remember(_ identity: Identity, as cacheKey: String) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            if entries[cacheKey] == nil, entries.count >= capacity {
                // Least recently used goes; the scan is rare (only when full) and bounded by `capacity`.
                if let oldest = entries.min(by: { $0.value.usedAt < $1.value.usedAt })?.key { entries[oldest] = nil }
            }
            entries[cacheKey] = Entry(identity: identity, createdAt: now, checkedAt: now, usedAt: now)
        }
    }

    private func forget(_ cacheKey: String) {
        _ = entries.withLock { $0.removeValue(forKey: cacheKey) }
    }
}
