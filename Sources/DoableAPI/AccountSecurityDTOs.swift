public import DoableCore
import PublicInit

/// ACC-8, ACC-9: a request taken; what happens next arrives by email.
@PublicInit
public struct AcceptedDTO: Codable, Sendable {
    public let message: String
}

/// ACC-10: whether two-factor sign-in is on, being set up, and how many recovery codes are left.
@PublicInit
public struct TwoFactorStatusDTO: Codable, Sendable {
    public let enabled: Bool
    public let pending: Bool
    public let recoveryCodesLeft: Int
}

/// ACC-10: an enrolment begun: the secret for the authenticator app, its `otpauth://` URI and the URI as a QR code.
@PublicInit
public struct TwoFactorEnrolmentDTO: Codable, Sendable {
    public let secret: String
    public let otpauthUri: String
    public let qrSvg: String
}

/// ACC-10: recovery codes, shown only in this answer.
@PublicInit
public struct RecoveryCodesDTO: Codable, Sendable {
    public let recoveryCodes: [String]
}

/// ACC-12: an invitation link not yet used (its secret is shown only when it is made).
@PublicInit
public struct InvitationDTO: Codable, Sendable {
    public let id: InvitationID
    @Nullable public var email: String?
    @Nullable public var listId: ListID?
    @Nullable public var role: ListRole?
    public let createdBy: AccountID
    public let createdAt: Timestamp
    public let expiresAt: Timestamp
}

/// ACC-12: a new invitation with its link, shown once; `emailed` says whether it went to `email`.
@PublicInit
public struct IssuedInvitationDTO: Codable, Sendable {
    public let invitation: InvitationDTO
    public let url: String
    public let emailed: Bool
}

/// ADMIN-1: an account as the admins see it.
@PublicInit
public struct AdminAccountDTO: Codable, Sendable {
    public let id: AccountID
    public let username: String
    public let email: String
    public let displayName: String
    public let isAdmin: Bool
    public let isDisabled: Bool
    @Nullable public var disabledReason: String?
    public let emailVerified: Bool
    public let twoFactorEnabled: Bool
    public let createdAt: Timestamp
    @Nullable public var lastSeenAt: Timestamp?
}

/// ADMIN-1: one page of the accounts an admin searched for, and how many there are in all.
@PublicInit
public struct AdminAccountPageDTO: Codable, Sendable {
    public let accounts: [AdminAccountDTO]
    public let total: Int
}

/// ADMIN-2: one admin action.
@PublicInit
public struct AuditEntryDTO: Codable, Sendable {
    public let id: AuditEntryID
    public let at: Timestamp
    @Nullable public var actorId: AccountID?
    public let actorName: String
    public let action: AuditEntry.Action
    @Nullable public var targetId: AccountID?
    public let targetName: String
    public let detail: String
}
