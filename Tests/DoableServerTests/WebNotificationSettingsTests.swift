@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// NOTIF-2, NOTIF-3 and INTEROP-4 in the web app (issue 13): channels per kind of notification (API and settings
/// page), quiet hours, the webhooks page with its delivery log.
@Suite("Notification settings and webhooks")
struct WebNotificationSettingsTests {
    // MARK: Channels per kind (NOTIF-2, ACC-7)

    @Test func NOTIF2_apiSavesChannelsByKindAndNamesWhatItRefuses() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register("ann")
            let saved = try await api.call(
                .patch, "/api/v1/me", token: token,
                json: [
                    "preferences": [
                        "notificationChannels": ["byKind": ["reminder": ["email": true], "comment": ["inApp": false]]]
                    ]
                ])
            #expect(saved.status == .ok, "\(String(describing: saved.json))")
            let me = try await api.call(.get, "/api/v1/me", token: token)
            let channels = (me["preferences"] as? [String: Any])?["notificationChannels"] as? [String: Any] ?? [:]
            let byKind = channels["byKind"] as? [String: [String: Bool]] ?? [:]
            #expect(
                byKind["reminder"] == ["inApp": true, "email": true, "webhook": true, "push": true],
                "a kind changed in part keeps its other channels")
            #expect(byKind["comment"] == ["inApp": false, "email": false, "webhook": true, "push": true])
            #expect(byKind["taskAssigned"] == nil, "kinds not named follow the defaults")

            let refusals: [([String: Any], String)] = [
                (["byKind": ["birthday": ["email": true]]], "preferences.notificationChannels.byKind.birthday"),
                (["byKind": ["reminder": ["sms": true]]], "preferences.notificationChannels.byKind.reminder.sms"),
                (["byKind": ["reminder": ["email": "yes"]]], "preferences.notificationChannels.byKind.reminder.email"),
                (
                    ["byKind": ["reminderMissed": ["email": true]]],
                    "preferences.notificationChannels.byKind.reminderMissed"
                ),
                (["byKind": ["reminder": NSNull()]], "preferences.notificationChannels.byKind.reminder"),
                (["byKind": [true]], "preferences.notificationChannels.byKind"),
            ]
            for (channels, field) in refusals {
                let refused = try await api.call(
                    .patch, "/api/v1/me", token: token,
                    json: ["preferences": ["notificationChannels": channels]])
                #expect(refused.status == .badRequest, "\(field)")
                #expect(refused.errorField == field)
            }
            let after = try await api.call(.get, "/api/v1/me", token: token)
            let kept = (after["preferences"] as? [String: Any])?["notificationChannels"] as? [String: Any] ?? [:]
            #expect(
                (kept["byKind"] as? [String: [String: Bool]])?["reminder"]?["email"] == true,
                "a refused change changed nothing")
        }
    }

    @Test func NOTIF2_NOTIF3_settingsPageSavesChannelsPerKindAndQuietHours() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("bea")
            let page = try await web.get("/settings/notifications")
            #expect(page.status == .ok)
            #expect(page.body.contains("<caption>Notify me by</caption>"))
            #expect(page.body.contains("aria-label=\"Reminders: email\""))
            #expect(page.body.contains("aria-label=\"Reminders: push\""))
            #expect(page.body.contains("id=\"push-device\" data-key=\""), "REACH-3: Push to this device")
            #expect(page.body.contains("href=\"/settings/notifications\" aria-current=\"page\""))
            #expect(page.body.contains("a reminder in quiet hours goes to the notification centre only"))
            let saved = try await web.post(
                "/settings/notifications",
                [
                    ("version", page.hidden("version") ?? ""), ("reminder", "inApp"), ("reminder", "email"),
                    ("taskAssigned", "inApp"), ("taskAssigned", "push"), ("listShared", "webhook"), ("quietHours", "1"), ("quietStart", "22:30"),
                    ("quietEnd", "06:45"), ("quietMode", "defer"),
                ])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/settings/notifications")
            let me = try await api.call(.get, "/api/v1/me", token: try await web.apiToken("bea"))
            let preferences = me["preferences"] as? [String: Any] ?? [:]
            let byKind = (preferences["notificationChannels"] as? [String: Any])?["byKind"] as? [String: [String: Bool]]
            #expect(byKind?["reminder"] == ["inApp": true, "email": true, "webhook": false, "push": false])
            #expect(byKind?["taskAssigned"] == ["inApp": true, "email": false, "webhook": false, "push": true])
            #expect(byKind?["listShared"] == ["inApp": false, "email": false, "webhook": true, "push": false])
            #expect(byKind?["comment"] == ["inApp": false, "email": false, "webhook": false, "push": false])
            let quiet = preferences["quietHours"] as? [String: Any] ?? [:]
            #expect(quiet["start"] as? String == "22:30" && quiet["mode"] as? String == "defer")

            let after = try await web.get("/settings/notifications")
            #expect(after.body.contains("Notification settings saved."))
            #expect(after.body.contains("aria-label=\"Reminders: email\" checked"))
            #expect(!after.body.contains("aria-label=\"Comments on my tasks: in app\" checked"))

            let refused = try await web.post(
                "/settings/notifications",
                [
                    ("version", after.hidden("version") ?? ""), ("reminder", "inApp"), ("quietHours", "1"),
                    ("quietStart", "25:00"), ("quietEnd", "07:00"),
                ])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("id=\"f-quietStart-error\""))
            let stale = try await web.post("/settings/notifications", [("version", "1"), ("reminder", "email")])
            #expect(stale.status == .conflict)
            #expect(stale.body.contains("This was changed elsewhere"))
        }
    }

    // MARK: Webhooks and the delivery log (INTEROP-4, NOTIF-5)

    @Test func INTEROP4_webhookIsAddedWithItsSecretShownOnceAndDeletedAfterAsking() async throws {
        let server = try TestServer()
        try await server.run { api in
            let web = WebClient(api.client)
            try await web.register("cara")
            let empty = try await web.get("/settings/webhooks")
            #expect(empty.body.contains("You have no webhooks yet."))
            #expect(empty.body.contains("Nothing was sent by email or webhook yet."))

            let noEvents = try await web.post("/settings/webhooks", [("url", "https://hooks.example.com/doable")])
            #expect(noEvents.status == .badRequest)
            #expect(noEvents.body.contains("id=\"f-events-error\""))
            #expect(noEvents.body.contains("value=\"https://hooks.example.com/doable\""), "the typed URL stays")
            let badURL = try await web.post("/settings/webhooks", [("url", "ftp://x"), ("events", "task.created")])
            #expect(badURL.status == .badRequest)
            #expect(badURL.body.contains("id=\"f-url-error\""))

            let created = try await web.post(
                "/settings/webhooks",
                [
                    ("url", "https://hooks.example.com/doable"), ("events", "task.created"), ("events", "reminder"),
                ])
            #expect(created.status == .created)
            let secret = WebClient.first("value=\"(whsec_[^\"]+)\"", in: created.body)
            #expect(secret != nil, "the secret shows once")
            #expect(created.body.contains("X-Doable-Signature: sha256=&lt;hex&gt;"))
            let listed = try await web.get("/settings/webhooks")
            #expect(listed.body.contains("https://hooks.example.com/doable"))
            #expect(listed.body.contains("Events: task.created, reminder"))
            #expect(!listed.body.contains("whsec_"), "and never again")

            // A task event queues a delivery; a failed attempt shows with its detail and the next attempt.
            let token = try await web.apiToken("cara")
            _ = try await api.createTask(token, ["title": "Ship it"])
            #expect(try await server.domain.reminders.fanOutTaskEvents() == 1)
            let claimed = try await server.domain.reminders.claimDueDeliveries(limit: 10)
            try #require(claimed.count == 1)
            try await server.domain.reminders.record(claimed[0], outcome: .transient("HTTP 500"))
            let log = try await web.get("/settings/webhooks")
            #expect(log.body.contains("<strong class=\"delivery-event\">task.created</strong>"))
            #expect(log.body.contains("<span class=\"delivery-state\">Waiting</span>"))
            #expect(log.body.contains("1 attempt"))
            #expect(log.body.contains("failed: <span class=\"attempt-detail\">HTTP 500</span>"))
            #expect(log.body.contains("Next attempt"))

            let id = try #require(WebClient.first("id=\"webhook-([0-9a-f-]+)\"", in: log.body))
            let asked = try await web.post("/settings/webhooks/\(id)/delete", [("back", "/settings/webhooks")])
            #expect(asked.status == .ok, "without the script the server asks first")
            #expect(asked.body.contains("This cannot be undone"))
            let deleted = try await web.post("/settings/webhooks/\(id)/delete", [("confirmed", "1")])
            #expect(deleted.status == .seeOther)
            let gone = try await web.get("/settings/webhooks")
            #expect(gone.body.contains("Deleted the webhook to https://hooks.example.com/doable."))
            #expect(gone.body.contains("You have no webhooks yet."))
            #expect(gone.body.contains("Webhook (deleted)"), "the log keeps the delivery of a deleted webhook")

            let other = WebClient(api.client)
            try await other.register("dan")
            let foreign = try await other.post("/settings/webhooks/\(id)/delete", [("confirmed", "1")])
            #expect(foreign.status == .notFound)
        }
    }
}

/// Issue 29 item 9: each webhook has "Send test"; it queues one call and says where its outcome shows.
extension WebNotificationSettingsTests {
    @Test func INTEROP4_sendTestFromTheWebhooksPage() async throws {
        let server = try TestServer()
        try await server.runWeb { web, _ in
            try await web.register("ann")
            let added = try await web.post("/settings/webhooks", [("url", "https://example.com/hook"), ("events", "reminder")])
            #expect(added.status == .created)
            let page = try await web.get("/settings/webhooks").body
            let id = try #require(WebClient.first("action=\"/settings/webhooks/([0-9a-f-]{36})/test\"", in: page))
            #expect(page.contains(">Send test</button>"))
            let sent = try await web.post("/settings/webhooks/\(id)/test")
            #expect(sent.status == .seeOther)
            let after = try await web.get("/settings/webhooks").body
            #expect(after.contains("Sent a test to https://example.com/hook."))
            #expect(after.contains("webhook.test"), "the delivery log lists the test call")
        }
    }
}
