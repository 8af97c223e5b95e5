public import Hummingbird
import Logging
import NIOCore

/// One structured log line per request: method, path without the query, status and duration. The request id
/// and the account id ride in the logger's metadata; nothing personal (no query strings, bodies or emails).
public struct RequestLogMiddleware: RouterMiddleware {

    public init() {}
    public typealias Context = AppRequestContext

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        context.logger.info(
            "request",
            metadata: [
                "http.method": "\(request.method)",
                "http.path": "\(context.endpointPath ?? "unmatched")",
                "http.status": "\(response.status.code)",
                "http.duration_us": "\(micros)",
            ])
        return response
    }
}
