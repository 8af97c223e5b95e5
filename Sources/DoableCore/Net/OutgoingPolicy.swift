import PublicInit

/// OPS-7 and issue 27, finding 2: the addresses the server may call on a member's behalf (webhooks, and any other
/// URL a member supplies). Everything public is allowed; loopback, private, link-local, unique-local, multicast,
/// unspecified and reserved addresses are refused, IPv4 carried inside IPv6 judged as the IPv4 address it carries,
/// unless an admin allows a range (`doable serve --allow-outgoing CIDR`).
@PublicInit
public struct OutgoingPolicy: Sendable, Equatable {
    /// Ranges an admin allowed for trusted internal receivers; they win over every refusal.
    public var allowed: [IPNetwork] = []

    public typealias InvalidRange = IPNetwork.InvalidEntry

    /// Reads `--allow-outgoing` values: CIDR blocks or addresses, each value possibly a comma-separated list.
    public init(parsing values: [String]) throws(InvalidRange) {
        allowed = try IPNetwork.list(parsing: values)
    }

    /// Why `address` may not be called ("a loopback address"), or nil when it may.
    public func refusal(of address: IPAddress) -> String? {
        if allowed.contains(where: { $0.contains(address) }) { return nil }
        if let reason = Self.refusedRanges.first(where: { $0.network.contains(address) })?.reason { return reason }
        if let carried = address.embeddedIPv4 {
            if allowed.contains(where: { $0.contains(carried) }) { return nil }
            return Self.refusedRanges.first(where: { $0.network.contains(carried) })?.reason
        }
        return nil
    }

    /// Why a URL's host may not be called before any lookup: a name that always means this machine, or a
    /// numeric host (in any form the resolver reads) that is refused. Nil for any other host name; its addresses
    /// are judged when it is called.
    public func refusal(ofHost host: String) -> String? {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if let address = IPAddress(hostLiteral: name) { return refusal(of: address) }
        while name.hasSuffix(".") { name.removeLast() }
        let loopbackNames = ["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"]
        if loopbackNames.contains(name) || name.hasSuffix(".localhost") {
            return allowed.contains(where: { $0.contains(IPAddress("127.0.0.1")!) }) ? nil : "a loopback address"
        }
        return nil
    }

    /// The ranges no member-supplied URL may reach (IANA's special-purpose registries, minus the globally
    /// reachable entries), with the reason a delivery record gives.
    static let refusedRanges: [(network: IPNetwork, reason: String)] = [
        ("0.0.0.0/8", "an unspecified address"),
        ("10.0.0.0/8", "a private network address"),
        ("100.64.0.0/10", "a private network address"),
        ("127.0.0.0/8", "a loopback address"),
        ("169.254.0.0/16", "a link-local address"),
        ("172.16.0.0/12", "a private network address"),
        ("192.0.0.0/24", "a reserved address"),
        ("192.0.2.0/24", "a reserved address"),
        ("192.88.99.0/24", "a reserved address"),
        ("192.168.0.0/16", "a private network address"),
        ("198.18.0.0/15", "a reserved address"),
        ("198.51.100.0/24", "a reserved address"),
        ("203.0.113.0/24", "a reserved address"),
        ("224.0.0.0/4", "a multicast address"),
        ("240.0.0.0/4", "a reserved address"),
        ("::/128", "an unspecified address"),
        ("::1/128", "a loopback address"),
        ("64:ff9b:1::/48", "a private network address"),
        ("100::/64", "a reserved address"),
        ("2001::/32", "a reserved address"),
        ("2001:db8::/32", "a reserved address"),
        ("fc00::/7", "a unique-local address"),
        ("fe80::/10", "a link-local address"),
        ("fec0::/10", "a link-local address"),
        ("ff00::/8", "a multicast address"),
    ].map { (IPNetwork($0.0)!, $0.1) }
}
