public import DoableCore
import PublicInit

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
    /// REACH-3.
    public var push: Bool?
    /// NOTIF-2: channels chosen per kind of notification; a field left nil keeps what the kind has now.
    public var byKind: [AppNotification.Kind: ChannelsPatch] = [:]
    public var gameOptIn: Bool?
    /// INTEROP-1: whether the account's password signs CalDAV apps in (app passwords always do).
    public var calDAVAccountPassword: Bool?

    public init() {}

    /// The kinds a member chooses channels for; `reminderMissed` (a note that reminders were dropped while the server
    /// was down) is in-app only.
    public static let kindsWithChannels: [AppNotification.Kind] = [
        .reminder, .taskAssigned, .listShared, .comment,
        .bidPlaced, .bidAccepted, .bidDeclined, .marketQuestion, .marketAnswer, .marketTaskDone, .marketReview,
        .badgeEarned, .streakAtRisk,
    ]
}

/// NOTIF-2: a change to one kind's channels; nil leaves a channel as it is.
public struct ChannelsPatch: Sendable, Equatable {
    public var inApp: Bool?
    public var email: Bool?
    public var webhook: Bool?
    /// REACH-3.
    public var push: Bool?

    public init(inApp: Bool? = nil, email: Bool? = nil, webhook: Bool? = nil, push: Bool? = nil) {
        self.inApp = inApp
        self.email = email
        self.webhook = webhook
        self.push = push
    }
}

/// Who is calling, as proven by a credential.
public struct Identity: Sendable {
    public var account: Account
    public var credential: Credential

    public init(account: Account, credential: Credential) {
        self.account = account
        self.credential = credential
    }

    public var canWrite: Bool { credential.scope == .readWrite }
}

/// A new credential together with the secret that is shown only this once.
@PublicInit
public struct IssuedCredential: Sendable {
    public var credential: Credential
    public var secret: String
}
