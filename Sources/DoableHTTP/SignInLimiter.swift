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
public final class SignInLimiter: Sendable {
    public struct Limits: Sendable {
        public var perAccount: Int
        public var windowSeconds: Double
        public var freeFailuresPerAddress: Int
        public var firstAddressDelay: Double
        public var maxAddressDelay: Double
        public var maxDelayedPerAddress: Int
        public var takenRegistrationsPerAddress: Int

        public init(
            perAccount: Int = 5, windowSeconds: Double = 15 * 60, freeFailuresPerAddress: Int = 10,
            firstAddressDelay: Double = 0.25, maxAddressDelay: Double = 8, maxDelayedPerAddress: Int = 16,
            takenRegistrationsPerAddress: Int = 20
        ) {
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
    private let state = Mutex(State())
    private let lockouts = Counter(label: "doable_signin_lockouts_total")
    private let delayedAttempts = Counter(label: "doable_signin_delayed_total")
    private let refusedAttempts = Counter(label: "doable_signin_refused_total")

    public init(limits: Limits = Limits()) { self.limits = limits }

    static func key(_ account: AccountID) -> String { "account:\(account)" }
    /// Issue 27, finding 6: a login that names no account is limited like one that does, keyed on the login as the
    /// account lookup reads it, so that neither a lockout nor its absence tells whether an account exists.
    static func key(login: String, account: AccountID?) -> String {
        account.map(key) ?? "login:\(Rules.matchKey(login.trimmingCharacters(in: .whitespacesAndNewlines)))"
    }
    static func key(address: String) -> String { "address:\(address)" }
    static func key(registrationsFrom address: String) -> String { "registrations:\(address)" }

    /// Seconds until the account may be tried again, or nil when it is not locked.
    public func lockedSeconds(account: AccountID, now: Double = Date().timeIntervalSince1970) -> Int? {
        lockedSeconds(key: Self.key(account), now: now)
    }

    /// Seconds until `key` has fewer than `limit` failures in the window (`perAccount` unless given), or nil.
    func lockedSeconds(key: String, limit: Int? = nil, now: Double) -> Int? {
        state.withLock { state in
            let recent = recentFailures(key, in: &state, now: now)
            guard recent.count >= limit ?? limits.perAccount, let oldest = recent.first else { return nil }
            return max(1, Int((oldest + limits.windowSeconds - now).rounded(.up)))
        }
    }

    /// How long an attempt from this address waits before its password is checked.
    public func delay(address: String, now: Double = Date().timeIntervalSince1970) -> Double {
        state.withLock { state in
            delay(failures: recentFailures(Self.key(address: address), in: &state, now: now).count)
        }
    }

    func delay(failures: Int) -> Double {
        let excess = failures - limits.freeFailuresPerAddress
        guard excess >= 0 else { return 0 }
        return min(limits.maxAddressDelay, limits.firstAddressDelay * pow(2, Double(min(excess, 32))))
    }

    /// Waits out the address's delay; 429 when too many attempts from the address wait already.
    public func admit(address: String, now: Double = Date().timeIntervalSince1970) async throws {
        let key = Self.key(address: address)
        let wait: Double? = state.withLock { state in
            let wait = delay(failures: recentFailures(key, in: &state, now: now).count)
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
        guard
            let wait = lockedSeconds(
                key: Self.key(registrationsFrom: address),
                limit: limits.takenRegistrationsPerAddress, now: now)
        else { return }
        refusedAttempts.increment()
        throw DoableError.rateLimited(
            retryAfterSeconds: wait,
            message: "Too many registrations from your address; try again in \(wait) s.")
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
    public func requireUnlocked(account: AccountID, now: Double = Date().timeIntervalSince1970) throws {
        try requireUnlocked(key: Self.key(account), now: now)
    }

    /// 429 when the account the login names — or, when it names none, the login itself — is locked: the same answer
    /// either way.
    public func requireUnlocked(login: String, account: AccountID?, now: Double = Date().timeIntervalSince1970) throws {
        try requireUnlocked(key: Self.key(login: login, account: account), now: now)
    }

    func requireUnlocked(key: String, now: Double) throws {
        if let wait = lockedSeconds(key: key, now: now) {
            refusedAttempts.increment()
            throw DoableError.rateLimited(
                retryAfterSeconds: wait,
                message: "Too many wrong passwords for this account. Try again in \(wait) seconds.")
        }
    }

    /// Counts a wrong password against the address and the account (a password check of a signed-in member).
    public func recordFailure(account: AccountID, address: String, now: Double = Date().timeIntervalSince1970) {
        recordFailure(key: Self.key(account), address: address, now: now)
    }

    /// Counts a failed sign-in against the address and the account the login names, or the login when it names none.
    public func recordFailure(
        login: String, account: AccountID?, address: String,
        now: Double = Date().timeIntervalSince1970
    ) {
        recordFailure(key: Self.key(login: login, account: account), address: address, now: now)
    }

    func recordFailure(key: String, address: String, now: Double) {
        let locked = state.withLock { state -> Bool in
            state.failures[Self.key(address: address), default: []].append(now)
            let before = recentFailures(key, in: &state, now: now).count
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
    public func recordSuccess(account: AccountID) {
        _ = state.withLock { $0.failures.removeValue(forKey: Self.key(account)) }
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
