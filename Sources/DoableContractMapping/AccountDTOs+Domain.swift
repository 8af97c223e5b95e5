public import DoableAPI
public import DoableCore

extension AccountDTO {
    public init(_ account: Account) {
        self.init(
            id: account.id, email: account.email, username: account.username, firstName: account.firstName,
            lastName: account.lastName, gender: account.gender, genderDescription: account.genderDescription,
            dateOfBirth: account.dateOfBirth, educationLevel: account.educationLevel, phone: account.phone,
            showEmail: account.showEmail, showPhone: account.showPhone, isAdmin: account.isAdmin,
            inboxId: account.inboxID, preferences: account.preferences, createdAt: account.createdAt,
            updatedAt: account.updatedAt)
        emailVerified = account.emailVerifiedAt != nil
        twoFactorEnabled = account.hasTwoFactor
    }
}

extension PublicProfileDTO {
    public init(_ account: Account, market: MarketProfileDTO) {
        self.init(
            username: account.username, displayName: account.displayName,
            email: account.showEmail ? account.email : nil, phone: account.showPhone ? account.phone : nil,
            market: market)
    }
}

extension CredentialDTO {
    public init(_ credential: Credential, current: CredentialID?) {
        self.init(
            id: credential.id, name: credential.name, kind: credential.kind, scope: credential.scope,
            createdAt: credential.createdAt, expiresAt: credential.expiresAt, isCurrent: credential.id == current,
            deviceName: credential.deviceName, address: credential.address, lastUsedAt: credential.lastUsedAt)
    }
}
