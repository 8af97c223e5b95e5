import DoableCore
@testable import DoableServer
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
            let body = VTodo.make(uid: "water-plants", summary: "Water the plants", extra: [
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
                        try await dav.put("/dav/calendars/alice/\(listID)/t\(index).ics",
                                          VTodo.make(uid: "t\(index)", summary: "Task \(index)", extra: ["CATEGORIES:Shop"]),
                                          headers: [.ifNoneMatch: "*"]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created }, "\(statuses)")
            let labels = try await api.call(.get, "/api/v1/labels", token: token).array("labels")
            #expect(labels.filter { $0["name"] as? String == "Shop" }.count == 1)
        }
    }
}
