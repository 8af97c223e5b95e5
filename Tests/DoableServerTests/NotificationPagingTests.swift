import Foundation
import Testing

/// NOTIF-2 and issue 27 (finding 7): `GET /api/v1/notifications?before=` reaches past the newest page, and so does
/// the web notification centre's "Older notifications".
@Suite struct NotificationPagingTests {
    @Test func NOTIF2_olderNotificationsAreReachedPageByPage() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await api.register("ann")
            _ = try await api.register("ben")
            for index in 0..<101 {  // one more than a page of the notification centre
                let list = try await api.call(.post, "/api/v1/lists", token: ann, json: ["name": "Shared \(index)"])
                _ = try await api.call(
                    .post, "/api/v1/lists/\(list.string("id"))/members", token: ann,
                    json: ["login": "ben", "role": "editor"])
            }
            let ben = try await api.call(.post, "/api/v1/sessions", json: ["login": "ben", "password": "correct horse"])
                .string("token")
            var titles: [String] = []
            var cursor: String?
            repeat {
                let query = cursor.map { "&before=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? ""
                let page = try await api.call(.get, "/api/v1/notifications?limit=40\(query)", token: ben)
                #expect(page.status == .ok)
                #expect(page["unreadCount"] as? Int == 101)
                titles += page.array("notifications").compactMap { $0["title"] as? String }
                cursor = page["nextCursor"] as? String
            } while cursor != nil
            #expect(titles.count == 101 && Set(titles).count == 101, "\(titles.count)")
            #expect(titles.first?.contains("Shared 100") == true, "newest first: \(titles.prefix(2))")
            let bad = try await api.call(.get, "/api/v1/notifications?before=yesterday", token: ben)
            #expect(bad.status == .badRequest && bad.errorField == "before")

            try await web.post("/signin", [("login", "ben"), ("password", "correct horse")])
            let first = try await web.get("/notifications")
            let older = try #require(WebClient.first(#"href="(/notifications\?before=[^"]+)""#, in: first.body))
            #expect(first.body.contains("Older notifications"))
            let second = try await web.get(older.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(first.body.components(separatedBy: "id=\"notification-").count - 1 == 100)
            #expect(
                second.status == .ok && second.body.components(separatedBy: "id=\"notification-").count - 1 == 1,
                "the oldest one is on the second page")
            #expect(!second.body.contains("Older notifications"), "the last page")
        }
    }
}
