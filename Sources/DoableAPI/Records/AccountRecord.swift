public import DoableCore
import Foundation
import PublicInit

/// The signed-in member's own account, as `GET /api/v1/me` and sync pulls write it.
///
/// Encoded, every stored key is written. The profile fields the client does not use (`phone`, `isAdmin`, …) are not
/// kept.
@PublicInit
@EncodesEveryField
public struct AccountRecord: Codable, Sendable, Equatable {
    public var id: AccountID
    public var email: String
    public var username: String
    public var firstName: String = ""
    public var lastName: String = ""
    /// The account's Inbox: where a task made without a list goes.
    public var inboxId: ListID
    public var preferences: AccountPreferences = AccountPreferences()
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(AccountID.self, forKey: .id)
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        username = try container.decode(String.self, forKey: .username)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName) ?? ""
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName) ?? ""
        inboxId = try container.decode(ListID.self, forKey: .inboxId)
        preferences =
            try container.decodeIfPresent(AccountPreferences.self, forKey: .preferences)
            ?? AccountPreferences()
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, email, username, firstName, lastName, inboxId, preferences, createdAt, updatedAt
    }
}

/// ACC-7: the account's preferences. The time zone (which drives due dates) is read; every other member is kept as
/// it came, so nothing is lost when the record is stored and read back.
public struct AccountPreferences: Codable, Sendable, Equatable {
    /// An IANA time zone name (`Europe/Berlin`), or nil when the server did not say.
    public var timeZone: String?
    /// Every member of the preferences object, `timeZone` included.
    public var values: [String: JSONValue]

    /// Preferences with the given time zone.
    public init(timeZone: String? = nil) {
        self.timeZone = timeZone
        values = timeZone.map { ["timeZone": .string($0)] } ?? [:]
    }

    /// The server's typed preferences, every member kept.
    public init(_ preferences: Preferences) {
        let data = (try? JSONEncoder().encode(preferences)) ?? Data()
        self = (try? JSONDecoder().decode(AccountPreferences.self, from: data)) ?? AccountPreferences(timeZone: preferences.timeZone)
    }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: JSONValue].self)
        timeZone = values["timeZone"]?.stringValue
    }

    public func encode(to encoder: any Encoder) throws {
        var all = values
        all["timeZone"] = timeZone.map(JSONValue.string)
        var container = encoder.singleValueContainer()
        try container.encode(all)
    }
}
