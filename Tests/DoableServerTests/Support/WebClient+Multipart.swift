import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A file a test form sends.
struct FormFile: Sendable {
    var field = "photos"
    var filename: String
    var type: String
    var bytes: [UInt8]
}

/// A response whose body is bytes (a photo).
struct BytesResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let bytes: [UInt8]
}

extension WebClient {
    /// Posts a `multipart/form-data` form as a browser does: the fields (with `_csrf` unless `csrf` is given; ""
    /// leaves it out), then the files. Cookies set by the answer are not kept.
    @discardableResult
    func postMultipart(
        _ path: String, _ fields: [(String, String)] = [], files: [FormFile], csrf: String? = nil,
        fetch: Bool = false
    ) async throws -> WebPageResponse {
        if csrf == nil { try await ensureCSRFToken() }
        let boundary = "----DoableTestBoundary\(UUID().uuidString.prefix(12))"
        var all = fields
        let token = csrf ?? self.csrf
        if !token.isEmpty { all.append(("_csrf", token)) }
        var body: [UInt8] = []
        for (name, value) in all {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Array(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; "
                    + "filename=\"\(file.filename)\"\r\nContent-Type: \(file.type)\r\n\r\n").utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]
        if fetch { headers[HTTPField.Name("X-Doable-Fetch")!] = "1" }
        return try await raw(.post, path, headers: headers, body: body)
    }

    /// Sends a request with this browser's cookies and `body` as it is.
    func raw(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: [UInt8]? = nil)
        async throws -> WebPageResponse
    {
        let response = try await bytes(method, path, headers: headers, body: body)
        return WebPageResponse(
            status: response.status, headers: response.headers,
            body: String(decoding: response.bytes, as: UTF8.self))
    }

    /// A GET (or another request) whose answer is kept as bytes.
    func bytes(_ method: HTTPRequest.Method = .get, _ path: String, headers: HTTPFields = [:], body: [UInt8]? = nil)
        async throws -> BytesResponse
    {
        var headers = headers
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        return try await client.execute(
            uri: path, method: method, headers: headers,
            body: body.map { ByteBuffer(bytes: $0) }
        ) { response in
            BytesResponse(
                status: response.status, headers: response.headers,
                bytes: Array(response.body.readableBytesView))
        }
    }
}

/// Image bytes as the photo rules see them: the first bytes name the kind; the rest is filler.
enum TestImage {
    static func png(_ size: Int = 200, seed: UInt8 = 1) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + filler(size - 8, seed: seed)
    }

    static func jpeg(_ size: Int = 200, seed: UInt8 = 2) -> [UInt8] { [0xFF, 0xD8, 0xFF, 0xE0] + filler(size - 4, seed: seed) }

    static func filler(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<max(0, count)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
    }
}
