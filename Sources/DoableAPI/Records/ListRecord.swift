public import DoableCore
import PublicInit

/// A list as the REST API and sync pulls write it (`GET /api/v1/lists/{id}`).
///
/// Encoded, every stored key is written (an empty one as `null`). The API's computed `openTaskCount` is not
/// stored: it changes with every task, so a reader counts the list's open tasks in the replica.
@EncodesEveryField
public struct ListRecord: Codable, Sendable, Equatable {
    public var id: ListID
    public var name: String
    public var description: String
    /// A palette name (`blue`) or `#RRGGBB`.
    public var color: String
    /// One emoji, or nil.
    public var icon: String?
    /// Whether this is the account's Inbox (every account has exactly one; it cannot be deleted).
    public var isInbox: Bool
    public var isArchived: Bool
    /// COLLAB-1: the caller's role in the list (`owner`, `editor`, `viewer`).
    public var role: ListRole
    /// How many people share the list, the owner included.
    public var memberCount: Int
    public var ownerId: AccountID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set while the list is in the trash.
    public var deletedAt: Timestamp?
    /// Raised by every change on the server; 0 for a list made here and not yet pulled back.
    public var version: Int64

    /// Whether the list is in the trash.
    public var isDeleted: Bool { deletedAt != nil }

    /// A list with the given fields; the rest take the values a new list has.
    public init(
        id: ListID, name: String, description: String = "", color: String = "blue", icon: String? = nil,
        isInbox: Bool = false, isArchived: Bool = false, role: ListRole = .owner, memberCount: Int = 1,
        ownerId: AccountID, createdAt: Timestamp, updatedAt: Timestamp, deletedAt: Timestamp? = nil,
        version: Int64 = 1
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.color = color
        self.icon = icon
        self.isInbox = isInbox
        self.isArchived = isArchived
        self.role = role
        self.memberCount = memberCount
        self.ownerId = ownerId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ListID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        color = try container.decodeIfPresent(String.self, forKey: .color) ?? "blue"
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        isInbox = try container.decodeIfPresent(Bool.self, forKey: .isInbox) ?? false
        isArchived = try container.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false
        // A role word from a newer server reads as viewer, so the client never offers what the server might refuse.
        role = try container.decodeIfPresent(String.self, forKey: .role).map { ListRole(rawValue: $0) ?? .viewer } ?? .owner
        memberCount = try container.decodeIfPresent(Int.self, forKey: .memberCount) ?? 1
        ownerId = try container.decode(AccountID.self, forKey: .ownerId)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
        deletedAt = try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt)
        version = try container.decodeIfPresent(Int64.self, forKey: .version) ?? 0
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, color, icon, isInbox, isArchived, role, memberCount, ownerId, createdAt
        case updatedAt, deletedAt, version
    }
}
