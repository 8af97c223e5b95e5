import DoableCore
public import DoableDomain
public import Hummingbird
import Logging
public import NIOCore

/// The context of every Doable request: the caller's identity once a credential was checked, and their address.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: Identity?
    public let remoteAddress: SocketAddress?
    /// The client's address as `ClientAddressMiddleware` found it (through trusted proxies); the peer's before.
    public var forwardedClientAddress: String?
    /// The web app's per-request state: the CSRF token, the posted form, the flash message (issue 11).
    var web = WebRequestState()

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
        self.forwardedClientAddress = nil
    }

    /// The signed-in caller; routes behind `AuthMiddleware` always have one.
    func requireIdentity() throws -> Identity {
        guard let identity else { throw DoableError.unauthenticated("Sign in first.") }
        return identity
    }

    /// The caller, who must hold a read-write credential.
    func requireWriter() throws -> Identity {
        let identity = try requireIdentity()
        guard identity.canWrite else { throw DoableError.forbidden("This token may only read.") }
        return identity
    }

    /// The client's address: the peer's own, or the one a trusted proxy forwarded.
    var clientAddress: String { forwardedClientAddress ?? peerAddress }

    /// The address of the socket's other end.
    var peerAddress: String {
        switch remoteAddress {
        case .v4(let address)?: address.host
        case .v6(let address)?: address.host
        default: "local"
        }
    }
}
