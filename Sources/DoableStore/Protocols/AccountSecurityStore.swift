public import DoableCore

/// Issue 31's reads: emailed links (ACC-8, ACC-9), invitations (ACC-12), accounts as admins see them and the audit
/// log (ADMIN-1, ADMIN-2), failed sign-ins (OPS-2). One part of `Store`, which every engine implements.
public protocol AccountSecurityStore: Sendable {
    func accountLink(tokenHash: String) async throws -> AccountLink?
    /// The account's links of one purpose made at or after `since`, newest first.
    func accountLinks(of accountID: AccountID, purpose: AccountLink.Purpose, since: Timestamp) async throws
        -> [AccountLink]
    func invitation(id: InvitationID) async throws -> Invitation?
    func invitation(tokenHash: String) async throws -> Invitation?
    /// Invitations not yet used, newest first: one member's, or everyone's when `createdBy` is nil.
    func openInvitations(createdBy: AccountID?) async throws -> [Invitation]
    /// Accounts whose email, username or name contains `search` (any case; every account when nil), oldest first.
    func accounts(matching search: String?, limit: Int, offset: Int) async throws -> [Account]
    func accountCount(matching search: String?) async throws -> Int
    /// Admins whose accounts are enabled.
    func enabledAdminCount() async throws -> Int
    /// The audit log, newest first: `limit` entries older than `before` (the newest when nil).
    func auditLog(limit: Int, before: AuditEntryID?) async throws -> [AuditEntry]
    /// The times of the failures recorded for `key` at or after `since`, oldest first.
    func signInFailures(key: String, since: Timestamp) async throws -> [Timestamp]
}
