public import HTTPTypes
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Issue 10, findings 1 and 3: what to answer a request that is not valid HTTP/1.1 — a broken request line,
/// header or chunked body, found by the decoder below the router. Every such answer has the one error shape
/// (INTEROP-3) and closes the connection, since nothing after the fault can be framed.
public struct MalformedRequest {
    public let status: HTTPResponse.Status
    let code: String
    public let message: String

    /// The refusal for a decoding error, or nil when `error` is not about the request's framing (an I/O error).
    public init?(_ error: any Error) {
        if let error = error as? HTTPParserError {
            self.init(parserError: error)
        } else if error is HTTP1TypeConversionError {
            self.init(.badRequest, "The request line is not valid: it needs a method and a path.")
        } else {
            return nil
        }
    }

    private init(_ status: HTTPResponse.Status, _ message: String, code: String = "malformed_request") {
        self.status = status
        self.code = code
        self.message = message
    }

    private init(parserError error: HTTPParserError) {
        switch error {
        case .headerOverflow:
            self.init(
                .requestHeaderFieldsTooLarge, "The request's headers are too large (at most 80 KiB).",
                code: "headers_too_large")
        case .invalidChunkSize:
            self.init(.badRequest, "The chunked request body is malformed: a chunk size is not valid.")
        case .invalidContentLength, .unexpectedContentLength:
            self.init(.badRequest, "The Content-Length header is not valid for this request.")
        case .invalidEOFState, .closedConnection:
            self.init(.badRequest, "The request ended before it was complete.")
        case .invalidMethod:
            self.init(.badRequest, "The request method is not valid.")
        case .invalidURL:
            self.init(.badRequest, "The request target is not a valid path.")
        case .invalidVersion:
            self.init(.badRequest, "The request's HTTP version is not valid; Doable speaks HTTP/1.1.")
        case .invalidHeaderToken, .invalidCharactersUsed:
            self.init(.badRequest, "A request header is malformed.")
        default:
            self.init(.badRequest, "The request is not valid HTTP/1.1.")
        }
    }

    /// The JSON error body, as `ErrorMiddleware` writes every other error.
    var body: [UInt8] {
        let error = ErrorMiddleware.ErrorBody(error: .init(code: code, message: message, field: nil))
        return (try? StreamingJSONEncoder.encode(error)) ?? Array(#"{"error":{}}"#.utf8)
    }
}
