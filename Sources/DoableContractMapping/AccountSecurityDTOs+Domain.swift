public import DoableAPI
public import DoableCore

extension InvitationDTO {
    public init(_ invitation: Invitation) {
        self.init(
            id: invitation.id, email: invitation.email, listId: invitation.listID, role: invitation.role,
            createdBy: invitation.createdBy, createdAt: invitation.createdAt, expiresAt: invitation.expiresAt)
    }
}

extension AdminAccountDTO {
    public init(_ account: Account) {
        self.init(
            id: account.id, username: account.username, email: account.email, displayName: account.displayName,
            isAdmin: account.isAdmin, isDisabled: account.isDisabled, disabledReason: account.disabledReason,
            emailVerified: account.emailVerifiedAt != nil, twoFactorEnabled: account.hasTwoFactor,
            createdAt: account.createdAt, lastSeenAt: account.lastSeenAt)
    }
}

extension AuditEntryDTO {
    public init(_ entry: AuditEntry) {
        self.init(
            id: entry.id, at: entry.at, actorId: entry.actorID, actorName: entry.actorName, action: entry.action,
            targetId: entry.targetID, targetName: entry.targetName, detail: entry.detail)
    }
}
