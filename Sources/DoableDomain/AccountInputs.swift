import DoableCore

/// ACC-1: what a person fills in to register.
public struct Registration: Sendable {
    public var email: String
    public var password: String
    public var username: String
    public var firstName: String = ""
    public var lastName: String = ""
    public var gender: Gender?
    public var genderDescription: String?
    public var dateOfBirth: CivilDate?
    public var educationLevel: EducationLevel?
    public var phone: String?

    public init(email: String, password: String, username: String) {
        self.email = email
        self.password = password
        self.username = username
    }
}

/// ACC-3 and ACC-7: the fields of a profile edit; nil leaves a field as it is, `.some(nil)` clears it.
public struct ProfilePatch: Sendable {
    public var email: String?
    public var username: String?
    public var firstName: String?
    public var lastName: String?
    public var gender: Gender??
    public var genderDescription: String??
    public var dateOfBirth: CivilDate??
    public var educationLevel: EducationLevel??
    public var phone: String??
    public var showEmail: Bool?
    public var showPhone: Bool?
    public var preferences: PreferencesPatch?

    public init() {}
}

public struct PreferencesPatch: Sendable {
    public var timeZone: String?
    public var weekStart: Preferences.Weekday?
    public var theme: Preferences.Theme?
    public var accentColor: String?
    public var defaultSort: TaskSort?
    public var quietHours: Preferences.QuietHours??
    public var inApp: Bool?
    public var email: Bool?
    public var webhook: Bool?
    public var gameOptIn: Bool?

    public init() {}
}

/// Who is calling, as proven by a credential.
public struct Identity: Sendable {
    public var account: Account
    public var credential: Credential

    public var canWrite: Bool { credential.scope == .readWrite }
}

/// A new credential together with the secret that is shown only this once.
public struct IssuedCredential: Sendable {
    public var credential: Credential
    public var secret: String
}
