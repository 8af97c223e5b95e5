import DoableCore
public import Hummingbird

/// Issue 10, finding 2: no query parameter may be repeated more than `maximumRepeats` times, on any route; more is
/// a 400 naming the parameter. Routes that take several values of one filter (`GET /tasks?label=…`) bound the
/// comma-separated values the same way (`TaskQueryParser`).
public struct QueryParameterLimitMiddleware: RouterMiddleware {

    public init() {}
    public typealias Context = AppRequestContext
    public static let maximumRepeats = 100

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let query = request.uri.query, Self.mayExceed(query) {
            try Self.check(request.uri.queryParameters)
        }
        return try await next(request, context)
    }

    /// Whether the query string has enough parameters for one to be repeated too often; most requests skip the
    /// counting by this scan alone.
    static func mayExceed(_ query: String) -> Bool {
        var separators = 0
        for byte in query.utf8 where byte == UInt8(ascii: "&") {
            separators += 1
            if separators >= maximumRepeats { return true }
        }
        return false
    }

    static func check(_ parameters: Parameters) throws {
        var counts: [Substring: Int] = [:]
        for parameter in parameters {
            let count = counts[parameter.key, default: 0] + 1
            guard count <= maximumRepeats else {
                let name = String(parameter.key.prefix(64))
                throw DoableError.invalid(name, "'\(name)' may be given at most \(maximumRepeats) times.")
            }
            counts[parameter.key] = count
        }
    }
}
