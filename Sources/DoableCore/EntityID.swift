public import Foundation

/// A UUID that knows what it identifies, so a task id can never be passed where a list id is expected.
public struct EntityID<Entity>: Hashable, Sendable, TextCodable, Comparable {
    public let uuid: UUID

    public init(_ uuid: UUID) { self.uuid = uuid }

    public init?(_ text: String) {
        guard let uuid = UUID.parse(text) else { return nil }
        self.uuid = uuid
    }

    /// Reads the text form from UTF-8 bytes, e.g. straight from a database row.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let uuid = UUID.parse(bytes: bytes) else { return nil }
        self.uuid = uuid
    }

    /// A new time-ordered id (UUIDv7), so ids created later sort later.
    public static func make(at now: Timestamp = .now) -> Self { Self(UUID.makeVersion7(at: now)) }

    public var description: String { uuid.lowercasedString }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}

public typealias AccountID = EntityID<Account>
public typealias ListID = EntityID<TaskList>
public typealias TaskID = EntityID<TaskItem>
public typealias LabelID = EntityID<Label>
public typealias CredentialID = EntityID<Credential>
public typealias AccountLinkID = EntityID<AccountLink>
public typealias InvitationID = EntityID<Invitation>
public typealias AuditEntryID = EntityID<AuditEntry>
public typealias CommentID = EntityID<TaskComment>
public typealias ActivityID = EntityID<TaskActivity>
public typealias NotificationID = EntityID<AppNotification>
public typealias ReminderID = EntityID<Reminder>
public typealias DeliveryID = EntityID<Delivery>
public typealias WebhookID = EntityID<Webhook>
public typealias PushSubscriptionID = EntityID<PushSubscription>
public typealias CompletionID = EntityID<TaskCompletion>
public typealias PostingID = EntityID<MarketPosting>
public typealias BidID = EntityID<Bid>
public typealias QuestionID = EntityID<MarketQuestion>
public typealias ReviewID = EntityID<MarketReview>
public typealias CategoryID = EntityID<MarketCategory>
public typealias AttachmentID = EntityID<Attachment>
public typealias StoreItemID = EntityID<StoreItem>
public typealias SubscriptionPlanID = EntityID<SubscriptionPlan>
public typealias LedgerEntryID = EntityID<LedgerEntry>

extension UUID {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The canonical lower-case text form, written without Foundation's formatter (ids are written a lot).
    public var lowercasedString: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    buffer[index] = UUID.hexDigits[Int(byte >> 4)]
                    buffer[index + 1] = UUID.hexDigits[Int(byte & 0x0F)]
                    index += 2
                }
                return 36
            }
        }
    }

    /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in either case.
    public static func parse(_ text: String) -> UUID? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable(parse(bytes:)) ?? Array(utf8).withUnsafeBufferPointer(parse(bytes:))
    }

    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        let ok = withUnsafeMutableBytes(of: &value) { output -> Bool in
            for position in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
                output[position] = high << 4 | low
                index += 2
            }
            return true
        }
        return ok ? UUID(uuid: value) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// RFC 9562 version 7: 48 bits of Unix milliseconds, then random bits.
    public static func makeVersion7(at now: Timestamp = .now) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        var generator = PooledRandomGenerator()
        let high = generator.next(), low = generator.next()
        for index in 6..<16 {
            let word = index < 8 ? high : low
            bytes[index] = UInt8(truncatingIfNeeded: word >> UInt64(8 * (index % 8)))
        }
        let millis = UInt64(max(0, now.milliseconds))
        for index in 0..<6 { bytes[index] = UInt8((millis >> UInt64(8 * (5 - index))) & 0xFF) }
        bytes[6] = (bytes[6] & 0x0F) | 0x70
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
