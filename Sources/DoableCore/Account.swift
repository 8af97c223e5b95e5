/// A member: who they are, how they sign in, and what they chose to show.
public struct Account: Sendable, Equatable, Codable {
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
