import DoableCore
import Foundation
import HTTPTypes
import Testing

/// VIEW-2 and issue 29 item 7 in the router: the week as an hour grid, repeating tasks at every occurrence in the
/// range, and a reschedule that takes the hour it was dropped at.
@Suite struct WebCalendarGridTests {
    /// Monday 23 November 2026, 10:00 UTC (members' zone is UTC unless set).
    static let monday = Timestamp(rfc3339: "2026-11-23T10:00:00Z")!

    @Test func VIEW2_theWeekPlacesTimedTasksByHourAndRepeatsAtEveryOccurrence() async throws {
        // The weekly task is made on Sunday 1 November, then three weeks pass.
        let clock = ManualClock(Self.monday.adding(seconds: -22 * 86_400))
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            _ = try await api.createTask(token, ["title": "Gym", "due": "2026-11-06", "recurrence": "FREQ=WEEKLY;BYDAY=FR"])
            clock.advance(seconds: 22 * 86_400)
            let standup = try await api.createTask(token, ["title": "Standup", "due": "2026-11-25T09:30:00Z"])
            _ = try await api.createTask(token, ["title": "Stretch", "due": "2026-11-23", "recurrence": "FREQ=DAILY"])

            let week = try await web.get("/calendar?view=week&date=2026-11-25").body
            let nine = try #require(Self.cell(week, date: "2026-11-25", attribute: "data-hour=\"9\""))
            #expect(nine.contains("<span class=\"cal-time\">09:30</span> Standup"))
            #expect(Self.cell(week, date: "2026-11-25", attribute: "data-hour=\"10\"")?.contains("Standup") == false)
            // The daily task: itself on Monday, a repeat on each of the six days after it.
            let monday = try #require(Self.cell(week, date: "2026-11-23", attribute: "data-all-day"))
            #expect(monday.contains("Stretch") && !monday.contains("is-occurrence"))
            for day in 24...29 {
                let cell = try #require(Self.cell(week, date: "2026-11-\(day)", attribute: "data-all-day"))
                #expect(cell.contains("is-occurrence") && cell.contains("Repeats: </span>Stretch"), "29 Nov … \(day)")
            }
            // A weekly task overdue since Friday the 6th shows on this week's Friday, as a repeat.
            #expect(Self.cell(week, date: "2026-11-27", attribute: "data-all-day")?.contains("Gym") == true)
            #expect(Self.occurrences(of: "Gym", in: week) == 1)
            // The month: the task itself on the 6th, then its Fridays after it: 13, 20 and 27 November (and 4 December
            // in the grid's last week).
            let month = try await web.get("/calendar?view=month&date=2026-11-10").body
            #expect(Self.occurrences(of: "Gym", in: month) == 4, "13, 20, 27 November and 4 December")
            #expect(Self.occurrences(of: "Stretch", in: month) >= 7, "every day from the 24th on")

            // Dropped on 14:00 of Thursday: the time moves to 14:30, the day to Thursday.
            let id = try #require(standup["id"] as? String)
            let moved = try await web.post(
                "/tasks/\(id)/reschedule", [("date", "2026-11-26"), ("time", "14:30")], fetch: true)
            #expect(moved.status == .ok)
            let task = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(task.string("due") == "2026-11-26T14:30:00.000Z")
            let allDay = try await web.post("/tasks/\(id)/reschedule", [("date", "2026-11-26"), ("time", "none")], fetch: true)
            #expect(allDay.status == .ok)
            #expect(try await api.call(.get, "/api/v1/tasks/\(id)", token: token).string("due") == "2026-11-26")
            let bad = try await web.post("/tasks/\(id)/reschedule", [("date", "2026-11-26"), ("time", "25:99")], fetch: true)
            #expect(bad.status == .badRequest)
        }
    }

    /// The markup of the calendar cell of `date` carrying `attribute`.
    static func cell(_ page: String, date: String, attribute: String) -> String? {
        guard let start = page.range(of: "data-date=\"\(date)\" \(attribute)") else { return nil }
        let rest = page[start.upperBound...]
        guard let end = rest.range(of: "</td>") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    static func occurrences(of title: String, in page: String) -> Int {
        page.components(separatedBy: "<span class=\"visually-hidden\">Repeats: </span>\(title)</a>").count - 1
    }
}
