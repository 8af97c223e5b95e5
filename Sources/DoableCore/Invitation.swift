import PublicInit

/// ACC-12: a single-use, expiring link that lets one person register when registration is by invitation; optionally
/// for one email address, and — when a list was shared with an address that had no account — with a place waiting
/// in that list. Only the SHA-256 of the link's secret is kept.
@PublicInit
public struct Invitation: Sendable, Equatable {
    public var id: InvitationID
    public var createdBy: AccountID
    public var email: String?
    public var tokenHash: String
    public var listID: ListID?
    public var role: ListRole?
    public var createdAt: Timestamp
    public var expiresAt: Timestamp
    public var usedAt: Timestamp?
    public var usedBy: AccountID?
    public var version: Int64 = 1

    /// Whether it can still be used at `now`.
    public func isLive(at now: Timestamp) -> Bool { usedAt == nil && expiresAt > now }
}
