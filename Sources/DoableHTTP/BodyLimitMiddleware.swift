public import Hummingbird

/// Q-7 and issue 10, finding 11: a request that declares a body over the limit is answered 413 (and its
/// connection closed, see `ErrorMiddleware`) before anything reads it, whatever its route (`RequestBodyLimit`
/// says how much each route takes).
public struct BodyLimitMiddleware: RouterMiddleware {

    public init() {}
    public typealias Context = AppRequestContext

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let declared = request.headers[.contentLength], let length = Int(declared),
            length > RequestBodyLimit.bytes(forPath: request.uri.path)
        {
            throw HTTPError(.contentTooLarge, message: RequestBodyLimit.message(forPath: request.uri.path))
        }
        return try await next(request, context)
    }
}
