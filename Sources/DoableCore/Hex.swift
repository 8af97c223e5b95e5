extension Sequence<UInt8> {
    /// The bytes as lower-case hex digits, written by table (per-byte `String(format:)` cost 8% of the server's CPU
    /// while it signed webhook calls).
    public var lowercaseHex: String {
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)
