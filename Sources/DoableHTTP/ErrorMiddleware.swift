public import DoableCore
import Foundation
public import Hummingbird
import Logging
import NIOCore

/// Turns every error into the one JSON error shape (INTEROP-3) with the right status. An error nobody
/// anticipated is logged with its detail and answered 500 without leaking it. A body that cannot be framed (a bad
/// chunk) or is over the limit is answered with `Connection: close`: the rest of it is not worth reading.
public struct ErrorMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    /// Paths answered in another protocol's own error terms (CalDAV's XML errors): the first that claims a path
    /// answers every error there.
    var dialects: [ErrorDialect] = []
    /// A path that matches no route gets this page when it gives one (the web app's friendly 404).
    var notFoundPage: (@Sendable (Request) -> Response?)?
    /// A body over the limit gets this answer when it gives one (the web app's page for a form of photos too large).
    var tooLargePage: (@Sendable (Request) -> Response?)?

    public init(
        dialects: [ErrorDialect] = [], notFoundPage: (@Sendable (Request) -> Response?)? = nil,
        tooLargePage: (@Sendable (Request) -> Response?)? = nil
    ) {
        self.dialects = dialects
        self.notFoundPage = notFoundPage
        self.tooLargePage = tooLargePage
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let dialect = dialects.first(where: { $0.claims(request.uri.path) }) {
            return try await answering(in: dialect, request, context, next)
        }
        do {
            return try await next(request, context)
        } catch let error as DoableError {
            return Self.response(for: error)
        } catch let error as HTTPError {
            if error.status == .notFound, let page = notFoundPage?(request) { return page }
            if error.status == .contentTooLarge, let page = tooLargePage?(request) { return Self.closing(page) }
            return Self.response(for: error)
        } catch is NIOTooManyBytesError {
            if let page = tooLargePage?(request) { return Self.closing(page) }
            return Self.response(
                for: HTTPError(
                    .contentTooLarge,
                    message: RequestBodyLimit.message(forPath: request.uri.path)))
        } catch let error as StoreError where StoreProblem(error) != nil {
            // The request itself was well-formed (a malformed one is a 4xx before any query runs): the database
            // cannot take it right now (too slow, or its storage is full), in the one error shape, never a hang.
            let problem = StoreProblem(error)!.counted()
            return Self.response(
                status: problem.status, code: problem.code, message: problem.message, field: nil,
                headers: problem.headers)
        } catch {
            if let malformed = MalformedRequest(error) {
                return Self.response(
                    status: malformed.status, code: malformed.code, message: malformed.message,
                    field: nil, headers: [.connection: "close"])
            }
            context.logger.error("Unhandled error", metadata: ["doable.error": "\(String(reflecting: error))"])
            return Self.response(
                status: .internalServerError, code: "internal_error",
                message: "Something went wrong on the server.", field: nil)
        }
    }

    private func answering(
        in dialect: ErrorDialect, _ request: Request, _ context: Context,
        _ next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if let answer = dialect.answer(error) { return answer }
            context.logger.error("Unhandled error", metadata: ["doable.error": "\(String(reflecting: error))"])
            return dialect.internalError
        }
    }

    /// The rest of a body over the limit is not read: the connection closes after the answer.
    static func closing(_ response: Response) -> Response {
        var response = response
        response.headers[.connection] = "close"
        return response
    }

    /// The error's status and headers; its code, field and message are `DoableError`'s own (sync reports rejected
    /// mutations with the same three).
    public static func response(for error: DoableError) -> Response {
        let (status, headers): (HTTPResponse.Status, HTTPFields) =
            switch error {
            case .invalid: (.badRequest, [:])
            case .conflict: (.conflict, [:])
            case .notFound: (.notFound, [:])
            case .unauthenticated, .challenge: (.unauthorized, [.wwwAuthenticate: "Bearer"])
            case .forbidden, .refused: (.forbidden, [:])
            case .rateLimited(let retryAfter, _): (.tooManyRequests, [.retryAfter: String(retryAfter)])
            }
        return response(status: status, code: error.code, message: error.message, field: error.field, headers: headers)
    }

    public static func response(for error: HTTPError) -> Response {
        switch error.status {
        case .contentTooLarge:
            response(
                status: .contentTooLarge, code: "payload_too_large",
                message: error.body ?? "The request body must be at most 1 MiB.", field: nil,
                headers: [.connection: "close"])
        case .notFound:
            response(status: .notFound, code: "not_found", message: "No such resource.", field: nil)
        case .unsupportedMediaType:
            response(
                status: .unsupportedMediaType, code: "unsupported_media_type",
                message: error.body ?? "Unsupported Content-Type.", field: nil)
        default:
            response(
                status: error.status, code: "http_\(error.status.code)",
                message: error.body ?? error.status.reasonPhrase, field: nil)
        }
    }

    public static func response(
        status: HTTPResponse.Status, code: String, message: String, field: String?, headers: HTTPFields = [:]
    ) -> Response {
        let body = ErrorBody(error: .init(code: code, message: message, field: field))
        var response = JSONResponse.make(body, status: status)
        for header in headers { response.headers.append(header) }
        return response
    }

    struct ErrorBody: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            let field: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(code, forKey: .code)
                try container.encode(message, forKey: .message)
                try container.encode(field, forKey: .field)
            }

            enum CodingKeys: String, CodingKey { case code, message, field }
        }
        let error: Detail
    }
}
