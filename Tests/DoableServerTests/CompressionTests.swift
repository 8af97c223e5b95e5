@testable import DoableCalDAV
import DoableCore
@testable import DoableHTTP
import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Q-10 (issue 32, item 7): answers over 1 KB in a text format go out gzipped to clients that accept it, streamed;
/// photos, live event streams, HEAD and small answers never; `Vary` says so, and the gzip answer's ETag is its own
/// while either form works as a precondition. Bodies are inflated by the system's `gzip`, not by the library that
/// deflated them.
@Suite struct CompressionTests {
    static let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]

    @Test func Q10_theTodayPageAndTheTaskListGoOutGzippedAndInflateToTheIdentityBytes() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register("gwen")
            let token = try await web.apiToken("gwen")
            let today = Timestamp.now.civilDate.description
            for number in 1...40 {
                _ = try await api.createTask(token, ["title": "Water the plants in room \(number)", "due": today])
            }
            let plain = try await raw(api, "/today", headers: web.cookieHeader)
            let packed = try await raw(api, "/today", headers: web.cookieHeader + Self.gzip)
            #expect(plain.status == .ok && packed.status == .ok)
            #expect(plain.headers[.contentEncoding] == nil && packed.headers[.contentEncoding] == "gzip")
            #expect(packed.headers[.contentLength] == nil, "streamed: no length")
            #expect(plain.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(packed.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(plain.bytes.count > 20_000, "40 tasks make a page worth compressing")
            #expect(packed.bytes.count * 4 < plain.bytes.count, "\(packed.bytes.count) of \(plain.bytes.count) bytes")
            let inflated = try Self.gunzip(packed.bytes)
            #expect(Self.withoutNonces(inflated) == Self.withoutNonces(plain.bytes))

            let auth: HTTPFields = [.authorization: "Bearer \(token)"]
            let list = try await raw(api, "/api/v1/tasks?limit=50", headers: auth)
            let gzippedList = try await raw(api, "/api/v1/tasks?limit=50", headers: auth + Self.gzip)
            #expect(list.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(gzippedList.headers[.contentEncoding] == "gzip")
            #expect(try Self.gunzip(gzippedList.bytes) == list.bytes)
            #expect(gzippedList.bytes.count < list.bytes.count / 4)
        }
    }

    @Test func Q10_smallAnswersHeadAndClientsThatRefuseGzipGetTheIdentity() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register("gwen")
            let token = try await web.apiToken("gwen")
            for number in 1...20 { _ = try await api.createTask(token, ["title": "Task number \(number)"]) }
            let healthz = try await raw(api, "/healthz", headers: Self.gzip)
            #expect(healthz.status == .ok && healthz.bytes.count <= 1024 && healthz.headers[.contentEncoding] == nil)

            for refusal in ["", "identity", "gzip;q=0", "gzip; q=0.0, identity", "*;q=0", "br, deflate", "x-gzip;q=0"] {
                var headers = web.cookieHeader
                if !refusal.isEmpty { headers[.acceptEncoding] = refusal }
                let page = try await raw(api, "/today", headers: headers)
                #expect(page.status == .ok && page.headers[.contentEncoding] == nil, "Accept-Encoding: \(refusal)")
                #expect(page.headers[.vary]?.contains("Accept-Encoding") == true, "the answer depends on it all the same")
                #expect(page.headers[.contentLength] == String(page.bytes.count))
            }
            for acceptance in ["*", "GZIP;q=0.5", "identity;q=1, *;q=0.1", "x-gzip"] {
                let page = try await raw(api, "/today", headers: web.cookieHeader + [.acceptEncoding: acceptance])
                #expect(page.headers[.contentEncoding] == "gzip", "Accept-Encoding: \(acceptance)")
            }

            let get = try await raw(api, "/today", headers: web.cookieHeader)
            let head = try await raw(api, "/today", method: .head, headers: web.cookieHeader + Self.gzip)
            #expect(head.status == .ok && head.bytes.isEmpty && head.headers[.contentEncoding] == nil)
            #expect(head.headers[.contentLength] == String(get.bytes.count), "HEAD answers as the identity GET")
        }
    }

    @Test func Q10_photosAreNeverCompressed() async throws {
        try await TestServer().run { api in
            let token = try await api.register("pia")
            let task = try #require(try await api.createTask(token, ["title": "Fix the gate"])["id"] as? String)
            let photo = TestPhoto.jpeg(8_000)
            let uploaded = try await api.upload("/api/v1/tasks/\(task)/attachments", token: token, bytes: photo)
            #expect(uploaded.status == .created)
            let fetched = try await raw(
                api, "/api/v1/attachments/\(uploaded.string("id"))",
                headers: [.authorization: "Bearer \(token)"] + Self.gzip)
            #expect(fetched.status == .ok && fetched.headers[.contentType] == "image/jpeg")
            #expect(fetched.headers[.contentEncoding] == nil && fetched.bytes == photo)
        }
    }

    /// The middleware alone, on routes that answer in every way it must tell apart.
    @Test func Q10_streamedTextIsCompressedPieceByPieceButEventStreamsAndImagesAreLeftAlone() async throws {
        let router = Router()
        router.add(middleware: ResponseCompressionMiddleware())
        let line = String(repeating: "Every line of this stream says much the same thing. ", count: 4) + "\n"
        for (path, type) in [("stream", "text/plain; charset=utf-8"), ("events", "text/event-stream"), ("photo", "image/webp")] {
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: type],
                    body: ResponseBody { writer in
                        for number in 0..<200 { try await writer.write(ByteBuffer(string: "\(number): \(line)")) }
                        try await writer.finish(nil)
                    })
            }
        }
        router.get("encoded") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html", .contentEncoding: "br"],
                body: .init(byteBuffer: ByteBuffer(repeating: 0x41, count: 4_000)))
        }
        router.get("tagged") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html", .eTag: "\"7\""],
                body: .init(byteBuffer: ByteBuffer(repeating: 0x41, count: 4_000)))
        }
        let app = Application(router: router)
        try await app.test(.router) { client in
            let expected = Array((0..<200).map { "\($0): \(line)" }.joined().utf8)
            let stream = try await client.execute(uri: "/stream", method: .get, headers: Self.gzip) { $0 }
            #expect(stream.headers[.contentEncoding] == "gzip")
            #expect(try Self.gunzip(Array(stream.body.readableBytesView)) == expected)
            #expect(stream.body.readableBytes < expected.count / 20)
            for path in ["/events", "/photo"] {
                let answer = try await client.execute(uri: path, method: .get, headers: Self.gzip) { $0 }
                #expect(answer.headers[.contentEncoding] == nil, "\(path)")
                #expect(Array(answer.body.readableBytesView) == expected, "\(path)")
            }
            let encoded = try await client.execute(uri: "/encoded", method: .get, headers: Self.gzip) { $0 }
            #expect(encoded.headers[.contentEncoding] == "br" && encoded.body.readableBytes == 4_000)
            let tagged = try await client.execute(uri: "/tagged", method: .get, headers: Self.gzip) { $0 }
            #expect(tagged.headers[.eTag] == "\"7-gzip\"")
        }
    }

    @Test func Q10_theGzipFeedHasItsOwnETagAndEitherTagAnswers304() async throws {
        try await TestServer().run { api in
            let token = try await api.register("fred")
            let today = Timestamp.now.civilDate.description
            for number in 1...30 { _ = try await api.createTask(token, ["title": "Feed item \(number)", "due": today]) }
            let url = try #require((try await api.call(.get, "/api/v1/feeds", token: token)["all"] as? [String: Any])?["url"] as? String)
            let path = String(url[try #require(url.range(of: "/feeds/")).lowerBound...])
            let plain = try await raw(api, path)
            let packed = try await raw(api, path, headers: Self.gzip)
            #expect(plain.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(packed.headers[.contentEncoding] == "gzip")
            #expect(try Self.gunzip(packed.bytes) == plain.bytes)
            let identityTag = try #require(plain.headers[.eTag])
            let gzipTag = try #require(packed.headers[.eTag])
            #expect(gzipTag != identityTag, "RFC 9110 §8.8.3: one strong tag, one representation")
            #expect(gzipTag == String(identityTag.dropLast()) + "-gzip\"")

            for (tag, accept) in [(identityTag, HTTPFields()), (gzipTag, Self.gzip), (identityTag, Self.gzip)] {
                let revalidated = try await raw(api, path, headers: accept + [.ifNoneMatch: tag])
                #expect(revalidated.status == .notModified, "If-None-Match: \(tag)")
                #expect(revalidated.bytes.isEmpty && revalidated.headers[.eTag] == tag, "the tag the client holds")
            }
            #expect(try await raw(api, path, headers: Self.gzip + [.ifNoneMatch: "\"other-gzip\""]).status == .ok)
        }
    }

    @Test func Q10_writesWithIfMatchTakeTheTagAClientGotInEitherForm() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let path = "/dav/calendars/alice/\(listID)/gzip-test.ics"
            let body = VTodo.make(uid: "gzip-test", summary: "Buy milk", extra: ["DESCRIPTION:" + String(repeating: "long text ", count: 200)])
            #expect(try await dav.put(path, body).status == .created)
            let fetched = try await dav.send(.get, path, headers: Self.gzip)
            #expect(fetched.status == .ok && fetched.body == body, "a calendar object goes out as it is")
            #expect(fetched.headers[.contentEncoding] == nil)
            let etag = try #require(fetched.headers[.eTag])
            let listed = try await dav.propfind("/dav/calendars/alice/\(listID)/", ["D:getetag"], depth: "1")
            #expect(listed.responses[path]?.property(.dav("getetag"))?.trimmedText == etag, "the listing's tag is the GET's")

            let renamed = try await dav.put(path, body.replacingOccurrences(of: "Buy milk", with: "Buy oat milk"), headers: [.ifMatch: etag])
            #expect(renamed.status == .noContent, "\(renamed.body)")
            let newTag = try #require(renamed.headers[.eTag])
            let again = try await dav.put(
                path, body.replacingOccurrences(of: "Buy milk", with: "Buy soy milk"),
                headers: Self.gzip + [.ifMatch: String(newTag.dropLast()) + "-gzip\""])
            #expect(again.status == .noContent, "the gzip form of the tag is the same version: \(again.body)")
            let stale = try await dav.put(path, body, headers: [.ifMatch: String(newTag.dropLast()) + "-gzip\""])
            #expect(stale.status == .preconditionFailed, "the gzip form of an old tag is still old")

            let task = try await api.createTask(token, ["title": "Patch me"])
            let id = try #require(task["id"] as? String)
            let version = try #require(task["version"] as? Int)
            let patched = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "Patched"],
                headers: Self.gzip + [.ifMatch: "\"\(version)-gzip\""])
            #expect(patched.status == .ok, "\(String(describing: patched.json))")
        }
    }

    // MARK: - Helpers

    struct Raw {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let bytes: [UInt8]
    }

    func raw(_ api: APIClient, _ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:]) async throws -> Raw {
        try await api.client.execute(uri: path, method: method, headers: headers) { response in
            Raw(status: response.status, headers: response.headers, bytes: Array(response.body.readableBytesView))
        }
    }

    /// `gzip -dc`: the system's decoder, which checks the CRC and the length in the trailer too.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("doable-gz-\(UUID().uuidString).gz")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        process.arguments = ["-dc", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let inflated = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "gzip -dc accepts the stream")
        return Array(inflated)
    }

    /// A page with its per-answer nonces blanked (each answer draws new ones).
    static func withoutNonces(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: #"nonce="[^"]*""#, with: #"nonce="""#, options: .regularExpression)
    }
}

extension HTTPFields {
    static func + (lhs: HTTPFields, rhs: HTTPFields) -> HTTPFields {
        var all = lhs
        all.append(contentsOf: rhs)
        return all
    }
}

extension WebClient {
    /// The session's cookies as a request header, for requests sent past the client.
    var cookieHeader: HTTPFields {
        cookies.isEmpty ? [:] : [.cookie: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
    }
}
