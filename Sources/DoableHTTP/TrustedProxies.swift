public import DoableCore

/// OPS-5 and issue 10, finding 10: who the client is when Doable runs behind reverse proxies. `X-Forwarded-For` is
/// believed only from a peer named by `--trusted-proxy`; anyone else could write any address into it.
public struct TrustedProxies: Sendable {
    public let networks: [IPNetwork]

    public init(_ networks: [IPNetwork] = []) { self.networks = networks }

    public typealias Invalid = IPNetwork.InvalidEntry

    /// Reads `--trusted-proxy` values: addresses or CIDR blocks, each value possibly a comma-separated list.
    /// Throws the first entry that is neither.
    public init(parsing values: [String]) throws(Invalid) {
        networks = try IPNetwork.list(parsing: values)
    }

    public func isTrusted(_ address: IPAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client's address: the peer's, unless the peer is a trusted proxy; then the nearest address in
    /// `X-Forwarded-For` (read from the right, each proxy appending the one it saw) that is not itself a trusted
    /// proxy. A malformed entry ends the walk at the last address known good, so garbage cannot pick an address.
    /// `forwardedFor` holds the header's field lines in order.
    public func clientAddress(peer: String, forwardedFor: [String]) -> String {
        guard let peerAddress = IPAddress(peer), isTrusted(peerAddress), !forwardedFor.isEmpty else { return peer }
        let hops = forwardedFor.flatMap { line in line.split(separator: ",") }
            .map { hop in String(hop.filter { $0 != " " && $0 != "\t" }) }
        var client = peerAddress
        for hop in hops.reversed() {
            guard let address = IPAddress(Self.stripPort(hop)) else { break }
            client = address
            if !isTrusted(address) { break }
        }
        return client.description
    }

    /// `192.0.2.1:4711` and `[2001:db8::1]:4711` name the address with the client's port; some proxies send that.
    static func stripPort(_ hop: String) -> Substring {
        if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") {
            return hop[hop.index(after: hop.startIndex)..<close]
        }
        if hop.filter({ $0 == ":" }).count == 1, let colon = hop.firstIndex(of: ":") {
            return hop[..<colon]
        }
        return Substring(hop)
    }
}
