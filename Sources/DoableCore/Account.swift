/// A member: who they are, how they sign in, and what they chose to show.
public struct Account: Sendable, Equatable {
    public var id: AccountID
    public var email: String
    public var username: String
    public var passwordHash: String
    public var firstName: String
    public var lastName: String
    public var gender: Gender?
    public var genderDescription: String?
    public var dateOfBirth: CivilDate?
    public var educationLevel: EducationLevel?
    public var phone: String?
    public var showEmail: Bool
    public var showPhone: Bool
    public var isAdmin: Bool
    public var isDisabled: Bool
    /// ADMIN-1: why an admin disabled the account, shown to the member at sign-in.
    public var disabledReason: String?
    /// ACC-9: when the member proved the email address theirs; nil until then.
    public var emailVerifiedAt: Timestamp?
    /// ACC-10: the member's second factor, once enrolment started; it counts only once confirmed.
    public var twoFactor: TwoFactor?
    public var preferences: Preferences
    public var inboxID: ListID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64
    /// The last sequence number of this account's change feed when the row was read. Written only by the store,
    /// with each feed entry; it tells whether anything of the account changed since an earlier read.
    public var changeSequence: Int64 = 0
    /// ADMIN-1: when one of the account's credentials was last used (at most a few minutes behind). Written only by
    /// the store when a credential is used, never by `putAccount`.
    public var lastSeenAt: Timestamp?

    public init(
        id: AccountID, email: String, username: String, passwordHash: String, firstName: String,
        lastName: String, gender: Gender? = nil, genderDescription: String? = nil, dateOfBirth: CivilDate? = nil,
        educationLevel: EducationLevel? = nil, phone: String? = nil, showEmail: Bool = false,
        showPhone: Bool = false, isAdmin: Bool = false, isDisabled: Bool = false, disabledReason: String? = nil,
        emailVerifiedAt: Timestamp? = nil, twoFactor: TwoFactor? = nil, preferences: Preferences = Preferences(), inboxID: ListID,
        createdAt: Timestamp, updatedAt: Timestamp,
        version: Int64 = 1
    ) {
        self.id = id
        self.email = email
        self.username = username
        self.passwordHash = passwordHash
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
        self.isDisabled = isDisabled
        self.disabledReason = disabledReason
        self.emailVerifiedAt = emailVerifiedAt
        self.twoFactor = twoFactor
        self.preferences = preferences
        self.inboxID = inboxID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// The same account: every field but `changeSequence` and `lastSeenAt`, which say when it was read and used, not
    /// what it is.
    public static func == (lhs: Account, rhs: Account) -> Bool {
        lhs.id == rhs.id
            && lhs.email == rhs.email
            && lhs.username == rhs.username
            && lhs.passwordHash == rhs.passwordHash
            && lhs.firstName == rhs.firstName
            && lhs.lastName == rhs.lastName
            && lhs.gender == rhs.gender
            && lhs.genderDescription == rhs.genderDescription
            && lhs.dateOfBirth == rhs.dateOfBirth
            && lhs.educationLevel == rhs.educationLevel
            && lhs.phone == rhs.phone
            && lhs.showEmail == rhs.showEmail
            && lhs.showPhone == rhs.showPhone
            && lhs.isAdmin == rhs.isAdmin
            && lhs.isDisabled == rhs.isDisabled
            && lhs.disabledReason == rhs.disabledReason
            && lhs.emailVerifiedAt == rhs.emailVerifiedAt
            && lhs.twoFactor == rhs.twoFactor
            && lhs.preferences == rhs.preferences
            && lhs.inboxID == rhs.inboxID
            && lhs.createdAt == rhs.createdAt
            && lhs.updatedAt == rhs.updatedAt
            && lhs.version == rhs.version
    }

    /// ACC-10: whether sign-in asks for a code after the password.
    public var hasTwoFactor: Bool { twoFactor?.confirmedAt != nil }

    public var displayName: String {
        let full = [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return full.isEmpty ? username : full
    }
}

public enum Gender: String, Sendable, Codable, CaseIterable {
    case female, male, nonBinary, preferNotToSay, selfDescribed
}

public enum EducationLevel: String, Sendable, Codable, CaseIterable {
    case primary, secondary, vocational, bachelor, master, doctorate, other
}

/// ACC-10: a TOTP secret (RFC 6238, Base32) and what has been used of it. Enrolment stores the secret unconfirmed;
/// the first right code confirms it. `lastStep` is the time step of the last code accepted, so that no code is
/// accepted twice; `recoveryCodeHashes` are the SHA-256 hashes of the recovery codes not yet used.
public struct TwoFactor: Sendable, Equatable, Codable {
    public var secret: String
    public var confirmedAt: Timestamp?
    public var lastStep: Int64?
    public var recoveryCodeHashes: [String]

    public init(secret: String, confirmedAt: Timestamp? = nil, lastStep: Int64? = nil, recoveryCodeHashes: [String] = []) {
        self.secret = secret
        self.confirmedAt = confirmedAt
        self.lastStep = lastStep
        self.recoveryCodeHashes = recoveryCodeHashes
    }
}
