/// An address block in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`), or one address (`192.0.2.7`).
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    public let address: IPAddress
    /// Leading bits that must match, counted over the 16-byte form.
    public let prefixBits: Int

    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(parts[0]) else { return nil }
        let maximum = address.isIPv4 ? 32 : 128
        var bits = maximum
        if parts.count == 2 {
            guard (1...3).contains(parts[1].count), parts[1].allSatisfy(\.isASCIIDigit), let value = Int(parts[1]),
                value <= maximum
            else { return nil }
            bits = value
        }
        self.address = address
        self.prefixBits = address.isIPv4 ? bits + 96 : bits
    }

    public func contains(_ other: IPAddress) -> Bool {
        var remaining = prefixBits
        for index in 0..<16 where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            if address.bytes[index] & mask != other.bytes[index] & mask { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String {
        "\(address)/\(address.isIPv4 ? prefixBits - 96 : prefixBits)"
    }
}

extension IPNetwork {
    /// Reads command-line values of addresses or CIDR blocks (`--trusted-proxy`, `--allow-outgoing`), each value
    /// possibly a comma-separated list; spaces are ignored. Throws the first entry that is neither.
    public static func list(parsing values: [String]) throws(InvalidEntry) -> [IPNetwork] {
        var networks: [IPNetwork] = []
        for entry in values.flatMap({ $0.split(separator: ",") }) {
            let trimmed = String(entry.filter { $0 != " " })
            guard !trimmed.isEmpty else { continue }
            guard let network = IPNetwork(trimmed) else { throw InvalidEntry(entry: trimmed) }
            networks.append(network)
        }
        return networks
    }

    public struct InvalidEntry: Error, CustomStringConvertible {
        public let entry: String
        public var description: String { "'\(entry)' is not an IP address or a CIDR block." }
    }
}
