/// An IPv4 or IPv6 address as its 16 bytes (IPv4 as the IPv4-mapped IPv6 address `::ffff:a.b.c.d`), so that a
/// peer reached over either family compares with the proxies named in `--trusted-proxy`.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public var isIPv4: Bool { bytes.prefix(12).elementsEqual(Self.mappedPrefix) }

    static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]

    init(bytes: [UInt8]) {
        precondition(bytes.count == 16)
        self.bytes = bytes
    }

    /// An address from its network bytes: 4 for IPv4, 16 for IPv6 (as a socket address holds them).
    public init?(networkBytes: some Collection<UInt8>) {
        switch networkBytes.count {
        case 4: bytes = Self.mappedPrefix + networkBytes
        case 16: bytes = Array(networkBytes)
        default: return nil
        }
    }

    /// Parses dotted IPv4 (`192.0.2.1`) or IPv6 text (`2001:db8::1`, `::ffff:192.0.2.1`); a zone (`%eth0`) and
    /// brackets are ignored. Nil for anything else, hostnames included.
    public init?(_ text: some StringProtocol) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        if let v4 = Self.parseIPv4(text) {
            bytes = Self.mappedPrefix + v4
        } else if let v6 = Self.parseIPv6(text) {
            bytes = v6
        } else {
            return nil
        }
    }

    public var description: String {
        if isIPv4 { return bytes.suffix(4).map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":")
    }

    static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit),
                part.count == 1 || part.first != "0",  // no octal-looking leading zeros
                let value = UInt8(part)
            else { return nil }
            result.append(value)
        }
        return result
    }

    static func parseIPv6(_ text: Substring) -> [UInt8]? {
        guard text.contains(":"), text.count <= 45 else { return nil }
        var halves = [text]
        if let gap = text.firstRange(of: "::") {
            halves = [text[..<gap.lowerBound], text[gap.upperBound...]]
            guard halves[1].firstRange(of: "::") == nil else { return nil }
        }
        func groups(_ part: Substring, allowIPv4Tail: Bool) -> [UInt8]? {
            if part.isEmpty { return [] }
            var result: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowIPv4Tail, index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = parseIPv4(piece) else { return nil }
                    result += v4
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result += [UInt8(value >> 8), UInt8(value & 0xFF)]
                }
            }
            return result
        }
        if halves.count == 1 {
            guard let all = groups(halves[0], allowIPv4Tail: true), all.count == 16 else { return nil }
            return all
        }
        guard let head = groups(halves[0], allowIPv4Tail: false),
            let tail = groups(halves[1], allowIPv4Tail: true),
            head.count + tail.count <= 14
        else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
