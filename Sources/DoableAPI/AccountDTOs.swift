public import DoableCore
import PublicInit

/// The signed-in member's own account (`GET /me`): the stored fields the client keeps too (`AccountRecord`), and
/// the profile and role the client does not keep.
@dynamicMemberLookup
@PublicInit
public struct AccountDTO: Codable, Sendable, Equatable {
    public var record: AccountRecord
    public var gender: Gender?
    public var genderDescription: String?
    public var dateOfBirth: CivilDate?
    public var educationLevel: EducationLevel?
    public var phone: String?
    public var showEmail: Bool
    public var showPhone: Bool
    public var isAdmin: Bool
    /// ACC-9: whether the member confirmed the email address.
    public var emailVerified: Bool = false
    /// ACC-10: whether sign-in asks for a second factor.
    public var twoFactorEnabled: Bool = false

    public init(
        id: AccountID, email: String, username: String, firstName: String, lastName: String, gender: Gender?,
        genderDescription: String?, dateOfBirth: CivilDate?, educationLevel: EducationLevel?, phone: String?,
        showEmail: Bool, showPhone: Bool, isAdmin: Bool, inboxId: ListID, preferences: Preferences,
        createdAt: Timestamp, updatedAt: Timestamp
    ) {
        self.init(
            record: AccountRecord(
                id: id, email: email, username: username, firstName: firstName, lastName: lastName,
                inboxId: inboxId, preferences: AccountPreferences(preferences), createdAt: createdAt,
                updatedAt: updatedAt),
            gender: gender, genderDescription: genderDescription, dateOfBirth: dateOfBirth,
            educationLevel: educationLevel, phone: phone, showEmail: showEmail, showPhone: showPhone, isAdmin: isAdmin)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<AccountRecord, Value>) -> Value {
        record[keyPath: keyPath]
    }

    public init(from decoder: any Decoder) throws {
        record = try AccountRecord(from: decoder)
        let container = try decoder.container(keyedBy: ContractKey.self)
        gender = try container.decodeIfPresent(Gender.self, forKey: "gender")
        genderDescription = try container.decodeIfPresent(String.self, forKey: "genderDescription")
        dateOfBirth = try container.decodeIfPresent(CivilDate.self, forKey: "dateOfBirth")
        educationLevel = try container.decodeIfPresent(EducationLevel.self, forKey: "educationLevel")
        phone = try container.decodeIfPresent(String.self, forKey: "phone")
        showEmail = try container.decodeIfPresent(Bool.self, forKey: "showEmail") ?? false
        showPhone = try container.decodeIfPresent(Bool.self, forKey: "showPhone") ?? false
        isAdmin = try container.decodeIfPresent(Bool.self, forKey: "isAdmin") ?? false
        emailVerified = try container.decodeIfPresent(Bool.self, forKey: "emailVerified") ?? false
        twoFactorEnabled = try container.decodeIfPresent(Bool.self, forKey: "twoFactorEnabled") ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ContractKey.self)
        try record.encodeFields(into: &container)
        try container.encode(gender, forKey: "gender")
        try container.encode(genderDescription, forKey: "genderDescription")
        try container.encode(dateOfBirth, forKey: "dateOfBirth")
        try container.encode(educationLevel, forKey: "educationLevel")
        try container.encode(phone, forKey: "phone")
        try container.encode(showEmail, forKey: "showEmail")
        try container.encode(showPhone, forKey: "showPhone")
        try container.encode(isAdmin, forKey: "isAdmin")
        try container.encode(emailVerified, forKey: "emailVerified")
        try container.encode(twoFactorEnabled, forKey: "twoFactorEnabled")
    }
}

/// Register and sign-in answer with the account and a new session token.
@PublicInit
public struct SessionDTO: Codable, Sendable {
    public let account: AccountDTO
    public let token: String
}

/// ACC-3: what any member may see of another, with its standing on the marketplace.
@PublicInit
public struct PublicProfileDTO: Codable, Sendable {
    public let username: String
    public let displayName: String
    @Nullable public var email: String?
    @Nullable public var phone: String?
    public let market: MarketProfileDTO
}

/// ACC-5: a credential as listed; the secret is never shown again.
@PublicInit
public struct CredentialDTO: Codable, Sendable {
    public let id: CredentialID
    public let name: String
    public let kind: Credential.Kind
    public let scope: Credential.Scope
    public let createdAt: Timestamp
    @Nullable public var expiresAt: Timestamp?
    public let isCurrent: Bool
    /// ACC-11: the device it was made on, the address it was last used from, when it was last used.
    @Nullable public var deviceName: String?
    @Nullable public var address: String?
    @Nullable public var lastUsedAt: Timestamp?
}

@PublicInit
public struct IssuedCredentialDTO: Codable, Sendable {
    public let credential: CredentialDTO
    public let secret: String
}
