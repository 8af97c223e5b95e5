import Foundation
import Synchronization

/// ACC-2: failed sign-ins are limited per account and per address within a sliding window. Above the limit
/// the caller is told how many seconds to wait.
public final class SignInLimiter: Sendable {
    public struct Limits: Sendable {
        public var perAccount: Int
        public var perAddress: Int
        public var windowSeconds: Double

        public init(perAccount: Int = 5, perAddress: Int = 20, windowSeconds: Double = 15 * 60) {
            self.perAccount = perAccount
            self.perAddress = perAddress
            self.windowSeconds = windowSeconds
        }
    }

    let limits: Limits
    private let failures = Mutex<[String: [Double]]>([:])

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// Seconds to wait before another attempt, or nil when one may be made now.
    public func retryAfter(login: String, address: String, now: Double = Date().timeIntervalSince1970) -> Int? {
        failures.withLock { table in
            let waits = [("login:" + login.lowercased(), limits.perAccount), ("address:" + address, limits.perAddress)]
                .compactMap { key, limit -> Double? in
                    let recent = (table[key] ?? []).filter { now - $0 < limits.windowSeconds }
                    table[key] = recent
                    guard recent.count >= limit, let oldest = recent.first else { return nil }
                    return oldest + limits.windowSeconds - now
                }
            return waits.max().map { max(1, Int($0.rounded(.up))) }
        }
    }

    public func recordFailure(login: String, address: String, now: Double = Date().timeIntervalSince1970) {
        failures.withLock { table in
            table["login:" + login.lowercased(), default: []].append(now)
            table["address:" + address, default: []].append(now)
            if table.count > 100_000 { table = table.filter { now - ($0.value.last ?? 0) < limits.windowSeconds } }
        }
    }

    public func recordSuccess(login: String) {
        _ = failures.withLock { $0.removeValue(forKey: "login:" + login.lowercased()) }
    }
}
