import HTTPTypes
public import Hummingbird

/// OPS-5: on the listener that speaks TLS itself (`--tls-cert`), marks every request as come over TLS (so cookies are
/// `Secure` and links say `https`) and has every answer, errors included, tell the browser to come back only over
/// HTTPS for a year. Never on a plain-HTTP listener: HSTS over HTTP is ignored at best.
public struct HTTPSMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    public static let strictTransportSecurity = "max-age=31536000"

    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        context.cameOverTLS = true
        var response = try await next(request, context)
        response.headers[.strictTransportSecurity] = Self.strictTransportSecurity
        return response
    }
}
