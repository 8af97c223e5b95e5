import Crypto
public import DoableCore
import Foundation

/// NOTIF-2 and NOTIF-3: what a link in an email may do without signing in: snooze or silence one reminder, and
/// stop emails of one kind. The link carries its account, kind, reminder and expiry, signed with the installation's
/// key (HMAC-SHA256), so it needs no row and cannot be altered.
public struct EmailLink: Sendable, Equatable {
    public var accountID: AccountID
    public var kind: AppNotification.Kind
    public var reminderID: ReminderID?
    public var expiresAt: Timestamp

    public static let lifetimeSeconds: Int64 = 30 * 86_400

    public func token(key: String) -> String {
        let payload = [
            accountID.description, kind.rawValue, reminderID?.description ?? "-",
            String(expiresAt.milliseconds / 1000),
        ].joined(separator: ".")
        let encoded = Data(payload.utf8).base64URLEncoded
        return encoded + "." + Self.signature(encoded, key: key)
    }

    /// The link a token names, or nil when it is malformed, altered or expired.
    public init?(token: String, key: String, now: Timestamp) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 400, parts.count == 2,
            constantTimeEquals(Array(parts[1].utf8), Array(Self.signature(String(parts[0]), key: key).utf8)),
            let data = Data(base64URLEncoded: String(parts[0]))
        else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: ".").map(String.init)
        guard fields.count == 4, let account = AccountID(fields[0]), let kind = AppNotification.Kind(rawValue: fields[1]),
            let seconds = Int64(fields[3])
        else { return nil }
        let expiry = Timestamp(milliseconds: seconds * 1000)
        guard expiry > now else { return nil }
        self.init(
            accountID: account, kind: kind, reminderID: fields[2] == "-" ? nil : ReminderID(fields[2]),
            expiresAt: expiry)
    }

    public init(accountID: AccountID, kind: AppNotification.Kind, reminderID: ReminderID?, expiresAt: Timestamp) {
        self.accountID = accountID
        self.kind = kind
        self.reminderID = reminderID
        self.expiresAt = expiresAt
    }

    static func signature(_ text: String, key: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: Data(key.utf8))).lowercaseHex
    }
}
