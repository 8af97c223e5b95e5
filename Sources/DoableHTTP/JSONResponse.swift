public import HummingbirdCore
import DoableCore
import Foundation
public import Hummingbird
public import NIOCore

/// JSON in and out of handlers.
public enum JSONResponse {
    /// A value that cannot be encoded (a bug: a non-finite number, say) is never answered half-made or as `{}`
    /// with the caller's status, but as a 500 in the error shape.
    public static func make<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) -> Response {
        guard let bytes = try? StreamingJSONEncoder.encode(value) else {
            return ErrorMiddleware.response(
                status: .internalServerError, code: "internal_error",
                message: "The response could not be written.", field: nil)
        }
        return make(body: ByteBuffer(bytes: bytes), status: status)
    }

    public static func make<T: DirectJSONEncodable>(_ value: T, status: HTTPResponse.Status = .ok) -> Response {
        make(body: ByteBuffer(bytes: StreamingJSONEncoder.encode(value)), status: status)
    }

    /// A body already encoded.
    public static func make(body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: body))
    }

    public static func noContent() -> Response { Response(status: .noContent) }
}

/// The largest request body Doable reads; a larger one is answered 413.
public let maxRequestBodyBytes = 1 << 20

extension Request {
    /// The body as a JSON value: 413 when over 1 MiB, 415 when it is sent as anything but `application/json`
    /// (UTF-8), 400 when it is not JSON or an object in it repeats a name. An empty body reads as `{}` when
    /// `emptyIsObject`, so actions with only optional fields may be posted bare.
    public func jsonBody(emptyIsObject: Bool = false) async throws -> ParsedJSON {
        let buffer = try await body.collect(upTo: maxRequestBodyBytes)
        if buffer.readableBytes == 0 {
            if emptyIsObject { return .object([:]) }
            throw DoableError.invalid(field: nil, message: "The request needs a JSON body.")
        }
        try requireJSONContentType()
        do {
            return try buffer.withUnsafeReadableBytes { raw in
                try JSONParser.parse(
                    UnsafeBufferPointer(
                        start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                        count: raw.count))
            }
        } catch let duplicate as JSONParser.DuplicateKey {
            throw DoableError.invalid(
                field: duplicate.key,
                message: "The name '\(duplicate.key)' appears twice in one JSON object.")
        } catch {
            throw DoableError.invalid(field: nil, message: "The request body is not valid JSON.")
        }
    }

    /// Issue 10, finding 6: a JSON body must say so, once: `application/json`, with no charset but UTF-8.
    func requireJSONContentType() throws {
        let values = headers[values: .contentType]
        guard values.count == 1, let mediaType = MediaType(from: values[0]), mediaType.type == .application,
            mediaType.subType == "json",
            mediaType.parameter.map({ $0.name.lowercased() == "charset" && ["utf-8", "utf8"].contains($0.value.lowercased()) })
                ?? true
        else {
            throw HTTPError(.unsupportedMediaType, message: "Send the body as 'Content-Type: application/json'.")
        }
    }
}
