import PublicInit

/// ADMIN-2: one admin action — who did what to whom, and when. Names are kept as they were, so the entry still reads
/// after either account is gone. `actorID` is nil for the server's own command line (`doable admin …`).
@PublicInit
public struct AuditEntry: Sendable, Equatable {
    public var id: AuditEntryID
    public var at: Timestamp
    public var actorID: AccountID?
    public var actorName: String
    public var action: Action
    public var targetID: AccountID?
    public var targetName: String
    /// What else the action said: a disable's reason, an invitation's address.
    public var detail: String = ""

    public enum Action: String, Sendable, Codable, CaseIterable {
        case disable, enable, delete, grantAdmin, revokeAdmin, create, resetPasswordLink, invite, revokeInvitation
    }
}
