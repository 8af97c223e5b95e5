import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Testing

/// INTEROP-1: RRULE and EXDATE from a client are the task's recurrence: completing it skips the dates the client
/// excluded, and the object still carries its rule and exceptions.
@Suite("CalDAV recurrence")
struct CalDAVRecurrenceTests {
    @Test func INTEROP1_TASK10_anExdateFromAClientIsSkippedWhenTheTaskComesRound() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Chores")
            let path = "/dav/calendars/alice/\(listID)/water.ics"
            let body = VTodo.make(
                uid: "water-plants", summary: "Water the plants",
                extra: [
                    "DUE;VALUE=DATE:20400102", "RRULE:FREQ=DAILY", "EXDATE;VALUE=DATE:20400103,20400104",
                ])
            #expect(try await dav.put(path, body, headers: [.ifNoneMatch: "*"]).status == .created)
            let task = try #require(try await api.tasks(token).first { $0["title"] as? String == "Water the plants" })
            #expect(task["recurrence"] as? String == "FREQ=DAILY")
            let id = try #require(task["id"] as? String)
            let done = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token)
            #expect(done.status == .ok, "\(done.object)")
            // 3 and 4 January are excepted: the next occurrence is the 5th.
            #expect(done.string("due") == "2040-01-05", "\(done.object)")
            let fetched = try await dav.send(.get, path)
            #expect(fetched.body.contains("DUE;VALUE=DATE:20400105"), "\(fetched.body)")
            #expect(fetched.body.contains("RRULE:FREQ=DAILY") && fetched.body.contains("EXDATE;VALUE=DATE:20400103,20400104"))
        }
    }

    @Test func INTEROP1_parallelPutsWithANewCategoryAllLandOnOneLabel() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await dav.put(
                            "/dav/calendars/alice/\(listID)/t\(index).ics",
                            VTodo.make(uid: "t\(index)", summary: "Task \(index)", extra: ["CATEGORIES:Shop"]),
                            headers: [.ifNoneMatch: "*"]
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created }, "\(statuses)")
            let labels = try await api.call(.get, "/api/v1/labels", token: token).array("labels")
            #expect(labels.filter { $0["name"] as? String == "Shop" }.count == 1)
        }
    }

    /// Issue 34: an override (RECURRENCE-ID) is applied or refused, never kept and ignored. Ticking off the current
    /// occurrence completes the task, which moves on; a change to one occurrence is refused with 403 naming
    /// RECURRENCE-ID, and nothing stored changes.
    @Test func INTEROP1_anOverrideCompletesTheCurrentOccurrenceOrIsRefused() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Chores")
            let path = "/dav/calendars/alice/\(listID)/bins.ics"
            let master = ["DTSTART;VALUE=DATE:20400102", "DUE;VALUE=DATE:20400102", "RRULE:FREQ=WEEKLY"]
            #expect(
                try await dav.put(
                    path, VTodo.make(uid: "bins", summary: "Take the bins out", extra: master),
                    headers: [.ifNoneMatch: "*"]
                ).status == .created)
            let id = try #require(
                try await api.tasks(token).first { $0["title"] as? String == "Take the bins out" }?["id"]
                    as? String)
            func override(_ occurrence: String, _ lines: [String]) -> String {
                VTodo.make(uid: "bins", summary: "Take the bins out", extra: master)
                    .replacingOccurrences(
                        of: "END:VCALENDAR\r\n",
                        with: ([
                            "BEGIN:VTODO", "UID:bins", "DTSTAMP:20261101T090000Z", "RECURRENCE-ID;VALUE=DATE:\(occurrence)",
                            "SUMMARY:Take the bins out",
                        ] + lines + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n")
            }

            // A change to a later occurrence cannot be kept: refused, with the rule named.
            let moved = try await dav.put(path, override("20400109", ["DUE;VALUE=DATE:20400110"]))
            #expect(moved.status == .forbidden)
            #expect(moved.body.contains("RECURRENCE-ID"), "\(moved.body)")
            #expect(try await api.call(.get, "/api/v1/tasks/\(id)", token: token).string("due") == "2040-01-02")

            // The current occurrence ticked off: completed, so the task moves to the next week.
            let ticked = try await dav.put(
                path,
                override(
                    "20400102",
                    [
                        "STATUS:COMPLETED",
                        "COMPLETED:20400102T180000Z",
                    ]))
            #expect(ticked.status == .noContent || ticked.status == .ok, "\(ticked.body)")
            let task = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(task.string("due") == "2040-01-09" && task.string("status") == "pending", "\(task.object)")
            #expect(try await StatsAPITests.stats(api, token)["completed"] as? Int == 1)

            // Sent again with the master moved on, that completion is history: accepted, and nothing moves.
            let again = VTodo.make(
                uid: "bins", summary: "Take the bins out, again",
                extra: [
                    "DTSTART;VALUE=DATE:20400109", "DUE;VALUE=DATE:20400109", "RRULE:FREQ=WEEKLY",
                ]
            ).replacingOccurrences(
                of: "END:VCALENDAR\r\n",
                with: [
                    "BEGIN:VTODO", "UID:bins", "DTSTAMP:20261101T090000Z", "RECURRENCE-ID;VALUE=DATE:20400102",
                    "SUMMARY:Take the bins out", "STATUS:COMPLETED", "END:VTODO", "END:VCALENDAR",
                ].joined(separator: "\r\n") + "\r\n")
            #expect([.noContent, .ok].contains(try await dav.put(path, again).status))
            let after = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(after.string("due") == "2040-01-09" && after.string("title") == "Take the bins out, again")
        }
    }
}
