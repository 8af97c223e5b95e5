import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Issue 27, finding 7: HEAD is answered for every GET route, API and pages alike: the GET's status and headers,
/// its length among them, and no body.
@Suite struct HeadRequestTests {
    @Test func Q7_headAnswersEveryGetRouteWithItsHeadersAndNoBody() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register("hank")
            _ = try await api.call(.post, "/api/v1/tasks", token: token, json: ["title": "Check the roof"])
            let auth: HTTPFields = [.authorization: "Bearer \(token)"]
            for (path, headers) in [
                ("/api/v1/tasks", auth), ("/api/v1/me", auth), ("/api/v1/tasks", [:]),
                ("/healthz", [:]), ("/signin", [:]), ("/today", [:]), ("/no/such/page", [:]),
                ("/api/v1/openapi.json", [:]),
            ] as [(String, HTTPFields)] {
                let get = try await api.client.execute(uri: path, method: .get, headers: headers) { $0 }
                let head = try await api.client.execute(uri: path, method: .head, headers: headers) { $0 }
                #expect(head.status == get.status, "\(path)")
                #expect(head.body.readableBytes == 0, "\(path): HEAD has no body")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
                if get.status == .ok && !path.hasPrefix("/api/v1/tasks") {
                    #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path): the GET's length")
                }
                if let location = get.headers[.location] { #expect(head.headers[.location] == location) }
            }
        }
    }
}
