import Foundation
import HTTPTypes
import Testing

/// REACH-2: the web app's service worker keeps its replica with the sync protocol, signed in by the session cookie
/// and the session's CSRF token, never by the cookie alone.
struct WebReplicaSyncTests {
    @Test func REACH2_syncWithTheSessionCookieNeedsItsCSRFToken() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("ria")
            try await web.ensureCSRFToken()
            let body = Array(#"{"clientId":"0192f7a2-0000-7000-8000-0000000000aa"}"#.utf8)
            let json: HTTPFields = [.contentType: "application/json"]
            let bare = try await web.raw(.post, "/api/v1/sync/pull", headers: json, body: body)
            #expect(bare.status == .unauthorized, "the cookie alone never writes or syncs")
            var forged = json
            forged[HTTPField.Name("X-CSRF-Token")!] = "not-the-token"
            #expect(try await web.raw(.post, "/api/v1/sync/pull", headers: forged, body: body).status == .unauthorized)
            var crossSite = json
            crossSite[HTTPField.Name("X-CSRF-Token")!] = web.csrf
            crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            #expect(try await web.raw(.post, "/api/v1/sync/pull", headers: crossSite, body: body).status == .unauthorized)
            var signed = json
            signed[HTTPField.Name("X-CSRF-Token")!] = web.csrf
            signed[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let pulled = try await web.raw(.post, "/api/v1/sync/pull", headers: signed, body: body)
            #expect(pulled.status == .ok)
            #expect((pulled.json["lists"] as? [[String: Any]])?.contains { $0["isInbox"] as? Bool == true } == true)
            let push = Array(
                #"{"clientId":"0192f7a2-0000-7000-8000-0000000000aa","mutations":[{"id":1,"name":"task.create","hlc":"000001763900000000-00000-0192f7a2-0000-7000-8000-0000000000aa","args":{"id":"0192f7a3-0000-7000-8000-0000000000bb","title":"Made offline"}}]}"#
                    .utf8)
            let pushed = try await web.raw(.post, "/api/v1/sync/push", headers: signed, body: push)
            #expect(pushed.status == .ok)
            #expect(pushed.body.contains(#""status":"applied""#))
            // Other API writes stay bearer-only, however the request is dressed.
            let task = Array(#"{"title":"Not by cookie"}"#.utf8)
            #expect(try await web.raw(.post, "/api/v1/tasks", headers: signed, body: task).status == .unauthorized)
        }
    }
}
