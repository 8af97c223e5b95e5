import DoableCore
import DoableServer
import Foundation
import HTTPTypes
import Testing

/// Issue 13 in the web app: the task page's Repeat fields (TASK-10) and Reminders section (NOTIF-1, NOTIF-3), the
/// repeat marker on rows, and Today's upcoming reminders (VIEW-1). Every action is a form POST with a toast.
@Suite struct WebRemindersTests {
    struct Member {
        let web: WebClient
        let api: APIClient
        let token: String

        func task(_ title: String, _ fields: [String: Any] = [:]) async throws -> String {
            var all = fields
            all["title"] = title
            return try await api.createTask(token, all)["id"] as? String ?? ""
        }

        func apiTask(_ id: String) async throws -> APIResponse {
            try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
        }

        func reminders(_ task: String) async throws -> [[String: Any]] {
            try await api.call(.get, "/api/v1/tasks/\(task)/reminders", token: token).array("reminders")
        }
    }

    private func member(_ web: WebClient, _ api: APIClient, _ name: String = "ann") async throws -> Member {
        try await web.register(name)
        return Member(web: web, api: api, token: try await web.apiToken(name))
    }

    /// The task page's Save with the fields a browser sends besides `extra`.
    private func save(_ member: Member, _ id: String, _ extra: [(String, String)], fetch: Bool = false)
        async throws -> WebPageResponse
    {
        let task = try await member.apiTask(id)
        return try await member.web.post(
            "/tasks/\(id)",
            [
                ("title", task.string("title")), ("status", "pending"), ("priority", "none"),
                ("dueDate", task.string("due")), ("version", "\(task.object["version"] as? Int ?? 0)"),
            ] + extra, fetch: fetch)
    }

    private func toast(_ response: WebPageResponse) -> [String: Any] { response.json["toast"] as? [String: Any] ?? [:] }

    private func reminderID(_ body: String) -> String? { WebClient.first("id=\"reminder-([0-9a-f-]{36})\"", in: body) }

    /// A Monday some weeks ahead (so a weekly rule on Mondays keeps it).
    private func nextMonday() -> CivilDate {
        let day = Timestamp.now.civilDate.adding(days: 3)
        return day.adding(days: ZonedCalendar.daysForward(from: ZonedCalendar.weekday(of: day), to: 0))
    }

    @Test func TASK10_theRepeatFieldsSaveAWeeklyRuleShownInWordsOnThePageAndTheRow() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            let monday = nextMonday()
            let id = try await ann.task("Gym", ["due": monday.description])
            let form = try await web.get("/tasks/\(id)").body
            #expect(form.contains("<legend class=\"visually-hidden\">Repeat</legend>"))
            #expect(form.contains("<option value=\"none\" selected>Does not repeat</option>"))
            // The due date's weekday is ticked ready for "Weekly".
            #expect(form.contains("value=\"MO\" aria-label=\"Monday\" checked"))
            let saved = try await save(
                ann, id,
                [
                    ("repeat", "weekly"), ("repeatEvery", "2"), ("repeatDays", "MO"), ("repeatEnds", "count"),
                    ("repeatCount", "5"), ("recurrenceBasis", "due"), ("recurrence", ""), ("recurrenceShown", ""),
                ], fetch: true)
            #expect(saved.json["ok"] as? Bool == true, "\(saved.body)")
            #expect(try await ann.apiTask(id).string("recurrence") == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=5")
            let page = try await web.get("/tasks/\(id)").body
            #expect(page.contains("aria-label=\"Repeats: Every 2 weeks on Monday, 5 times. Change how it repeats\""))
            #expect(page.contains("<option value=\"weekly\" selected>Weekly</option>"))
            #expect(page.contains("name=\"recurrenceShown\" value=\"FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=5\""))
            let today = try await web.get("/search?q=gym").body
            #expect(today.contains("role=\"img\" aria-label=\"Repeats: Every 2 weeks on Monday, 5 times\""))
            // Undo of the Save stops the repeat again.
            try await web.post("/undo", [("token", try #require(toast(saved)["undo"] as? String))], fetch: true)
            #expect(try await ann.apiTask(id).object["recurrence"] is NSNull)
        }
    }

    @Test func TASK10_theRawRuleAndTheBasisSaveToo() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            let id = try await ann.task("Rent", ["due": futureDay(5)])
            _ = try await save(
                ann, id,
                [
                    ("repeat", "none"), ("recurrence", "freq=monthly;byday=-1fr"),
                    ("recurrenceShown", ""), ("recurrenceBasis", "completion"),
                ])
            let task = try await ann.apiTask(id)
            #expect(task.string("recurrence") == "FREQ=MONTHLY;BYDAY=-1FR")
            #expect(task.string("recurrenceBasis") == "completion")
            let page = try await web.get("/tasks/\(id)").body
            #expect(page.contains("Every month on the last Friday, from completion"))
            // "Does not repeat" with the rule untouched stops it.
            let shown = "FREQ=MONTHLY;BYDAY=-1FR"
            _ = try await save(ann, id, [("repeat", "none"), ("recurrence", shown), ("recurrenceShown", shown)])
            #expect(try await ann.apiTask(id).object["recurrence"] is NSNull)
        }
    }

    @Test func TASK10_refusedRepeatFieldsShowTheirMessageBesideThem() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            let id = try await ann.task("Stretch", ["due": futureDay(2)])
            let zero = try await save(ann, id, [("repeat", "daily"), ("repeatEvery", "0")])
            #expect(zero.status == .badRequest)
            #expect(zero.body.contains("id=\"f-repeatEvery-error\">Enter a whole number from 1 to 1000.</p>"))
            #expect(zero.body.contains("<option value=\"daily\" selected>Daily</option>"))
            let raw = try await save(ann, id, [("repeat", "custom"), ("recurrence", "FREQ=HOURLY")])
            #expect(raw.status == .badRequest && raw.body.contains("id=\"f-recurrence-error\""))
            #expect(raw.body.contains("<details class=\"repeat-advanced\" open>"))
            // No due date: the Domain's refusal shows by the Repeat select.
            let undated = try await ann.task("Someday")
            let task = try await save(ann, undated, [("repeat", "weekly"), ("dueDate", "")])
            #expect(task.status == .badRequest && task.body.contains("id=\"f-repeat-error\">A repeating task needs a due date"))
            #expect(try await ann.apiTask(id).object["recurrence"] is NSNull)
        }
    }

    @Test func TASK10_completingARepeatingTaskMovesItToTheNextWeekAndUndoBringsItBack() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            let monday = nextMonday()
            let id = try await ann.task("Gym", ["due": monday.description, "recurrence": "FREQ=WEEKLY;BYDAY=MO"])
            let done = try await web.post("/tasks/\(id)/complete", [("back", "/today")], fetch: true)
            #expect(toast(done)["message"] as? String == "Completed 'Gym'")
            let moved = try await ann.apiTask(id)
            #expect(moved.string("due") == monday.adding(days: 7).description && moved.string("status") == "pending")
            // VIEW-4: the occurrence done shows on Completed although the task itself is pending again.
            let completed = try await web.get("/completed").body
            #expect(completed.contains("class=\"occurrences\"") && completed.contains(">Gym</a>"))
            try await web.post("/undo", [("token", try #require(toast(done)["undo"] as? String))], fetch: true)
            #expect(try await ann.apiTask(id).string("due") == monday.description)
            #expect(!(try await web.get("/completed").body.contains("class=\"occurrences\"")), "undone, it is gone")
        }
    }

    @Test func NOTIF1_aRelativeReminderIsListedInWordsAndOnToday() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            let id = try await ann.task("Dentist", ["due": futureDay(2)])
            let empty = try await web.get("/tasks/\(id)").body
            #expect(empty.contains("<h2 id=\"reminders-heading\">Reminders</h2>") && empty.contains("No reminders."))
            let added = try await web.post(
                "/tasks/\(id)/reminders",
                [
                    ("kind", "relative"), ("amount", "15"), ("unit", "minutes"), ("direction", "before"), ("anchor", "due"),
                ])
            #expect(added.status == .seeOther && added.location == "/tasks/\(id)#reminders")
            let reminders = try await ann.reminders(id)
            #expect(reminders.count == 1 && reminders.first?["offsetMinutes"] as? Int == -15)
            let page = try await web.get("/tasks/\(id)").body
            #expect(page.contains("<span class=\"reminder-trigger\">15 minutes before due</span>"))
            #expect(page.contains("<span class=\"reminder-state\">· Next: "))
            #expect(page.contains("aria-label=\"Snooze 5 min: 15 minutes before due\""))
            let today = try await web.get("/today").body
            #expect(today.contains("<h2 id=\"upcoming-reminders-heading\">Upcoming reminders</h2>"))
            #expect(today.contains("<a class=\"task-title\" href=\"/tasks/\(id)\">Dentist</a>"))
            #expect(today.contains("aria-label=\"Snooze 1 hour: Dentist, 15 minutes before due\""))
            // Undo of adding takes it away.
            let more = try await web.post(
                "/tasks/\(id)/reminders",
                [
                    ("kind", "relative"), ("amount", "2"), ("unit", "hours"), ("direction", "before"), ("anchor", "due"),
                ], fetch: true)
            #expect(toast(more)["message"] as? String == "Reminder added: 2 hours before due")
            #expect(try await ann.reminders(id).count == 2)
            try await web.post("/undo", [("token", try #require(toast(more)["undo"] as? String))], fetch: true)
            #expect(try await ann.reminders(id).count == 1)
        }
    }

    @Test func NOTIF1_aReminderAtAMomentIsInTheMembersZoneAndAPastOneIsRefusedByTheField() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            try await api.call(.patch, "/api/v1/me", token: ann.token, json: ["preferences": ["timeZone": "Europe/Berlin"]])
            let id = try await ann.task("Call the bank")
            let day = Timestamp.now.civilDate.adding(days: 4)
            let added = try await web.post(
                "/tasks/\(id)/reminders",
                [
                    ("kind", "at"), ("date", day.description),
                    ("time", "09:30"),
                ], fetch: true)
            #expect((toast(added)["message"] as? String)?.hasSuffix(" 09:30") == true, "\(added.body)")
            let at = try #require(try await ann.reminders(id).first?["at"] as? String)
            let berlin = ZonedCalendar(zone: TimeZone(identifier: "Europe/Berlin")!, weekStart: .monday)
            #expect(at.hasPrefix(berlin.moment(on: day, hour: 9, minute: 30).description.prefix(16)))
            // Refused: by the field for the script, and on the page with what was typed without it.
            let past = try await web.post(
                "/tasks/\(id)/reminders",
                [
                    ("kind", "at"), ("date", "2020-01-01"),
                    ("time", "10:00"),
                ], fetch: true)
            #expect(past.status == .badRequest)
            #expect(((past.json["error"] as? [String: Any])?["field"] as? String) == "date")
            let page = try await web.post(
                "/tasks/\(id)/reminders",
                [
                    ("kind", "at"), ("date", "2020-01-01"),
                    ("time", "10:00"),
                ])
            #expect(page.status == .badRequest)
            #expect(page.body.contains("value=\"2020-01-01\" aria-invalid=\"true\" aria-describedby=\"reminder-date-error\""))
            let noTime = try await web.post(
                "/tasks/\(id)/reminders", [("kind", "at"), ("date", day.description)],
                fetch: true)
            #expect(((noTime.json["error"] as? [String: Any])?["field"] as? String) == "time")
            // Without a due date the relative form is not offered.
            #expect(try await web.get("/tasks/\(id)").body.contains("Give the task a due or start date"))
        }
    }

    @Test func NOTIF3_snoozeSilenceAndDeleteWithUndo() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            let id = try await ann.task("Pay rent", ["due": futureDay(3)])
            try await web.post(
                "/tasks/\(id)/reminders",
                [
                    ("kind", "relative"), ("amount", "1"), ("unit", "days"),
                    ("direction", "before"), ("anchor", "due"),
                ])
            let reminder = try #require(reminderID(try await web.get("/tasks/\(id)").body))
            let path = "/tasks/\(id)/reminders/\(reminder)"

            let snoozed = try await web.post("\(path)/snooze", [("preset", "5m")], fetch: true)
            // Five minutes from now is today, or tomorrow just before midnight.
            #expect((toast(snoozed)["message"] as? String)?.contains(/^Snoozed until (Today|Tomorrow) \d\d:\d\d$/) == true)
            #expect(try await web.get("/tasks/\(id)").body.contains(#/· Snoozed until (Today|Tomorrow) /#))
            let later = Timestamp.now.civilDate.adding(days: 1)
            let custom = try await web.post(
                "\(path)/snooze", [("untilDate", later.description), ("untilTime", "07:15")],
                fetch: true)
            #expect(toast(custom)["message"] as? String == "Snoozed until Tomorrow 07:15")
            let refused = try await web.post(
                "\(path)/snooze", [("untilDate", "2020-01-01"), ("untilTime", "07:15")],
                fetch: true)
            #expect(refused.status == .badRequest)

            let silenced = try await web.post("\(path)/silence", [("silenced", "1")], fetch: true)
            #expect(toast(silenced)["message"] as? String == "Reminder silenced")
            let page = try await web.get("/tasks/\(id)").body
            #expect(page.contains("· Silenced</span>") && page.contains(">Unsilence</button>"))
            #expect(try await ann.reminders(id).first?["silenced"] as? Bool == true)
            try await web.post("/undo", [("token", try #require(toast(silenced)["undo"] as? String))], fetch: true)
            #expect(try await ann.reminders(id).first?["silenced"] as? Bool == false)

            let deleted = try await web.post("\(path)/delete", [], fetch: true)
            #expect(toast(deleted)["message"] as? String == "Reminder deleted")
            #expect(try await ann.reminders(id).isEmpty)
            try await web.post("/undo", [("token", try #require(toast(deleted)["undo"] as? String))], fetch: true)
            let back = try await ann.reminders(id)
            #expect(back.count == 1 && back.first?["offsetMinutes"] as? Int == -1440)
        }
    }

    @Test func NOTIF1_anotherMembersReminderCannotBeTouchedAndTheFormNeedsItsToken() async throws {
        try await TestServer().runWeb { web, api in
            let ann = try await member(web, api)
            let id = try await ann.task("Private", ["due": futureDay(3)])
            try await web.post(
                "/tasks/\(id)/reminders",
                [
                    ("kind", "relative"), ("amount", "10"), ("unit", "minutes"),
                    ("direction", "before"), ("anchor", "due"),
                ])
            let reminder = try #require(reminderID(try await web.get("/tasks/\(id)").body))
            let forged = try await web.post("/tasks/\(id)/reminders/\(reminder)/delete", [], csrf: "")
            #expect(forged.status == .forbidden)
            let ben = try await member(WebClient(api.client), api, "ben")
            let refused = try await ben.web.post("/tasks/\(id)/reminders/\(reminder)/delete", [])
            #expect(refused.status == .notFound)
            #expect(try await ann.reminders(id).count == 1)
        }
    }
}
