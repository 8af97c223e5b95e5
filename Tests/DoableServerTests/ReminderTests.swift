import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// A clock the test moves by hand, so reminders come due without waiting.
final class ManualClock: Sendable {
    let moment: Mutex<Timestamp>
    init(_ start: Timestamp) { moment = Mutex(start) }
    var now: Timestamp { moment.withLock { $0 } }
    func advance(seconds: Int64) { moment.withLock { $0 = $0.adding(seconds: seconds) } }
    func set(_ value: Timestamp) { moment.withLock { $0 = value } }
}

/// NOTIF-1, NOTIF-3, NOTIF-5 and TASK-10 through the API, with the scheduler's firing driven by a manual clock.
@Suite struct ReminderTests {
    /// Monday 23 November 2026, 10:00 UTC.
    static let monday = Timestamp(rfc3339: "2026-11-23T10:00:00Z")!

    func iso(_ moment: Timestamp) -> String { moment.description }

    @Test func NOTIF1_remindersAreMadeListedAndRefusedWithTheFieldNamed() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let task = try await api.createTask(ann, ["title": "Call the plumber", "due": iso(Self.monday.adding(seconds: 86_400))])
            let id = task["id"] as! String
            let fixed = try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["at": iso(Self.monday.adding(seconds: 3600))])
            #expect(fixed.status == .created)
            #expect(fixed.string("nextAt") == iso(Self.monday.adding(seconds: 3600)))
            let relative = try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["relativeTo": "due", "offsetMinutes": -15])
            #expect(relative.status == .created)
            #expect(relative.string("nextAt") == iso(Self.monday.adding(seconds: 86_400 - 900)))
            #expect(try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders").count == 2)

            let bad: [([String: Any], String)] = [
                (["at": iso(Self.monday.adding(seconds: 20 * 366 * 86_400))], "at"),
                (["at": iso(Self.monday.adding(seconds: -3600))], "at"),
                (["relativeTo": "start", "offsetMinutes": -5], "relativeTo"),
                (["relativeTo": "due", "offsetMinutes": 9_000_000], "offsetMinutes"),
                (["offsetMinutes": 5], "relativeTo"),
                ([:], "at"),
                (["at": iso(Self.monday), "relativeTo": "due"], "at"),
                (["relativeTo": "soon"], "relativeTo"),
            ]
            for (body, field) in bad {
                let response = try await api.call(.post, "/api/v1/tasks/\(id)/reminders", token: ann, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorField == field, "\(body): \(String(describing: response.json))")
            }
            // Another member cannot see the task, nor touch the reminder.
            #expect(try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ben).status == .notFound)
            let reminderID = fixed.string("id")
            #expect(try await api.call(.delete, "/api/v1/reminders/\(reminderID)", token: ben).status == .notFound)
            #expect(
                try await api.call(
                    .post, "/api/v1/reminders/\(reminderID)/snooze", token: ben,
                    json: ["minutes": 5]
                ).status == .notFound)
            #expect(try await api.call(.delete, "/api/v1/reminders/\(reminderID)", token: ann).status == .noContent)
            #expect(try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders").count == 1)
        }
    }

    @Test func NOTIF1_aTaskTakesAtMostAHundredReminders() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let id = try await api.createTask(ann, ["title": "Busy"])["id"] as! String
            for minute in 1...100 {
                let response = try await api.call(
                    .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                    json: ["at": iso(Self.monday.adding(seconds: Int64(minute) * 60))])
                #expect(response.status == .created)
            }
            let extra = try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["at": iso(Self.monday.adding(seconds: 7200))])
            #expect(extra.status == .badRequest)
            #expect(extra.errorField == "reminders")
        }
    }

    @Test func NOTIF1_remindersFollowTheTasksDueDateAndStopWhenItIsDone() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let id = try await api.createTask(ann, ["title": "Report", "due": "2026-11-25"])["id"] as! String
            let reminder = try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["relativeTo": "due", "offsetMinutes": -60])
            // A whole-day due counts from 09:00 in the member's zone (UTC here).
            #expect(reminder.string("nextAt") == "2026-11-25T08:00:00.000Z")
            try await api.call(.patch, "/api/v1/tasks/\(id)", token: ann, json: ["due": "2026-11-27T15:30:00Z"])
            var listed = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")
            #expect(listed.first?["nextAt"] as? String == "2026-11-27T14:30:00.000Z")
            try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: ann)
            listed = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")
            #expect(listed.first?["nextAt"] is NSNull)
            try await api.call(.post, "/api/v1/tasks/\(id)/reopen", token: ann)
            listed = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")
            #expect(listed.first?["nextAt"] as? String == "2026-11-27T14:30:00.000Z")
            try await api.call(.delete, "/api/v1/tasks/\(id)", token: ann)
            listed = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")
            #expect(listed.first?["nextAt"] is NSNull, "a trashed task's reminders are quiet")
        }
    }

    @Test func NOTIF5_aDueReminderFiresOnceIntoTheNotificationCentre() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let id = try await api.createTask(ann, ["title": "Take the bins out", "due": iso(Self.monday.adding(seconds: 7200))])["id"] as! String
            let reminder = try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["relativeTo": "due", "offsetMinutes": -30])
            #expect(try await server.domain.reminders.fireDueReminders() == 0)
            clock.advance(seconds: 5400)
            #expect(try await server.domain.reminders.fireDueReminders() == 1)
            #expect(try await server.domain.reminders.fireDueReminders() == 0, "fired once")
            let centre = try await api.call(.get, "/api/v1/notifications", token: ann)
            #expect(centre.object["unreadCount"] as? Int == 1)
            let note = try #require(centre.array("notifications").first)
            #expect(note["kind"] as? String == "reminder")
            #expect(note["title"] as? String == "Take the bins out")
            #expect(note["taskId"] as? String == id)
            let after = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")[0]
            #expect(after["nextAt"] is NSNull)
            #expect(after["firedFor"] as? String == iso(Self.monday.adding(seconds: 5400)))

            // NOTIF-3: snoozed, it fires again when the snooze ends.
            let snoozed = try await api.call(
                .post, "/api/v1/reminders/\(reminder.string("id"))/snooze", token: ann,
                json: ["preset": "5m"])
            #expect(snoozed.string("nextAt") == iso(clock.now.adding(seconds: 300)))
            clock.advance(seconds: 299)
            #expect(try await server.domain.reminders.fireDueReminders() == 0)
            clock.advance(seconds: 1)
            #expect(try await server.domain.reminders.fireDueReminders() == 1)
            #expect(try await api.call(.get, "/api/v1/notifications", token: ann).object["unreadCount"] as? Int == 2)
            // Silenced, it stays quiet.
            let silenced = try await api.call(
                .patch, "/api/v1/reminders/\(reminder.string("id"))", token: ann,
                json: ["silenced": true])
            #expect(silenced.object["silenced"] as? Bool == true)
            #expect(silenced.object["nextAt"] is NSNull)
            let badSnooze = try await api.call(
                .post, "/api/v1/reminders/\(reminder.string("id"))/snooze", token: ann,
                json: ["minutes": 0])
            #expect(badSnooze.errorField == "minutes")
        }
    }

    @Test func NOTIF3_quietHoursDeferOrSilenceAReminder() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            // 10:00 UTC is inside 09:00–12:00; email is on, so a silent delivery shows it was left out.
            try await api.call(
                .patch, "/api/v1/me", token: ann,
                json: [
                    "preferences": [
                        "quietHours": ["start": "09:00", "end": "12:00", "mode": "defer"],
                        "notificationChannels": ["inApp": true, "email": true, "webhook": true],
                    ]
                ])
            let id = try await api.createTask(ann, ["title": "Quiet"])["id"] as! String
            try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["at": iso(Self.monday.adding(seconds: 60))])
            clock.advance(seconds: 60)
            #expect(try await server.domain.reminders.fireDueReminders() == 1)
            #expect(try await api.call(.get, "/api/v1/notifications", token: ann).object["unreadCount"] as? Int == 0)
            let deferred = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")[0]
            #expect(deferred["nextAt"] as? String == "2026-11-23T12:00:00.000Z")
            clock.set(Timestamp(rfc3339: "2026-11-23T12:00:00Z")!)
            #expect(try await server.domain.reminders.fireDueReminders() == 1)
            #expect(try await api.call(.get, "/api/v1/notifications", token: ann).object["unreadCount"] as? Int == 1)
            #expect(try await api.call(.get, "/api/v1/deliveries", token: ann).array("deliveries").map { $0["channel"] as? String } == ["email"])

            // Silent: in the centre only, no email.
            try await api.call(
                .patch, "/api/v1/me", token: ann,
                json: [
                    "preferences": [
                        "quietHours": ["start": "11:00", "end": "14:00", "mode": "silent"]
                    ]
                ])
            try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["at": iso(clock.now.adding(seconds: 60))])
            clock.advance(seconds: 60)
            #expect(try await server.domain.reminders.fireDueReminders() == 1)
            let centre = try await api.call(.get, "/api/v1/notifications", token: ann)
            #expect(centre.object["unreadCount"] as? Int == 2)
            #expect(try await api.call(.get, "/api/v1/deliveries", token: ann).array("deliveries").count == 1)
            // Issue 34: the silent one says so, so that the web app pops no browser notification for it; the
            // deferred one, delivered after the quiet hours, is not silent.
            #expect(centre.array("notifications").map { $0["silent"] as? Bool } == [true, false])
        }
    }

    @Test func NOTIF5_remindersDueLongAgoAreDroppedWithOneNote() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let id = try await api.createTask(ann, ["title": "Missed"])["id"] as! String
            for minutes in [1, 2] {
                try await api.call(
                    .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                    json: ["at": iso(Self.monday.adding(seconds: Int64(minutes) * 60))])
            }
            clock.advance(seconds: 7 * 3600)
            #expect(try await server.domain.reminders.fireDueReminders(.init(staleAfterSeconds: 6 * 3600)) == 2)
            let notes = try await api.call(.get, "/api/v1/notifications", token: ann).array("notifications")
            #expect(notes.map { $0["kind"] as? String } == ["reminderMissed"])
            #expect((notes.first?["title"] as? String)?.contains("2 reminders") == true)
        }
    }

    @Test func TASK10_completingARepeatingTaskMovesItToItsNextOccurrenceAndUndoBringsItBack() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let task = try await api.createTask(
                ann,
                [
                    "title": "Team sync", "due": "2026-11-23T15:00:00Z",
                    "recurrence": "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4",
                ])
            let id = task["id"] as! String
            let child = try await api.createTask(ann, ["title": "Agenda", "parentId": id])["id"] as! String
            try await api.call(.post, "/api/v1/tasks/\(child)/complete", token: ann)
            let fixed = try await api.call(
                .post, "/api/v1/tasks/\(id)/reminders", token: ann,
                json: ["at": "2026-11-23T14:00:00Z"])

            let done = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: ann)
            #expect(done.string("status") == "pending")
            #expect(done.string("due") == "2026-11-26T15:00:00.000Z", "Thursday next")
            #expect(done.string("recurrence") == "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=3")
            #expect(
                try await api.call(.get, "/api/v1/tasks/\(child)", token: ann).string("status") == "pending",
                "the subtask starts over")
            let moved = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")[0]
            #expect(moved["at"] as? String == "2026-11-26T14:00:00.000Z")
            #expect(moved["id"] as? String == fixed.string("id"))
            let history = try await api.call(.get, "/api/v1/tasks/\(id)/activity", token: ann)
            #expect(history.array("activity").contains { ($0["action"] as? String) == "completed" })

            let undone = try await api.call(.post, "/api/v1/tasks/\(id)/reopen", token: ann)
            #expect(undone.string("due") == "2026-11-23T15:00:00.000Z")
            #expect(undone.string("recurrence") == "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4")
            #expect(try await api.call(.get, "/api/v1/tasks/\(child)", token: ann).string("status") == "completed")
            let back = try await api.call(.get, "/api/v1/tasks/\(id)/reminders", token: ann).array("reminders")[0]
            #expect(back["at"] as? String == "2026-11-23T14:00:00.000Z")
        }
    }

    @Test func TASK10_aSeriesEndsAfterItsCountAndCanRepeatFromCompletion() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let last =
                try await api.createTask(
                    ann,
                    [
                        "title": "Last one", "due": "2026-11-24",
                        "recurrence": "FREQ=DAILY;COUNT=1",
                    ])["id"] as! String
            let done = try await api.call(.post, "/api/v1/tasks/\(last)/complete", token: ann)
            #expect(done.string("status") == "completed")
            #expect(done.string("due") == "2026-11-24")

            let water =
                try await api.createTask(
                    ann,
                    [
                        "title": "Water the fern", "due": "2026-11-24",
                        "recurrence": "FREQ=DAILY;INTERVAL=3",
                        "recurrenceBasis": "completion",
                    ])["id"] as! String
            clock.set(Timestamp(rfc3339: "2026-11-28T08:00:00Z")!)
            let next = try await api.call(.post, "/api/v1/tasks/\(water)/complete", token: ann)
            #expect(next.string("due") == "2026-12-01", "three days after it was done")
            #expect(next.string("recurrenceBasis") == "completion")

            let bad: [([String: Any], String)] = [
                (["title": "x", "recurrence": "FREQ=WEEKLY"], "recurrence"),
                (["title": "x", "due": "2026-12-01", "recurrence": "FREQ=HOURLY"], "recurrence"),
                (["title": "x", "due": "2026-12-01", "recurrence": "FREQ=DAILY;COUNT=0"], "recurrence"),
                (["title": "x", "due": "2026-12-01", "recurrence": "FREQ=DAILY;UNTIL=20261130"], "recurrence"),
                (["title": "x", "due": "2026-12-01", "recurrenceBasis": "sometimes"], "recurrenceBasis"),
            ]
            for (body, field) in bad {
                let response = try await api.call(.post, "/api/v1/tasks", token: ann, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorField == field, "\(body): \(String(describing: response.json))")
            }
        }
    }

    @Test func INTEROP4_webhooksAreCheckedShowTheirSecretOnceAndReceiveTaskEvents() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            for (url, field) in [
                ("ftp://example.com/x", "url"), ("http://", "url"), ("http://127.0.0.1:8080/hook", "url"),
                ("http://user:pw@example.com/", "url"),
            ] {
                let response = try await api.call(
                    .post, "/api/v1/webhooks", token: ann,
                    json: ["url": url, "events": ["reminder"]])
                #expect(response.errorField == field, "\(url)")
            }
            let unknown = try await api.call(
                .post, "/api/v1/webhooks", token: ann,
                json: ["url": "https://example.com/h", "events": ["task.exploded"]])
            #expect(unknown.errorField == "events")
            let empty = try await api.call(
                .post, "/api/v1/webhooks", token: ann,
                json: ["url": "https://example.com/h", "events": []])
            #expect(empty.errorField == "events")
            let hook = try await api.call(
                .post, "/api/v1/webhooks", token: ann,
                json: ["url": "https://example.com/h", "events": ["task.created", "task.completed"]])
            #expect(hook.status == .created)
            #expect(hook.string("secret").hasPrefix("whsec_"))
            // Issue 29: the same URL twice would deliver every event twice.
            let twice = try await api.call(
                .post, "/api/v1/webhooks", token: ann, json: ["url": "https://example.com/h", "events": ["reminder"]])
            #expect(twice.status == .conflict && twice.errorField == "url" && twice.errorCode == "duplicate_webhook")
            let listed = try await api.call(.get, "/api/v1/webhooks", token: ann).array("webhooks")
            #expect(listed.count == 1)
            #expect(listed[0]["secret"] == nil || listed[0]["secret"] is NSNull, "the secret is shown once")

            let id = try await api.createTask(ann, ["title": "Hooked"])["id"] as! String
            clock.advance(seconds: 1)
            try await api.call(.patch, "/api/v1/tasks/\(id)", token: ann, json: ["title": "Hooked again"])
            clock.advance(seconds: 1)
            try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: ann)
            try await server.domain.reminders.fanOutTaskEvents()
            try await server.domain.reminders.fanOutTaskEvents()
            let events = try await api.call(.get, "/api/v1/deliveries", token: ann).array("deliveries")
                .map { $0["event"] as? String ?? "" }
            #expect(events.sorted() == ["task.completed", "task.created"], "task.updated is not subscribed; each once")
            #expect(try await api.call(.delete, "/api/v1/webhooks/\(hook.string("id"))", token: ann).status == .noContent)
        }
    }

    /// Issue 29: "Send test" queues one signed webhook.test call to the caller's own webhook; it is no event to
    /// subscribe to.
    @Test func INTEROP4_sendTestQueuesOneTestCallToTheCallersOwnWebhook() async throws {
        let server = try TestServer()
        try await server.run { api in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let hook = try await api.call(
                .post, "/api/v1/webhooks", token: ann, json: ["url": "https://example.com/h", "events": ["reminder"]])
            let id = hook.string("id")
            let sent = try await api.call(.post, "/api/v1/webhooks/\(id)/test", token: ann)
            #expect(sent.status == .accepted && sent.string("event") == "webhook.test" && sent.string("state") == "pending")
            let log = try await api.call(.get, "/api/v1/deliveries", token: ann).array("deliveries")
            #expect(log.map { $0["event"] as? String } == ["webhook.test"] && log.first?["id"] as? String == sent.string("id"))
            let claimed = try await server.domain.reminders.claimDueDeliveries(limit: 10)
            #expect(claimed.count == 1 && claimed.first?.target == id, "sent now, to that webhook")
            #expect(try await api.call(.post, "/api/v1/webhooks/\(id)/test", token: ben).status == .notFound)
            let subscribe = try await api.call(
                .post, "/api/v1/webhooks", token: ann, json: ["url": "https://example.org/t", "events": ["webhook.test"]])
            #expect(subscribe.status == .badRequest && subscribe.errorField == "events")
        }
    }

    @Test func NOTIF5_aFailedDeliveryIsRetriedWithBackoffAndGivenUpAfterADay() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            try await api.call(
                .post, "/api/v1/webhooks", token: ann,
                json: ["url": "https://example.com/h", "events": ["task.created"]])
            _ = try await api.createTask(ann, ["title": "Hooked"])
            try await server.domain.reminders.fanOutTaskEvents()
            var delivery = try #require(try await server.domain.reminders.claimDueDeliveries(limit: 10).first)
            delivery = try await server.domain.reminders.record(delivery, outcome: .transient("HTTP 500"))
            #expect(delivery.state == .pending)
            #expect(delivery.nextAttemptAt > clock.now.adding(seconds: 14))
            #expect(delivery.nextAttemptAt < clock.now.adding(seconds: 46))
            #expect(try await server.domain.reminders.claimDueDeliveries(limit: 10).isEmpty, "not before its next attempt")
            clock.advance(seconds: 25 * 3600)
            delivery = try #require(try await server.domain.reminders.claimDueDeliveries(limit: 10).first)
            delivery = try await server.domain.reminders.record(delivery, outcome: .transient("HTTP 503"))
            #expect(delivery.state == .failed, "a day of retries is enough")
            let log = try await api.call(.get, "/api/v1/deliveries", token: ann).array("deliveries")[0]
            #expect((log["attempts"] as? [[String: Any]])?.count == 2)
            #expect(log["state"] as? String == "failed")
        }
    }
}
