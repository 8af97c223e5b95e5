import HTTPTypes
public import Hummingbird

/// OPS-5 and issue 10, finding 10: puts the client's address into the context, through `X-Forwarded-For` when the
/// peer is a trusted proxy. Only the limiters read it; it is never logged (an address is personal data).
public struct ClientAddressMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let trustedProxies: TrustedProxies

    public init(trustedProxies: TrustedProxies) {
        self.trustedProxies = trustedProxies
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard !trustedProxies.networks.isEmpty else { return try await next(request, context) }
        var context = context
        context.forwardedClientAddress = trustedProxies.clientAddress(
            peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor])
        return try await next(request, context)
    }
}
