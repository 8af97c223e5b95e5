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
import DoableDelivery

/// NOTIF-2 and NOTIF-3: the pages an email's links open without signing in. The signed token is the authority:
/// a forged, altered or expired one is refused; GETs change nothing; snooze, silence and unsubscribe act as the
/// link's account.
@Suite("Email link pages")
struct WebEmailLinkTests {
    /// A member with a task due tomorrow and a reminder on it, and an email link for that reminder.
    struct Fixture {
        let apiToken: String
        let taskID: String
        let reminderID: String
        let link: String
    }

    static func fixture(_ server: TestServer, _ api: APIClient, expiresIn seconds: Int64 = 3600) async throws
        -> Fixture
    {
        let token = try await api.register("ann")
        let task = try await api.createTask(token, ["title": "Water the <plants>", "due": futureDay(1)])
        let taskID = task["id"] as? String ?? ""
        let reminder = try await api.call(
            .post, "/api/v1/tasks/\(taskID)/reminders", token: token,
            json: ["relativeTo": "due", "offsetMinutes": -15])
        #expect(reminder.status == .created, "\(String(describing: reminder.json))")
        let me = try await api.call(.get, "/api/v1/me", token: token)
        let link = EmailLink(
            accountID: try #require(AccountID(me.string("id"))), kind: .reminder,
            reminderID: ReminderID(reminder.string("id")),
            expiresAt: Timestamp.now.adding(seconds: seconds))
        return Fixture(
            apiToken: token, taskID: taskID, reminderID: reminder.string("id"),
            link: link.token(key: try await server.domain.emailLinkKey()))
    }

    static func reminder(_ api: APIClient, _ fixture: Fixture) async throws -> [String: Any] {
        let reminders = try await api.call(.get, "/api/v1/tasks/\(fixture.taskID)/reminders", token: fixture.apiToken)
        return reminders.array("reminders").first ?? [:]
    }

    static func reminderEmails(_ api: APIClient, token: String) async throws -> Bool? {
        let me = try await api.call(.get, "/api/v1/me", token: token)
        let channels = (me["preferences"] as? [String: Any])?["notificationChannels"] as? [String: Any]
        let byKind = channels?["byKind"] as? [String: [String: Bool]]
        return byKind?["reminder"]?["email"] ?? channels?["email"] as? Bool
    }

    @Test func NOTIF3_forgedAlteredOrExpiredLinksAreRefused() async throws {
        let server = try TestServer()
        try await server.run { api in
            let fixture = try await Self.fixture(server, api)
            let web = WebClient(api.client)
            let key = try await server.domain.emailLinkKey()
            let parts = fixture.link.split(separator: ".")
            let payload = String(decoding: try #require(Data(base64URLEncoded: String(parts[0]))), as: UTF8.self)
            let otherAccount = payload.replacingOccurrences(of: "reminder", with: "comment")
            let altered = Data(otherAccount.utf8).base64URLEncoded + "." + parts[1]
            let wrongKey = EmailLink(token: fixture.link, key: key, now: .now)?.token(key: "not the key") ?? ""
            let expired =
                EmailLink(token: fixture.link, key: key, now: .now).map {
                    EmailLink(
                        accountID: $0.accountID, kind: $0.kind, reminderID: $0.reminderID,
                        expiresAt: Timestamp.now.adding(seconds: -1)
                    ).token(key: key)
                } ?? ""
            for bad in ["garbage", altered, wrongKey, expired] {
                let page = try await web.get("/email/\(bad)")
                #expect(page.status == .badRequest, "\(bad)")
                #expect(page.body.contains("This link does not work"))
                #expect(!page.body.contains("Water the"))
                let unsubscribe = try await api.call(
                    .post, "/email/\(bad)/unsubscribe",
                    rawBody: "List-Unsubscribe=One-Click",
                    contentType: "application/x-www-form-urlencoded")
                #expect(unsubscribe.status == .badRequest)
                let snooze = try await web.post("/email/\(bad)/snooze", [("preset", "1h")])
                #expect(snooze.status == .badRequest)
            }
            let reminder = try await Self.reminder(api, fixture)
            #expect(reminder["snoozedUntil"] is NSNull, "nothing was snoozed")
            #expect(try await Self.reminderEmails(api, token: fixture.apiToken) == false)

            // A link whose account is gone says so.
            _ = try await api.call(.delete, "/api/v1/me", token: fixture.apiToken, json: ["password": "correct horse"])
            let orphan = try await web.get("/email/\(fixture.link)")
            #expect(orphan.status == .notFound)
            #expect(orphan.body.contains("This account no longer exists"))
        }
    }

    @Test func NOTIF3_linkPageSnoozesAndSilencesTheReminder() async throws {
        let server = try TestServer()
        try await server.run { api in
            let fixture = try await Self.fixture(server, api)
            let web = WebClient(api.client)
            try await web.register("bob")  // whoever is signed in in this browser, the link acts for its account
            let page = try await web.get("/email/\(fixture.link)")
            #expect(page.status == .ok)
            #expect(page.body.contains("<h1>Reminder: Water the &lt;plants&gt;</h1>"))
            #expect(page.body.contains("Snooze 5 minutes"))
            #expect(!page.body.contains("id=\"sidebar\""), "no signed-in chrome")
            #expect(try await Self.reminder(api, fixture)["snoozedUntil"] is NSNull, "a GET changes nothing")

            // No sign-in and no CSRF token: the link is the authority.
            let snoozed = try await web.post("/email/\(fixture.link)/snooze", [("preset", "1h")], csrf: "")
            #expect(snoozed.status == .seeOther)
            #expect(snoozed.location == "/email/\(fixture.link)")
            let snoozedUntil = try await Self.reminder(api, fixture)["snoozedUntil"] as? String ?? ""
            let until = try #require(Timestamp(rfc3339: snoozedUntil))
            let inAnHour = Timestamp.now.adding(seconds: 3600)
            #expect(abs(until.milliseconds - inAnHour.milliseconds) < 60_000)
            let after = try await web.get("/email/\(fixture.link)")
            #expect(after.body.contains("Snoozed until"))

            let badCustom = try await web.post("/email/\(fixture.link)/snooze", [("until", "soon")], csrf: "")
            #expect(badCustom.status == .badRequest)
            #expect(badCustom.body.contains("id=\"f-until-error\""))
            let past = try await web.post("/email/\(fixture.link)/snooze", [("until", "2001-01-01T08:00")], csrf: "")
            #expect(past.status == .badRequest)
            #expect(past.body.contains("id=\"f-until-error\""))
            let tomorrow = Timestamp.now.civilDate.adding(days: 1)
            let custom = try await web.post("/email/\(fixture.link)/snooze", [("until", "\(tomorrow)T07:30")], csrf: "")
            #expect(custom.status == .seeOther)
            let customUntil = try await Self.reminder(api, fixture)["snoozedUntil"] as? String ?? ""
            #expect(
                Timestamp(rfc3339: customUntil) == Timestamp(rfc3339: "\(tomorrow)T07:30:00Z"),
                "in the member's time zone (UTC): \(customUntil)")

            let silenced = try await web.post("/email/\(fixture.link)/silence", csrf: "")
            #expect(silenced.status == .seeOther)
            #expect(try await Self.reminder(api, fixture)["silenced"] as? Bool == true)
            #expect(try await web.get("/email/\(fixture.link)").body.contains("This reminder is silenced"))
        }
    }

    @Test func NOTIF2_linkOfAnotherKindOnlyStopsItsEmails() async throws {
        let server = try TestServer()
        try await server.run { api in
            let fixture = try await Self.fixture(server, api)
            _ = try await api.call(
                .patch, "/api/v1/me", token: fixture.apiToken,
                json: [
                    "preferences": [
                        "notificationChannels": ["email": true]
                    ]
                ])
            let key = try await server.domain.emailLinkKey()
            let account = try #require(EmailLink(token: fixture.link, key: key, now: .now)?.accountID)
            let link = EmailLink(
                accountID: account, kind: .comment, reminderID: nil,
                expiresAt: Timestamp.now.adding(seconds: 600)
            ).token(key: key)
            let web = WebClient(api.client)
            let page = try await web.get("/email/\(link)")
            #expect(page.status == .ok)
            #expect(page.body.contains("<h1>Emails about comments on your tasks</h1>"))
            #expect(page.body.contains("Stop emails about comments on your tasks"))
            #expect(!page.body.contains("Snooze"))
            let snooze = try await web.post("/email/\(link)/snooze", [("preset", "1h")], csrf: "")
            #expect(snooze.status == .ok, "nothing to snooze: the page again")
            let stopped = try await web.post("/email/\(link)/unsubscribe", [("from", "page")], csrf: "")
            #expect(stopped.status == .seeOther)
            let me = try await api.call(.get, "/api/v1/me", token: fixture.apiToken)
            let channels = (me["preferences"] as? [String: Any])?["notificationChannels"] as? [String: Any]
            let byKind = channels?["byKind"] as? [String: [String: Bool]]
            #expect(byKind?["comment"]?["email"] == false)
            #expect(byKind?["reminder"] == nil && channels?["email"] as? Bool == true, "reminders still email")
        }
    }

    @Test func NOTIF2_unsubscribeAsksOnGetAndTurnsTheKindsEmailOffOnPost() async throws {
        let server = try TestServer()
        try await server.run { api in
            let fixture = try await Self.fixture(server, api)
            _ = try await api.call(
                .patch, "/api/v1/me", token: fixture.apiToken,
                json: [
                    "preferences": [
                        "notificationChannels": ["byKind": ["reminder": ["email": true], "comment": ["email": true]]]
                    ]
                ])
            let web = WebClient(api.client)
            let ask = try await web.get("/email/\(fixture.link)/unsubscribe")
            #expect(ask.status == .ok)
            #expect(ask.body.contains("Stop emails about reminders?"))
            #expect(try await Self.reminderEmails(api, token: fixture.apiToken) == true, "a GET changes nothing")

            // RFC 8058: the mail client's one-click POST carries no cookies.
            let oneClick = try await api.call(
                .post, "/email/\(fixture.link)/unsubscribe",
                rawBody: "List-Unsubscribe=One-Click",
                contentType: "application/x-www-form-urlencoded")
            #expect(oneClick.status == .ok)
            #expect(try await Self.reminderEmails(api, token: fixture.apiToken) == false)
            let me = try await api.call(.get, "/api/v1/me", token: fixture.apiToken)
            let byKind =
                ((me["preferences"] as? [String: Any])?["notificationChannels"] as? [String: Any])?["byKind"]
                as? [String: [String: Bool]]
            #expect(
                byKind?["reminder"] == ["inApp": true, "email": false, "webhook": true, "push": true], "only email goes")
            #expect(byKind?["comment"]?["email"] == true, "other kinds keep their emails")
            let done = try await web.get("/email/\(fixture.link)/unsubscribe")
            #expect(done.body.contains("You no longer get emails about reminders"))

            // The page's own button, and a one-click POST sent as multipart/form-data, work as well.
            _ = try await api.call(
                .patch, "/api/v1/me", token: fixture.apiToken,
                json: [
                    "preferences": [
                        "notificationChannels": ["byKind": ["reminder": ["email": true]]]
                    ]
                ])
            let button = try await web.post("/email/\(fixture.link)/unsubscribe", [("from", "page")], csrf: "")
            #expect(button.status == .seeOther)
            #expect(button.location == "/email/\(fixture.link)/unsubscribe")
            #expect(try await Self.reminderEmails(api, token: fixture.apiToken) == false)
            _ = try await api.call(
                .patch, "/api/v1/me", token: fixture.apiToken,
                json: [
                    "preferences": [
                        "notificationChannels": ["byKind": ["reminder": ["email": true]]]
                    ]
                ])
            let multipart =
                "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\n"
                + "One-Click\r\n--b--\r\n"
            let viaMultipart = try await api.call(
                .post, "/email/\(fixture.link)/unsubscribe", rawBody: multipart,
                contentType: "multipart/form-data; boundary=b")
            #expect(viaMultipart.status == .ok)
            #expect(try await Self.reminderEmails(api, token: fixture.apiToken) == false)
        }
    }
}
