public import DoableCore
import PublicInit

extension Domain {
    /// Where webhooks may point: not at this server itself (it would call itself), and only where the outgoing
    /// policy allows (OPS-7). The policy is applied again to the address actually connected to when a call is
    /// made; this first look turns away what is plainly refused (numbers in any form, `localhost`) when the
    /// webhook is made.
    @PublicInit
    public struct WebhookPolicy: Sendable {
        public var ownHosts: Set<String>
        public var ownPort: Int
        public var outgoing: OutgoingPolicy = OutgoingPolicy()

        func pointsAtSelf(host: String, port: Int) -> Bool {
            guard port == ownPort else { return false }
            let host = host.lowercased()
            if ownHosts.contains(host) || host == "localhost" || host.hasSuffix(".localhost") { return true }
            guard let address = IPAddress(hostLiteral: host) else { return false }
            let loopback = IPNetwork("127.0.0.0/8")!
            return loopback.contains(address) || address == IPAddress("::1") || address == IPAddress("0.0.0.0")
                || address == IPAddress("::") || ownHosts.contains(address.description)
        }
    }
}
