import DoableCore

/// The signed-in member's own account (`GET /me`).
struct AccountDTO: Encodable, Sendable {
    let id: AccountID
    let email: String
    let username: String
    let firstName: String
    let lastName: String
    @Nullable var gender: Gender?
    @Nullable var genderDescription: String?
    @Nullable var dateOfBirth: CivilDate?
    @Nullable var educationLevel: EducationLevel?
    @Nullable var phone: String?
    let showEmail: Bool
    let showPhone: Bool
    let isAdmin: Bool
    let inboxId: ListID
    let preferences: Preferences
    let createdAt: Timestamp
    let updatedAt: Timestamp

    init(_ account: Account) {
        id = account.id
        email = account.email
        username = account.username
        firstName = account.firstName
        lastName = account.lastName
        gender = account.gender
        genderDescription = account.genderDescription
        dateOfBirth = account.dateOfBirth
        educationLevel = account.educationLevel
        phone = account.phone
        showEmail = account.showEmail
        showPhone = account.showPhone
        isAdmin = account.isAdmin
        inboxId = account.inboxID
        preferences = account.preferences
        createdAt = account.createdAt
        updatedAt = account.updatedAt
    }
}

/// Register and sign-in answer with the account and a new session token.
struct SessionDTO: Encodable, Sendable {
    let account: AccountDTO
    let token: String
}

/// ACC-3: what any member may see of another, with its standing on the marketplace.
struct PublicProfileDTO: Encodable, Sendable {
    let username: String
    let displayName: String
    @Nullable var email: String?
    @Nullable var phone: String?
    let market: MarketProfileDTO

    init(_ account: Account, market: MarketProfileDTO) {
        username = account.username
        displayName = account.displayName
        email = account.showEmail ? account.email : nil
        phone = account.showPhone ? account.phone : nil
        self.market = market
    }
}

/// ACC-5: a credential as listed; the secret is never shown again.
struct CredentialDTO: Encodable, Sendable {
    let id: CredentialID
    let name: String
    let kind: Credential.Kind
    let scope: Credential.Scope
    let createdAt: Timestamp
    @Nullable var expiresAt: Timestamp?
    let isCurrent: Bool

    init(_ credential: Credential, current: CredentialID?) {
        id = credential.id
        name = credential.name
        kind = credential.kind
        scope = credential.scope
        createdAt = credential.createdAt
        expiresAt = credential.expiresAt
        isCurrent = credential.id == current
    }
}

struct IssuedCredentialDTO: Encodable, Sendable {
    let credential: CredentialDTO
    let secret: String
}
