/// NOTIF-2: an email address with an optional display name, checked so that it can go into an SMTP envelope and a
/// header as is. Only ASCII addresses: the client speaks 7-bit SMTP, without SMTPUTF8.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    public let address: String
    public let displayName: String?

    public init(_ address: String, displayName: String? = nil) throws(MailError) {
        guard let at = address.firstIndex(of: "@"), address.utf8.count <= 254 else {
            throw .invalidAddress(address, "it needs one @ and at most 254 characters")
        }
        let local = address.utf8[..<at]
        let domain = address.utf8[address.utf8.index(after: at)...]
        guard !local.isEmpty, local.count <= 64, local.allSatisfy(Self.isLocalPartByte),
            local.first != UInt8(ascii: "."), local.last != UInt8(ascii: "."),
            !address.contains("..")
        else {
            throw .invalidAddress(address, "the part before @ may hold letters, digits, dots and !#$%&'*+-/=?^_`{|}~")
        }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 1,
            labels.allSatisfy({ label in
                (1...63).contains(label.count) && label.allSatisfy(Self.isDomainByte)
                    && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
            })
        else {
            throw .invalidAddress(address, "the domain after @ must be a host name such as example.com")
        }
        self.address = address
        self.displayName = displayName.map(MailHeader.removingLineBreaks).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The part after the @.
    public var domain: Substring { address[address.index(after: address.firstIndex(of: "@")!)...] }

    /// `"Display Name" <address>`, or the bare address; for logs (headers use `MailHeader`).
    public var description: String {
        displayName.map { "\"\($0)\" <\(address)>" } ?? address
    }

    private static func isLocalPartByte(_ byte: UInt8) -> Bool {
        isDomainByte(byte) || byte == UInt8(ascii: ".") || "!#$%&'*+/=?^_`{|}~".utf8.contains(byte)
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

/// A message that cannot be written as RFC 5322 text.
public enum MailError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidAddress(String, String)
    case invalidHeaderName(String)
    case reservedHeader(String)
    case invalidMessageID(String)

    public var description: String {
        switch self {
        case let .invalidAddress(address, why): "Invalid email address \(address.debugDescription): \(why)."
        case let .invalidHeaderName(name): "Invalid mail header name '\(name)': use printable ASCII, no ':' or space."
        case let .reservedHeader(name): "The header \(name) is written by MailMessage itself and cannot be set."
        case let .invalidMessageID(id): "Invalid Message-ID '\(id)': use printable ASCII in the form local@domain."
        }
    }
}
