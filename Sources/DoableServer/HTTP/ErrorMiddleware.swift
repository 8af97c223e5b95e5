import DoableCore
import Foundation
import Hummingbird
import Logging
import NIOCore

/// Turns every error into the one JSON error shape (INTEROP-3) with the right status. An error nobody
/// anticipated is logged with its detail and answered 500 without leaking it. A body that cannot be framed (a bad
/// chunk) or is over the limit is answered with `Connection: close`: the rest of it is not worth reading.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// When set, a path outside the API that matches no route gets the web app's friendly 404 page.
    var webAssets: WebAssets?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if DAVFailure.isDAVPath(request.uri.path) { return try await answeringInDAVTerms(request, context, next) }
        do {
            return try await next(request, context)
        } catch let error as DoableError {
            return Self.response(for: error)
        } catch let error as HTTPError {
            if error.status == .notFound, let webAssets, Self.isWebPath(request.uri.path) {
                return WebPages.standaloneNotFound(assets: webAssets)
            }
            return Self.response(for: error)
        } catch is NIOTooManyBytesError {
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

    /// INTEROP-1: a CalDAV client reads RFC 4791/4918 error bodies, not the API's JSON (`DAVFailure`).
    private func answeringInDAVTerms(
        _ request: Request, _ context: Context, _ next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if let failure = DAVFailure(error) { return failure.response }
            context.logger.error("Unhandled error", metadata: ["doable.error": "\(String(reflecting: error))"])
            return DAVFailure(.internalServerError, message: "Something went wrong on the server.").response
        }
    }

    static func isWebPath(_ path: String) -> Bool {
        !(path.hasPrefix("/api/") || path == "/api" || path.hasPrefix("/dav") || path.hasPrefix("/.well-known")
            || path == "/healthz" || path == "/readyz" || path == "/metrics")
    }

    /// The error's status and headers; its code, field and message are `DoableError`'s own (sync reports rejected
    /// mutations with the same three).
    static func response(for error: DoableError) -> Response {
        let (status, headers): (HTTPResponse.Status, HTTPFields) =
            switch error {
            case .invalid: (.badRequest, [:])
            case .conflict: (.conflict, [:])
            case .notFound: (.notFound, [:])
            case .unauthenticated: (.unauthorized, [.wwwAuthenticate: "Bearer"])
            case .forbidden: (.forbidden, [:])
            case .rateLimited(let retryAfter, _): (.tooManyRequests, [.retryAfter: String(retryAfter)])
            }
        return response(status: status, code: error.code, message: error.message, field: error.field, headers: headers)
    }

    static func response(for error: HTTPError) -> Response {
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

    static func response(
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
