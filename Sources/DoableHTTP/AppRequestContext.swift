import DoableCore
public import DoableDomain
public import Hummingbird
import Logging
public import NIOCore

/// The context of every Doable request: the caller's identity once a credential was checked, and their address.
/// The web app's pages run in a child of it that adds the page's own state (`WebRequestContext`).
public struct AppRequestContext: IdentifiedRequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: Identity?
    public let remoteAddress: SocketAddress?
    /// The client's address as `ClientAddressMiddleware` found it (through trusted proxies); the peer's before.
    public var forwardedClientAddress: String?
    /// The connection speaks TLS to Doable itself (`HTTPSMiddleware`), not through a proxy.
    public var cameOverTLS = false

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
        self.forwardedClientAddress = nil
    }
}

/// A request context that knows who is calling and from where: the API's and the web app's alike.
public protocol IdentifiedRequestContext: RequestContext {
    /// The caller, once a credential or session was checked.
    var identity: Identity? { get set }
    /// The address of the socket's other end.
    var remoteAddress: SocketAddress? { get }
    /// The client's address as `ClientAddressMiddleware` found it (through trusted proxies); the peer's before.
    var forwardedClientAddress: String? { get }
    /// The connection speaks TLS to Doable itself (OPS-5, `--tls-cert`); a proxy's TLS is its `X-Forwarded-Proto`.
    var cameOverTLS: Bool { get }
}

extension IdentifiedRequestContext {
    /// The signed-in caller; routes behind `AuthMiddleware` always have one.
    public func requireIdentity() throws -> Identity {
        guard let identity else { throw DoableError.unauthenticated("Sign in first.") }
        return identity
    }

    /// The caller, who must hold a read-write credential.
    public func requireWriter() throws -> Identity {
        let identity = try requireIdentity()
        guard identity.canWrite else { throw DoableError.forbidden("This token may only read.") }
        return identity
    }

    /// The client's address: the peer's own, or the one a trusted proxy forwarded.
    public var clientAddress: String { forwardedClientAddress ?? peerAddress }

    /// The address of the socket's other end.
    public var peerAddress: String {
        switch remoteAddress {
        case .v4(let address)?: address.host
        case .v6(let address)?: address.host
        default: "local"
        }
    }
}
