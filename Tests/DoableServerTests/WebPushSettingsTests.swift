import Crypto
import DoableCore
import Foundation
import HTTPTypes
import Testing

/// REACH-3 in the web app: what push.js posts when the member taps "Push to this device" (the browser's subscription),
/// the device list with its test and Remove, refusals by field, and the devices listed through the API.
struct WebPushSettingsTests {
    static func browserKeys() -> (p256dh: String, auth: String) {
        (
            P256.KeyAgreement.PrivateKey().publicKey.x963Representation.base64URLEncoded,
            Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64URLEncoded
        )
    }

    @Test func REACH3_pushToThisDeviceListsTestsAndRemovesTheDevice() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("pia")
            let page = try await web.get("/settings/notifications")
            #expect(page.body.contains("Push to this device"))
            #expect(page.body.contains("No device receives push notifications yet."))
            let keys = Self.browserKeys()
            let refused = try await web.post(
                "/settings/push",
                [("endpoint", "https://push.example.net/send/abc"), ("p256dh", "AAAA"), ("auth", keys.auth)],
                fetch: true)
            #expect(refused.status == .badRequest)
            #expect((refused.json["error"] as? [String: Any])?["field"] as? String == "keys.p256dh")
            let added = try await web.post(
                "/settings/push",
                [("endpoint", "https://push.example.net/send/abc"), ("p256dh", keys.p256dh), ("auth", keys.auth)],
                fetch: true)
            #expect(added.status == .ok, "\(added.body)")
            let focus = try #require(added.json["focus"] as? String)
            let id = String(focus.dropFirst("push-".count))
            let token = try await web.apiToken("pia")
            let listed = try await api.call(.get, "/api/v1/push-subscriptions", token: token)
            let devices = listed["pushSubscriptions"] as? [[String: Any]] ?? []
            #expect(devices.map { $0["id"] as? String } == [id])
            #expect(devices.first?["pushService"] as? String == "push.example.net")

            let settings = try await web.get("/settings/notifications")
            #expect(settings.body.contains("id=\"push-\(id)\""))
            let tested = try await web.post("/settings/push/\(id)/test")
            #expect(tested.status == .seeOther)
            let log = try await api.call(.get, "/api/v1/deliveries", token: token)
            let queued = (log["deliveries"] as? [[String: Any]] ?? []).filter { $0["channel"] as? String == "push" }
            #expect(queued.count == 1 && queued.first?["event"] as? String == "push.test")
            let removed = try await web.post("/settings/push/\(id)/delete")
            #expect(removed.status == .seeOther)
            let after = try await api.call(.get, "/api/v1/push-subscriptions", token: token)
            #expect((after["pushSubscriptions"] as? [Any])?.isEmpty == true)
        }
    }
}
