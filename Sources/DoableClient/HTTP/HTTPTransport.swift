import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One JSON request to the Doable API, with its errors turned into `ClientError`s.
struct HTTPTransport: Sendable {
    let server: URL
    let token: String?
    let httpClient: HTTPClient

    /// How long a request may take, start to end.
    static let requestTimeout = TimeAmount.seconds(60)
    /// The largest answer read (a pull page of 5,000 entities is a few megabytes).
    static let maximumBody = 256 * 1024 * 1024

    func url(_ path: String) -> String {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// Sends `body` as JSON and decodes the answer as `Answer`.
    func send<Answer: Decodable>(
        _ method: HTTPMethod, _ path: String, body: (some Encodable)?,
        as answer: Answer.Type
    ) async throws -> Answer {
        let data = try await send(method, path, body: body)
        do {
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw ClientError.invalidResponse("\(method) \(path): \(error)")
        }
    }

    /// Sends `body` as JSON; returns the answer's body once its status says it succeeded.
    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, body: (some Encodable)?) async throws -> Data {
        var request = try request(method, path, accept: "application/json")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        }
        return try await execute(request, timeout: Self.requestTimeout)
    }

    /// Sends the request and reads the whole answer; an error status or a transport failure becomes a `ClientError`.
    func execute(_ request: HTTPClientRequest, timeout: TimeAmount) async throws -> Data {
        do {
            let response = try await httpClient.execute(request, timeout: timeout)
            let buffer = try await response.body.collect(upTo: Self.maximumBody)
            let data = Data(buffer.readableBytesView)
            try Self.check(status: Int(response.status.code), body: data)
            return data
        } catch {
            throw Self.clientError(error)
        }
    }

    /// A request with the credentials and the headers every call sends.
    func request(_ method: HTTPMethod, _ path: String, accept: String) throws -> HTTPClientRequest {
        guard let scheme = server.scheme?.lowercased(), scheme == "http" || scheme == "https", server.host != nil
        else {
            throw ClientError.invalid(
                field: "server",
                message:
                    "The server address “\(server.absoluteString)” must be an http:// or https:// URL.")
        }
        var request = HTTPClientRequest(url: url(path))
        request.method = method
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "User-Agent", value: "DoableClient")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        return request
    }

    /// A success status passes; 401 is `.unauthorized`; any other is `.server` with the API's error shape.
    static func check(status: Int, body: Data) throws {
        guard !(200..<300).contains(status) else { return }
        let detail = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error
        if status == 401 {
            throw ClientError.unauthorized(detail?.message ?? "The server did not accept your credentials.")
        }
        throw ClientError.server(
            status: status, code: detail?.code, field: detail?.field,
            message: detail?.message ?? "The server answered with status \(status).")
    }

    /// The API's one error shape (INTEROP-3).
    struct ErrorBody: Decodable {
        struct Detail: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Detail
    }

    /// A failure to talk to the server at all is `.offline`; a `ClientError` or a cancellation passes unchanged.
    static func clientError(_ error: any Error) -> any Error {
        switch error {
        case is ClientError, is CancellationError:
            return error
        case let error as HTTPClientError:
            switch error {
            case .invalidURL, .emptyHost, .emptyScheme:
                return ClientError.invalid(field: "server", message: "The server address is not a valid URL.")
            case .connectTimeout: return ClientError.offline("the connection timed out")
            case .deadlineExceeded: return ClientError.offline("no answer within 60 seconds")
            case .readTimeout: return ClientError.offline("the server stopped answering")
            case .remoteConnectionClosed: return ClientError.offline("the server closed the connection")
            case .cancelled: return CancellationError()
            default: return ClientError.offline(String(describing: error))
            }
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return ClientError.offline("the server refused the connection")
        case is NIOTooManyBytesError:
            return ClientError.invalidResponse("the answer was larger than \(maximumBody / 1024 / 1024) MiB")
        default:
            return ClientError.offline(String(describing: error))
        }
    }
}
