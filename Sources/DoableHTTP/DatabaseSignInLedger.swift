public import DoableDomain
import DoableCore

/// OPS-2: the sign-in limiter's failures kept in the database, so that the processes sharing it count together.
public struct DatabaseSignInLedger: SignInLedger {
    let accounts: AccountService

    public init(domain: Domain) { accounts = domain.accounts }

    public func failures(key: String, since: Double) async throws -> [Double] {
        try await accounts.signInFailures(key: key, since: Self.timestamp(since)).map {
            Double($0.milliseconds) / 1000
        }
    }

    public func record(keys: [String], at: Double) async throws {
        try await accounts.recordSignInFailures(keys: keys, at: Self.timestamp(at))
    }

    public func forgive(key: String, before: Double) async throws {
        try await accounts.forgiveSignInFailures(key: key, before: Self.timestamp(before))
    }

    static func timestamp(_ seconds: Double) -> Timestamp { Timestamp(milliseconds: Int64((seconds * 1000).rounded())) }
}
