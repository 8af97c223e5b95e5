public import Foundation

/// NOTIF-2: one email, written as a 7-bit RFC 5322 message: headers encoded by `MailHeader`, the text (and HTML,
/// as `multipart/alternative`) in quoted-printable UTF-8, CRLF line endings, no line over 78 characters except a
/// long word in an extra header.
public struct MailMessage: Sendable {
    public var from: MailAddress
    public var to: MailAddress
    public var subject: String
    public var textBody: String
    public var htmlBody: String?
    /// Extra headers such as `List-Unsubscribe`, written after the standard ones.
    public var headers: [(String, String)]
    /// Without angle brackets (`local@domain`); nil makes a random one at the sender's domain.
    public var messageID: String?
    public var date: Date

    public init(
        from: MailAddress, to: MailAddress, subject: String, textBody: String, htmlBody: String? = nil,
        headers: [(String, String)] = [], messageID: String? = nil, date: Date = Date()
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.textBody = textBody
        self.htmlBody = htmlBody
        self.headers = headers
        self.messageID = messageID
        self.date = date
    }

    /// The message as sent after SMTP `DATA` (before dot-stuffing), ending with CRLF.
    public func rendered() throws(MailError) -> [UInt8] {
        var text = "Date: \(Self.rfc5322Date(date))\r\n"
        text += MailHeader.address("From", from)
        text += MailHeader.address("To", to)
        text += MailHeader.text("Subject", subject)
        text += "Message-ID: <\(try validMessageID())>\r\n"
        text += "MIME-Version: 1.0\r\n"
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy({ (33...126).contains($0) && $0 != UInt8(ascii: ":") }) else {
                throw .invalidHeaderName(name)
            }
            guard !Self.reservedHeaders.contains(name.lowercased()) else { throw .reservedHeader(name) }
            text += MailHeader.text(name, value, keepsLongWords: true)
        }
        if let htmlBody {
            let boundary = "=_doable_" + UUID().uuidString.replacing("-", with: "")  // "=_" never occurs in QP
            text += "Content-Type: multipart/alternative;\r\n boundary=\"\(boundary)\"\r\n\r\n"
            text += "--\(boundary)\r\n" + Self.part("text/plain", textBody)
            text += "\r\n--\(boundary)\r\n" + Self.part("text/html", htmlBody)
            text += "\r\n--\(boundary)--\r\n"
        } else {
            text += Self.part("text/plain", textBody)
            if !text.hasSuffix("\r\n") { text += "\r\n" }
        }
        return Array(text.utf8)
    }

    private static let reservedHeaders: Set = [
        "date", "from", "to", "subject", "message-id", "mime-version", "content-type", "content-transfer-encoding",
    ]

    private static func part(_ type: String, _ body: String) -> String {
        "Content-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            + QuotedPrintable.encode(body)
    }

    private func validMessageID() throws(MailError) -> String {
        guard let messageID else {
            return "\(UUID().uuidString.lowercased())@\(from.domain)"
        }
        var id = Substring(messageID)
        if id.hasPrefix("<"), id.hasSuffix(">") { id = id.dropFirst().dropLast() }
        guard id.utf8.count < 900, id.filter({ $0 == "@" }).count == 1, id.first != "@", id.last != "@",
            id.utf8.allSatisfy({ (33...126).contains($0) && !"<>\"\\".utf8.contains($0) })
        else { throw .invalidMessageID(messageID) }
        return String(id)
    }

    /// `Tue, 02 Jan 2024 09:05:00 +0000`, in UTC.
    public static func rfc5322Date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) "
            + "\(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
