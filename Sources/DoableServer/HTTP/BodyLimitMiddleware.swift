import Hummingbird

/// Q-7 and issue 10, finding 11: a request that declares a body over the limit is answered 413 (and its
/// connection closed, see `ErrorMiddleware`) before anything reads it, whatever its route.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let declared = request.headers[.contentLength], let length = Int(declared), length > maxRequestBodyBytes {
            throw HTTPError(.contentTooLarge)
        }
        return try await next(request, context)
    }
}
