extension IPAddress {
    /// The address a URL's host names without any lookup, read as the C resolver reads it: besides the dotted
    /// quad and IPv6, the forms `inet_aton` accepts (`2130706433`, `0x7f000001`, `0177.0.0.1`, `127.1`, `0`),
    /// each part decimal, octal after a leading 0 or hexadecimal after 0x, the last part filling the bytes left.
    /// Nil for a host name.
    public init?(hostLiteral text: some StringProtocol) {
        if let address = IPAddress(text) {
            self = address
            return
        }
        var text = Substring(text)
        if text.hasSuffix(".") { text = text.dropLast() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = Self.inetAtonPart(part) else { return nil }
            values.append(value)
        }
        let leading = values.dropLast()
        guard leading.allSatisfy({ $0 <= 0xFF }) else { return nil }
        let lastBytes = 4 - leading.count
        guard values.last! < (UInt64(1) << (8 * UInt64(lastBytes))) else { return nil }
        var v4 = leading.map { UInt8($0) }
        for shift in stride(from: lastBytes - 1, through: 0, by: -1) {
            v4.append(UInt8((values.last! >> (8 * UInt64(shift))) & 0xFF))
        }
        self.init(bytes: Self.mappedPrefix + v4)
    }

    /// One part of an `inet_aton` address: `0x1f`, `017`, `42`.
    private static func inetAtonPart(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 12 else { return nil }
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if lower.count > 1, lower.hasPrefix("0") {
            return UInt64(lower.dropFirst(), radix: 8)
        }
        guard lower.allSatisfy(\.isASCIIDigit) else { return nil }
        return UInt64(lower)
    }

    /// The IPv4 address inside an IPv6 one that carries it to an IPv4 host (NAT64's `64:ff9b::/96`, 6to4's
    /// `2002::/16`, the deprecated IPv4-compatible `::a.b.c.d`); nil for any other address.
    public var embeddedIPv4: IPAddress? {
        guard !isIPv4 else { return nil }
        if bytes.prefix(12).elementsEqual([0x00, 0x64, 0xFF, 0x9B] + Array(repeating: 0, count: 8)) {
            return IPAddress(bytes: Self.mappedPrefix + bytes.suffix(4))
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 {
            return IPAddress(bytes: Self.mappedPrefix + bytes[2..<6])
        }
        if bytes.prefix(12).allSatisfy({ $0 == 0 }), bytes[12...].contains(where: { $0 != 0 }) {
            return IPAddress(bytes: Self.mappedPrefix + bytes.suffix(4))
        }
        return nil
    }
}
