public import DoableCore
public import Foundation
import PublicInit

/// SYNC-4: the body of `POST /api/v1/sync/pull`.
@PublicInit
public struct PullRequest: Codable, Sendable, Equatable {
    /// The device's client id (written lower-case).
    public var clientId: UUID
    /// What the last pull answered; nil for a first sync.
    public var cursor: String?
    /// Entities per page, 1 to 5,000; nil for the server's default.
    public var limit: Int?

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientId = try PushRequest.uuid(try container.decode(String.self, forKey: .clientId), decoder: decoder)
        cursor = try container.decodeIfPresent(String.self, forKey: .cursor)
        limit = try container.decodeIfPresent(Int.self, forKey: .limit)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientId.lowercasedString, forKey: .clientId)
        try container.encode(cursor, forKey: .cursor)
        try container.encodeIfPresent(limit, forKey: .limit)
    }

    enum CodingKeys: String, CodingKey { case clientId, cursor, limit }
}

/// SYNC-4: one page of what changed since the cursor, each entity once in its current state.
@PublicInit
public struct PullResponse: Codable, Sendable, Equatable {
    /// The cursor to send next time.
    public var cursor: String
    /// Whether to pull again at once with the new cursor.
    public var more: Bool = false
    /// Whether this page (and the ones after it, until `more` is false) is the whole state: the device empties its
    /// replica first, keeping its pending mutations.
    public var reset: Bool = false
    /// The last of this device's mutations the server has handled.
    public var lastMutationId: Int64
    public var serverTime: Timestamp
    /// Present when the caller's own profile or preferences changed.
    public var account: AccountDTO?
    public var lists: [ListDTO] = []
    public var tasks: [TaskDTO] = []
    public var labels: [LabelRecord] = []
    public var reminders: [ReminderDTO] = []
    /// What is gone for the caller: deleted for good, or no longer shared with it.
    public var deleted: [DeletedEntity] = []

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cursor = try container.decode(String.self, forKey: .cursor)
        more = try container.decodeIfPresent(Bool.self, forKey: .more) ?? false
        reset = try container.decodeIfPresent(Bool.self, forKey: .reset) ?? false
        lastMutationId = try container.decodeIfPresent(Int64.self, forKey: .lastMutationId) ?? 0
        serverTime = try container.decode(Timestamp.self, forKey: .serverTime)
        account = try container.decodeIfPresent(AccountDTO.self, forKey: .account)
        lists = try container.decodeIfPresent([ListDTO].self, forKey: .lists) ?? []
        tasks = try container.decodeIfPresent([TaskDTO].self, forKey: .tasks) ?? []
        labels = try container.decodeIfPresent([LabelRecord].self, forKey: .labels) ?? []
        reminders = try container.decodeIfPresent([ReminderDTO].self, forKey: .reminders) ?? []
        deleted = try container.decodeIfPresent([DeletedEntity].self, forKey: .deleted) ?? []
    }

    /// How many entities the page carries, deletions included.
    public var entityCount: Int {
        (account == nil ? 0 : 1) + lists.count + tasks.count + labels.count + reminders.count + deleted.count
    }
}

/// An entity that is gone for the caller: `entity` is `list`, `task`, `label` or `reminder`.
public struct DeletedEntity: Codable, Sendable, Equatable {
    public var entity: String
    public var id: String

    /// A deletion of the entity of kind `entity` with id `id`.
    public init(entity: String, id: String) {
        self.entity = entity
        self.id = id
    }
}
