public import DoableCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a host name into its addresses. The system's resolver (getaddrinfo, on NIO's blocking-work pool) unless a
/// test puts names of its own in place, as a rebinding DNS server would.
public struct HostResolver: Sendable {
    public var resolve: @Sendable (String) async throws -> [IPAddress]

    public init(resolve: @escaping @Sendable (String) async throws -> [IPAddress]) {
        self.resolve = resolve
    }

    public struct NotFound: Error {}

    public static let system = HostResolver { host in
        try await NIOThreadPool.singleton.runIfActive { try addresses(of: host) }
    }

    static func addresses(of host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { throw NotFound() }
        defer { freeaddrinfo(list) }
        var found: [IPAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = list
        while let info = node?.pointee {
            node = info.ai_next
            guard let socketAddress = info.ai_addr else { continue }
            let address: IPAddress?
            switch info.ai_family {
            case AF_INET:
                address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    withUnsafeBytes(of: v4.pointee.sin_addr) { IPAddress(networkBytes: $0) }
                }
            case AF_INET6:
                address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    withUnsafeBytes(of: v6.pointee.sin6_addr) { IPAddress(networkBytes: $0) }
                }
            default:
                address = nil
            }
            if let address, !found.contains(address) { found.append(address) }
        }
        guard !found.isEmpty else { throw NotFound() }
        return found
    }
}
