import DoableCore
import DoableDomain
import Hummingbird
import Logging
import NIOCore

/// The context of every Doable request: the caller's identity once a credential was checked, and their address.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: Identity?
    public let remoteAddress: SocketAddress?

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
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

    var addressKey: String {
        switch remoteAddress {
        case .v4(let address)?: address.host
        case .v6(let address)?: address.host
        default: "local"
        }
    }
}
