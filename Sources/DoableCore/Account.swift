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
    public var preferences: Preferences
    public var inboxID: ListID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64
    /// The last sequence number of this account's change feed when the row was read. Written only by the store,
    /// with each feed entry; it tells whether anything of the account changed since an earlier read.
    public var changeSequence: Int64 = 0

    public init(
        id: AccountID, email: String, username: String, passwordHash: String, firstName: String,
        lastName: String, gender: Gender? = nil, genderDescription: String? = nil, dateOfBirth: CivilDate? = nil,
        educationLevel: EducationLevel? = nil, phone: String? = nil, showEmail: Bool = false,
        showPhone: Bool = false, isAdmin: Bool = false, isDisabled: Bool = false,
        preferences: Preferences = Preferences(), inboxID: ListID, createdAt: Timestamp, updatedAt: Timestamp,
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
        self.preferences = preferences
        self.inboxID = inboxID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// The same account: every field but `changeSequence`, which says when it was read, not what it is.
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
            && lhs.preferences == rhs.preferences
            && lhs.inboxID == rhs.inboxID
            && lhs.createdAt == rhs.createdAt
            && lhs.updatedAt == rhs.updatedAt
            && lhs.version == rhs.version
    }

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
