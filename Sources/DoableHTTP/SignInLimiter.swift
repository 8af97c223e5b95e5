public import DoableCore
public import Foundation
import Metrics
import Synchronization

/// ACC-2 and issue 10, findings 7, 8 and 10: how wrong passwords are limited.
///
/// - Per account — keyed on the account a login resolves to, however it was typed (email or username, any case,
///   stray spaces) — `perAccount` failures within the window lock the account until the oldest of them leaves the
///   window. A locked account cannot be signed in to, even with the right password; its holder is told how long
///   to wait. Every check of the account's password counts: signing in, changing the password, deleting the account.
/// - Per client address, failures are not locked out (one address may be a whole office behind a proxy, and one
///   guesser there must not lock everyone else out) but slowed down: past `freeFailuresPerAddress` failures within
///   the window each attempt from the address waits, twice as long per further failure, at most `maxAddressDelay`.
///   At most `maxDelayedPerAddress` attempts from one address wait at once; more are told to retry shortly.
/// - Registrations (issue 27, finding 6): an answer that an email or username is taken tells that an account
///   exists, so each such answer counts against the client address: past `takenRegistrationsPerAddress` of them
///   within the window, registrations from the address answer 429 with Retry-After until the oldest leaves it.
///
/// OPS-2: with a `ledger` (the database), every failure is also written there and every count read from there, so
/// that the processes sharing one database lock an account and slow an address together.
public final class SignInLimiter: Sendable {
    public struct Limits: Sendable {
        public var perAccount: Int
        public var windowSeconds: Double
        public var freeFailuresPerAddress: Int
        public var firstAddressDelay: Double
        public var maxAddressDelay: Double
        public var maxDelayedPerAddress: Int
        public var takenRegistrationsPerAddress: Int
        public var emailsPerAddress: Int

        public init(
            perAccount: Int = 5, windowSeconds: Double = 15 * 60, freeFailuresPerAddress: Int = 10,
            firstAddressDelay: Double = 0.25, maxAddressDelay: Double = 8, maxDelayedPerAddress: Int = 16,
            takenRegistrationsPerAddress: Int = 20, emailsPerAddress: Int = 10
        ) {
            self.emailsPerAddress = emailsPerAddress
            self.takenRegistrationsPerAddress = takenRegistrationsPerAddress
            self.perAccount = perAccount
            self.windowSeconds = windowSeconds
            self.freeFailuresPerAddress = freeFailuresPerAddress
            self.firstAddressDelay = firstAddressDelay
            self.maxAddressDelay = maxAddressDelay
            self.maxDelayedPerAddress = maxDelayedPerAddress
        }
    }

    struct State {
        var failures: [String: [Double]] = [:]
        var delayedNow: [String: Int] = [:]
    }

    public let limits: Limits
    let ledger: (any SignInLedger)?
    private let state = Mutex(State())
    private let lockouts = Counter(label: "doable_signin_lockouts_total")
    private let delayedAttempts = Counter(label: "doable_signin_delayed_total")
    private let refusedAttempts = Counter(label: "doable_signin_refused_total")

    public init(limits: Limits = Limits(), ledger: (any SignInLedger)? = nil) {
        self.limits = limits
        self.ledger = ledger
    }

    static func key(_ account: AccountID) -> String { "account:\(account)" }
    /// Issue 27, finding 6: a login that names no account is limited like one that does, keyed on the login as the
    /// account lookup reads it, so that neither a lockout nor its absence tells whether an account exists.
    static func key(login: String, account: AccountID?) -> String {
        account.map(key) ?? "login:\(Rules.matchKey(login.trimmingCharacters(in: .whitespacesAndNewlines)))"
    }
    static func key(address: String) -> String { "address:\(address)" }
    static func key(registrationsFrom address: String) -> String { "registrations:\(address)" }

    /// Seconds until the account may be tried again, or nil when it is not locked.
    public func lockedSeconds(account: AccountID, now: Double = Date().timeIntervalSince1970) async -> Int? {
        await lockedSeconds(key: Self.key(account), now: now)
    }

    /// Seconds until `key` has fewer than `limit` failures in the window (`perAccount` unless given), or nil.
    func lockedSeconds(key: String, limit: Int? = nil, now: Double) async -> Int? {
        let recent = await failures(key, now: now)
        guard recent.count >= limit ?? limits.perAccount, let oldest = recent.first else { return nil }
        return max(1, Int((oldest + limits.windowSeconds - now).rounded(.up)))
    }

    /// How long an attempt from this address waits before its password is checked.
    public func delay(address: String, now: Double = Date().timeIntervalSince1970) async -> Double {
        delay(failures: await failures(Self.key(address: address), now: now).count)
    }

    /// The key's failures within the window, oldest first: the ledger's when there is one (the memory's if it cannot
    /// be read: a database gone away must not lift the limits).
    func failures(_ key: String, now: Double) async -> [Double] {
        let remembered = state.withLock { state in recentFailures(key, in: &state, now: now) }
        guard let ledger else { return remembered }
        guard let shared = try? await ledger.failures(key: key, since: now - limits.windowSeconds) else {
            return remembered
        }
        return shared.count >= remembered.count ? shared : remembered
    }

    func delay(failures: Int) -> Double {
        let excess = failures - limits.freeFailuresPerAddress
        guard excess >= 0 else { return 0 }
        return min(limits.maxAddressDelay, limits.firstAddressDelay * pow(2, Double(min(excess, 32))))
    }

    /// Waits out the address's delay; 429 when too many attempts from the address wait already.
    public func admit(address: String, now: Double = Date().timeIntervalSince1970) async throws {
        let key = Self.key(address: address)
        let count = await failures(key, now: now).count
        let wait: Double? = state.withLock { state in
            let wait = delay(failures: count)
            guard wait > 0 else { return 0 }
            guard state.delayedNow[key, default: 0] < limits.maxDelayedPerAddress else { return nil }
            state.delayedNow[key, default: 0] += 1
            return wait
        }
        guard let wait else {
            refusedAttempts.increment()
            throw DoableError.rateLimited(
                retryAfterSeconds: max(1, Int(limits.maxAddressDelay)),
                message: "Too many sign-in attempts from your address; try again shortly.")
        }
        guard wait > 0 else { return }
        delayedAttempts.increment()
        defer { finishWaiting(key) }
        try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
    }

    /// Refuses (429) a registration from an address told too often, lately, that an email or username is taken.
    public func admitRegistration(address: String, now: Double = Date().timeIntervalSince1970) throws {
        let recent = state.withLock { state in
            recentFailures(Self.key(registrationsFrom: address), in: &state, now: now)
        }
        guard recent.count >= limits.takenRegistrationsPerAddress, let oldest = recent.first else { return }
        let wait = max(1, Int((oldest + limits.windowSeconds - now).rounded(.up)))
        refusedAttempts.increment()
        throw DoableError.rateLimited(
            retryAfterSeconds: wait,
            message: "Too many registrations from your address; try again in \(wait) s.")
    }

    /// ACC-8, ACC-9: emails asked for from one address (reset links, verification links): past `emailsPerAddress`
    /// within the window, 429 until the oldest leaves it. Every request counts, whether an email went out or not.
    public func admitEmailRequest(address: String, now: Double = Date().timeIntervalSince1970) throws {
        let key = "emails:\(address)"
        let wait: Int? = state.withLock { state in
            let recent = recentFailures(key, in: &state, now: now)
            guard recent.count >= limits.emailsPerAddress, let oldest = recent.first else {
                state.failures[key, default: []].append(now)
                return nil
            }
            return max(1, Int((oldest + limits.windowSeconds - now).rounded(.up)))
        }
        guard let wait else { return }
        refusedAttempts.increment()
        throw DoableError.rateLimited(
            retryAfterSeconds: wait, message: "Too many emails asked for from your address; try again in \(wait) s.")
    }

    /// A registration from `address` was told that its email or username is taken.
    public func recordTakenRegistration(address: String, now: Double = Date().timeIntervalSince1970) {
        state.withLock { state in
            state.failures[Self.key(registrationsFrom: address), default: []].append(now)
        }
    }

    private func finishWaiting(_ key: String) {
        state.withLock { state in
            let left = state.delayedNow[key, default: 1] - 1
            state.delayedNow[key] = left > 0 ? left : nil
        }
    }

    /// 429 when the account is locked.
    public func requireUnlocked(account: AccountID, now: Double = Date().timeIntervalSince1970) async throws {
        try await requireUnlocked(key: Self.key(account), now: now)
    }

    /// 429 when the account the login names — or, when it names none, the login itself — is locked: the same answer
    /// either way.
    public func requireUnlocked(login: String, account: AccountID?, now: Double = Date().timeIntervalSince1970)
        async throws
    {
        try await requireUnlocked(key: Self.key(login: login, account: account), now: now)
    }

    func requireUnlocked(key: String, now: Double) async throws {
        if let wait = await lockedSeconds(key: key, now: now) {
            refusedAttempts.increment()
            throw DoableError.rateLimited(
                retryAfterSeconds: wait,
                message: "Too many wrong passwords for this account. Try again in \(wait) seconds.")
        }
    }

    /// Counts a wrong password against the address and the account (a password check of a signed-in member).
    public func recordFailure(account: AccountID, address: String, now: Double = Date().timeIntervalSince1970) async {
        await recordFailure(key: Self.key(account), address: address, now: now)
    }

    /// Counts a failed sign-in against the address and the account the login names, or the login when it names none.
    public func recordFailure(
        login: String, account: AccountID?, address: String,
        now: Double = Date().timeIntervalSince1970
    ) async {
        await recordFailure(key: Self.key(login: login, account: account), address: address, now: now)
    }

    func recordFailure(key: String, address: String, now: Double) async {
        let before = await failures(key, now: now).count
        try? await ledger?.record(keys: [key, Self.key(address: address)], at: now)
        let locked = state.withLock { state -> Bool in
            state.failures[Self.key(address: address), default: []].append(now)
            state.failures[key, default: []].append(now)
            let locked = before + 1 == limits.perAccount
            if state.failures.count > 100_000 {
                state.failures = state.failures.filter { now - ($0.value.last ?? 0) < limits.windowSeconds }
            }
            return locked
        }
        if locked { lockouts.increment() }
    }

    /// The right password forgives the account's failures (not the address's: a guesser with an account of their
    /// own must not be able to reset their address that way).
    public func recordSuccess(account: AccountID, now: Double = Date().timeIntervalSince1970) async {
        _ = state.withLock { $0.failures.removeValue(forKey: Self.key(account)) }
        try? await ledger?.forgive(key: Self.key(account), before: now - limits.windowSeconds)
    }

    private func recentFailures(_ key: String, in state: inout State, now: Double) -> [Double] {
        guard let all = state.failures[key] else { return [] }
        let recent = all.filter { now - $0 < limits.windowSeconds }
        state.failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}

extension DoableError {
    /// A registration refused because its email or username belongs to an account already.
    public var isTakenLogin: Bool {
        if case .conflict("already_exists", let field, _) = self { return field == "email" || field == "username" }
        return false
    }
}

/// OPS-2: where failed sign-ins are kept so that every process of one installation counts them (the database).
public protocol SignInLedger: Sendable {
    /// The times of `key`'s failures at or after `since` (seconds since 1970), oldest first.
    func failures(key: String, since: Double) async throws -> [Double]
    func record(keys: [String], at: Double) async throws
    /// Forgets `key`'s failures, and every key's older than `before`.
    func forgive(key: String, before: Double) async throws
}
