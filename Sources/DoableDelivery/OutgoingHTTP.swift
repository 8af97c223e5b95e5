public import AsyncHTTPClient
public import DoableCore
import Foundation
public import NIOCore
import Synchronization

/// OPS-7 and issue 27, finding 2: every HTTP call to a URL a member supplied. The host is resolved here, each
/// address judged by the outgoing policy, and the call made to the address that was judged, never to a second
/// lookup's answer (a DNS server that answers public first and loopback next gains nothing). Redirects are not
/// followed. Failures come back in words that tell the member what happened without mapping the network behind
/// the server: refused, could not connect, timed out.
public final class OutgoingHTTP: Sendable {
    let policy: OutgoingPolicy
    let resolver: HostResolver
    let configuration: HTTPClient.Configuration
    private let clients = Mutex(ClientCache())

    /// Clients kept at once: one per host and the address it resolved to, so calls to one receiver share
    /// connections; the least recently used idle one goes first.
    static let maximumClients = 64

    /// `configuration`'s redirect setting is replaced: redirects are never followed.
    public init(policy: OutgoingPolicy, resolver: HostResolver = .system, configuration: HTTPClient.Configuration) {
        self.policy = policy
        self.resolver = resolver
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        self.configuration = configuration
    }

    public enum Failure: Error, Equatable {
        /// Not called: the address is one the policy refuses (the reason says which kind).
        case refused(String)
        case couldNotConnect
        case timedOut
    }

    /// Calls `request` and hands its response to `read` while the connection is still held.
    public func execute<Result: Sendable>(
        _ request: HTTPClientRequest, timeout: TimeAmount,
        read: (HTTPClientResponse) async throws -> Result
    ) async throws(Failure) -> Result {
        let target = try await connectionTarget(of: request.url)
        let (key, client) = lease(target)
        defer { release(key) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: timeout)
        } catch {
            throw Self.failure(error)
        }
        do {
            return try await read(response)
        } catch {
            throw Self.failure(error)
        }
    }

    /// The host as the client reads it from the URL, and the one address it may connect to.
    struct Target {
        var host: String
        var address: IPAddress
        /// The host is the address itself: the client connects to it without a lookup.
        var isLiteral: Bool
    }

    func connectionTarget(of text: String) async throws(Failure) -> Target {
        guard let url = URL(string: text), var host = url.host, !host.isEmpty else { throw .couldNotConnect }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        // What the HTTP client itself would take for an address (inet_pton's forms) it connects to unresolved.
        if let socketAddress = try? SocketAddress(ipAddress: host, port: 0), let text = socketAddress.ipAddress,
            let address = IPAddress(text)
        {
            if let reason = policy.refusal(of: address) { throw .refused(reason) }
            return Target(host: host, address: address, isLiteral: true)
        }
        let found: [IPAddress]
        do {
            found = try await resolver.resolve(host)
        } catch {
            throw .couldNotConnect
        }
        let permitted = found.filter { policy.refusal(of: $0) == nil }
        guard let address = permitted.first(where: \.isIPv4) ?? permitted.first else {
            throw .refused(found.first.flatMap(policy.refusal(of:)) ?? "not allowed")
        }
        return Target(host: host, address: address, isLiteral: false)
    }

    private func lease(_ target: Target) -> (String, HTTPClient) {
        let key = target.isLiteral ? "" : "\(target.host)\n\(target.address)"
        var evicted: HTTPClient?
        let client = clients.withLock { cache in
            cache.clock += 1
            if var entry = cache.entries[key] {
                entry.inUse += 1
                entry.lastUsed = cache.clock
                cache.entries[key] = entry
                return entry.client
            }
            var configuration = configuration
            if !target.isLiteral { configuration.dnsOverride = [target.host: target.address.description] }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            cache.entries[key] = ClientCache.Entry(client: client, inUse: 1, lastUsed: cache.clock)
            if cache.entries.count > Self.maximumClients,
                let idle = cache.entries.filter({ $0.value.inUse == 0 }).min(by: { $0.value.lastUsed < $1.value.lastUsed })
            {
                evicted = cache.entries.removeValue(forKey: idle.key)?.client
            }
            return client
        }
        if let evicted { Task { try? await evicted.shutdown() } }
        return (key, client)
    }

    private func release(_ key: String) {
        clients.withLock { cache in cache.entries[key]?.inUse -= 1 }
    }

    public func shutdown() async {
        let all = clients.withLock { cache in
            defer { cache.entries.removeAll() }
            return cache.entries.values.map(\.client)
        }
        for client in all { try? await client.shutdown() }
    }

    static func failure(_ error: any Error) -> Failure {
        if let error = error as? Failure { return error }
        if let error = error as? HTTPClientError,
            [.connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded].contains(error)
        {
            return .timedOut
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return .timedOut }
        return .couldNotConnect
    }
}

struct ClientCache {
    struct Entry {
        var client: HTTPClient
        var inUse: Int
        var lastUsed: UInt64
    }

    var entries: [String: Entry] = [:]
    var clock: UInt64 = 0
}
