import PublicInit

/// ACC-8, ACC-9: a single-use link emailed to a member — to set a new password, or to prove an email address
/// theirs. Only the SHA-256 of the link's secret is kept; `email` is the address it was sent to (a verification
/// proves that address, not a later one).
@PublicInit
public struct AccountLink: Sendable, Equatable {
    public var id: AccountLinkID
    public var accountID: AccountID
    public var purpose: Purpose
    public var tokenHash: String
    public var email: String
    public var createdAt: Timestamp
    public var expiresAt: Timestamp
    public var usedAt: Timestamp?
    public var version: Int64 = 1

    public enum Purpose: String, Sendable, Codable, CaseIterable { case passwordReset, emailVerification }

    /// Whether it can still be used at `now`.
    public func isLive(at now: Timestamp) -> Bool { usedAt == nil && expiresAt > now }
}
