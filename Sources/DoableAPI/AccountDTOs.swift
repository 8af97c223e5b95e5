public import DoableCore

/// The signed-in member's own account (`GET /me`).
public struct AccountDTO: Codable, Sendable {
    public let id: AccountID
    public let email: String
    public let username: String
    public let firstName: String
    public let lastName: String
    @Nullable public var gender: Gender?
    @Nullable public var genderDescription: String?
    @Nullable public var dateOfBirth: CivilDate?
    @Nullable public var educationLevel: EducationLevel?
    @Nullable public var phone: String?
    public let showEmail: Bool
    public let showPhone: Bool
    public let isAdmin: Bool
    public let inboxId: ListID
    public let preferences: Preferences
    public let createdAt: Timestamp
    public let updatedAt: Timestamp

    public init(
        id: AccountID, email: String, username: String, firstName: String, lastName: String, gender: Gender?, genderDescription: String?,
        dateOfBirth: CivilDate?, educationLevel: EducationLevel?, phone: String?, showEmail: Bool, showPhone: Bool, isAdmin: Bool, inboxId: ListID,
        preferences: Preferences, createdAt: Timestamp, updatedAt: Timestamp
    ) {
        self.id = id
        self.email = email
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.genderDescription = genderDescription
        self.dateOfBirth = dateOfBirth
        self.educationLevel = educationLevel
        self.phone = phone
        self.showEmail = showEmail
        self.showPhone = showPhone
        self.isAdmin = isAdmin
        self.inboxId = inboxId
        self.preferences = preferences
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

}

/// Register and sign-in answer with the account and a new session token.
public struct SessionDTO: Codable, Sendable {
    public let account: AccountDTO
    public let token: String

    public init(
        account: AccountDTO, token: String
    ) {
        self.account = account
        self.token = token
    }
}

/// ACC-3: what any member may see of another, with its standing on the marketplace.
public struct PublicProfileDTO: Codable, Sendable {
    public let username: String
    public let displayName: String
    @Nullable public var email: String?
    @Nullable public var phone: String?
    public let market: MarketProfileDTO

    public init(
        username: String, displayName: String, email: String?, phone: String?, market: MarketProfileDTO
    ) {
        self.username = username
        self.displayName = displayName
        self.email = email
        self.phone = phone
        self.market = market
    }

}

/// ACC-5: a credential as listed; the secret is never shown again.
public struct CredentialDTO: Codable, Sendable {
    public let id: CredentialID
    public let name: String
    public let kind: Credential.Kind
    public let scope: Credential.Scope
    public let createdAt: Timestamp
    @Nullable public var expiresAt: Timestamp?
    public let isCurrent: Bool

    public init(
        id: CredentialID, name: String, kind: Credential.Kind, scope: Credential.Scope, createdAt: Timestamp, expiresAt: Timestamp?, isCurrent: Bool
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.scope = scope
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.isCurrent = isCurrent
    }

}

public struct IssuedCredentialDTO: Codable, Sendable {
    public let credential: CredentialDTO
    public let secret: String

    public init(
        credential: CredentialDTO, secret: String
    ) {
        self.credential = credential
        self.secret = secret
    }
}
