import Foundation

/// A UUID that knows what it identifies, so a task id can never be passed where a list id is expected.
public struct EntityID<Entity>: Hashable, Sendable, TextCodable, Comparable {
    public let uuid: UUID

    public init(_ uuid: UUID) { self.uuid = uuid }

    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }

    /// A new time-ordered id (UUIDv7), so ids created later sort later.
    public static func make(at now: Timestamp = .now) -> Self { Self(UUID.makeVersion7(at: now)) }

    public var description: String { uuid.uuidString.lowercased() }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}

public typealias AccountID = EntityID<Account>
public typealias ListID = EntityID<TaskList>
public typealias TaskID = EntityID<TaskItem>
public typealias LabelID = EntityID<Label>
public typealias CredentialID = EntityID<Credential>

extension UUID {
    /// RFC 9562 version 7: 48 bits of Unix milliseconds, then random bits.
    public static func makeVersion7(at now: Timestamp = .now) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in 6..<16 { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        let millis = UInt64(max(0, now.milliseconds))
        for index in 0..<6 { bytes[index] = UInt8((millis >> UInt64(8 * (5 - index))) & 0xFF) }
        bytes[6] = (bytes[6] & 0x0F) | 0x70
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
