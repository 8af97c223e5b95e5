public import DoableCore
import PublicInit

/// TASK-6: a label as the REST API and sync pulls write it (`GET /api/v1/labels/{id}`).
@PublicInit
@EncodesEveryField
public struct LabelRecord: Codable, Sendable, Equatable {
    public var id: LabelID
    public var name: String
    /// A palette name (`gray`) or `#RRGGBB`.
    public var color: String = "gray"
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Raised by every change on the server; 0 for a label made here and not yet pulled back.
    public var version: Int64 = 1

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(LabelID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        color = try container.decodeIfPresent(String.self, forKey: .color) ?? "gray"
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
        version = try container.decodeIfPresent(Int64.self, forKey: .version) ?? 0
    }

    enum CodingKeys: String, CodingKey {
        case id, name, color, createdAt, updatedAt, version
    }
}
