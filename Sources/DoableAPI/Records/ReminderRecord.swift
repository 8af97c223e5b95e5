public import DoableCore
import PublicInit

/// NOTIF-1: one of the caller's reminders as the REST API and sync pulls write it (`GET /api/v1/reminders/{id}`):
/// `at` a moment, or `relativeTo` the task's `due` or `start` date with `offsetMinutes` (negative is before).
///
/// Encoded, every stored key is written (an empty one as `null`); the API's `firedFor` is not kept.
@PublicInit
@EncodesEveryField
public struct ReminderRecord: Codable, Sendable, Equatable {
    public var id: ReminderID
    public var taskId: TaskID
    public var at: Timestamp?
    /// `due` or `start`.
    public var relativeTo: Reminder.Anchor?
    public var offsetMinutes: Int?
    /// When it fires next, as the server last computed it; nil when it will not (or before the server has seen it).
    public var nextAt: Timestamp?
    public var snoozedUntil: Timestamp?
    public var silenced: Bool = false
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Raised by every change on the server; 0 for a reminder made here and not yet pulled back.
    public var version: Int64 = 1

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ReminderID.self, forKey: .id)
        taskId = try container.decode(TaskID.self, forKey: .taskId)
        at = try container.decodeIfPresent(Timestamp.self, forKey: .at)
        relativeTo = try container.decodeIfPresent(String.self, forKey: .relativeTo).flatMap(Reminder.Anchor.init(rawValue:))
        offsetMinutes = try container.decodeIfPresent(Int.self, forKey: .offsetMinutes)
        nextAt = try container.decodeIfPresent(Timestamp.self, forKey: .nextAt)
        snoozedUntil = try container.decodeIfPresent(Timestamp.self, forKey: .snoozedUntil)
        silenced = try container.decodeIfPresent(Bool.self, forKey: .silenced) ?? false
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
        version = try container.decodeIfPresent(Int64.self, forKey: .version) ?? 0
    }

    enum CodingKeys: String, CodingKey {
        case id, taskId, at, relativeTo, offsetMinutes, nextAt, snoozedUntil, silenced, createdAt, updatedAt
        case version
    }
}
