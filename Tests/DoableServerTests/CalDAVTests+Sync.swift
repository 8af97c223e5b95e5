import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Testing

/// INTEROP-1 over HTTP: RFC 6578 `sync-collection`, token by token.
@Suite("CalDAV sync")
struct CalDAVSyncTests {
    static func token(_ response: DAVTestResponse) throws -> String {
        try #require(response.xml?.child(.dav("sync-token"))?.trimmedText)
    }

    @Test func INTEROP1_syncCollectionReportsAddsChangesAndDeletes() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            _ = try await dav.put(calendar + "one.ics", VTodo.make(uid: "one", summary: "One"))

            let initial = try await dav.sync(calendar, token: "")
            #expect(initial.status.code == 207)
            #expect(initial.hrefs == [calendar + "one.ics"])
            #expect(initial.responses[calendar + "one.ics"]?.property(.dav("getetag")) != nil)
            let first = try Self.token(initial)
            #expect(first.hasPrefix("http://doable.invalid/sync/"))
            let ctag = try await dav.propfind(calendar, ["D:sync-token"])
            #expect(ctag.responses[calendar]?.property(.dav("sync-token"))?.text == first)

            let nothing = try await dav.sync(calendar, token: first)
            #expect(nothing.hrefs.isEmpty)
            #expect(try Self.token(nothing) == first)

            let added = try await dav.put(calendar + "two.ics", VTodo.make(uid: "two", summary: "Two"))
            let afterAdd = try await dav.sync(calendar, token: first, properties: "<D:getetag/><C:calendar-data/>")
            #expect(afterAdd.hrefs == [calendar + "two.ics"])
            #expect(afterAdd.responses[calendar + "two.ics"]?.property(.dav("getetag"))?.text == added.headers[.eTag])
            #expect(
                afterAdd.responses[calendar + "two.ics"]?.property(.caldav("calendar-data"))?.text
                    .contains("SUMMARY:Two") == true)
            let second = try Self.token(afterAdd)
            #expect(second != first)

            _ = try await dav.put(calendar + "one.ics", VTodo.make(uid: "one", summary: "One, changed"))
            let afterChange = try await dav.sync(calendar, token: second)
            #expect(afterChange.hrefs == [calendar + "one.ics"])
            let third = try Self.token(afterChange)

            #expect(try await dav.send(.delete, calendar + "two.ics").status == .noContent)
            let afterDelete = try await dav.sync(calendar, token: third)
            #expect(afterDelete.hrefs == [calendar + "two.ics"])
            #expect(afterDelete.responses[calendar + "two.ics"]?.statusLine == "HTTP/1.1 404 Not Found")

            // A change made through the API shows up too (both read the same feed).
            let fourth = try Self.token(afterDelete)
            let task = try await api.createTask(token, ["title": "From the web", "listId": listID])
            let afterAPI = try await dav.sync(calendar, token: fourth)
            #expect(afterAPI.hrefs == [calendar + "\(task["id"] as? String ?? "").ics"])

            for bad in ["http://doable.invalid/sync/99999999", "urn:uuid:1234", "http://doable.invalid/sync/x"] {
                let refused = try await dav.sync(calendar, token: bad)
                #expect(refused.status == .forbidden, "\(bad)")
                #expect(refused.condition == .dav("valid-sync-token"), "\(bad)")
            }
        }
    }

    /// Issue 34: a reminder or a label's name changed in the web app or the API changes what the calendar object
    /// shows (VALARM, CATEGORIES) and so its ETag: the collection's ctag and sync-collection must say so, or phones
    /// never fetch it until the task itself changes.
    @Test func INTEROP1_reminderAndLabelChangesMoveTheCtagAndSyncCollection() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            let label = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "shop"])
            let labelID = label.string("id")
            let task = try await api.createTask(
                token,
                [
                    "title": "Milk", "listId": listID, "labelIds": [labelID],
                    "due": "2099-01-31",
                ])
            let taskID = task["id"] as? String ?? ""
            let href = calendar + "\(taskID).ics"
            func state() async throws -> (token: String, etag: String?) {
                let synced = try await dav.sync(calendar, token: "")
                return (try Self.token(synced), synced.responses[href]?.property(.dav("getetag"))?.text)
            }
            let start = try await state()

            let reminder = try await api.call(
                .post, "/api/v1/tasks/\(taskID)/reminders", token: token,
                json: ["relativeTo": "due", "offsetMinutes": -60])
            #expect(reminder.status == .created)
            let afterReminder = try await dav.sync(calendar, token: start.token)
            #expect(afterReminder.hrefs == [href], "a new reminder is reported")
            let withAlarm = try await state()
            #expect(withAlarm.etag != start.etag && withAlarm.token != start.token)
            let body = try await dav.send(.get, href)
            #expect(body.body.contains("BEGIN:VALARM"))

            let moved = try await api.call(
                .patch, "/api/v1/reminders/\(reminder.string("id"))", token: token,
                json: ["relativeTo": "due", "offsetMinutes": -30])
            #expect(moved.status == .ok, "\(String(describing: moved.json))")
            #expect(try await dav.sync(calendar, token: withAlarm.token).hrefs == [href], "a changed reminder")
            let changed = try await state()
            #expect(
                try await api.call(.delete, "/api/v1/reminders/\(reminder.string("id"))", token: token)
                    .status == .noContent)
            #expect(try await dav.sync(calendar, token: changed.token).hrefs == [href], "a deleted reminder")

            let beforeRename = try await state()
            _ = try await api.call(.patch, "/api/v1/labels/\(labelID)", token: token, json: ["name": "groceries"])
            #expect(try await dav.sync(calendar, token: beforeRename.token).hrefs == [href], "a renamed label")
            let renamed = try await state()
            #expect(renamed.etag != beforeRename.etag)
            #expect(try await dav.send(.get, href).body.contains("CATEGORIES:groceries"))
            // Its colour is not in the calendar object: nothing to report.
            _ = try await api.call(.patch, "/api/v1/labels/\(labelID)", token: token, json: ["color": "teal"])
            #expect(try await dav.sync(calendar, token: renamed.token).hrefs.isEmpty)
        }
    }

    @Test func INTEROP1_syncCollectionTruncatesWith507AndAContinuationToken() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            let start = try Self.token(try await dav.sync(calendar, token: ""))
            for index in 1...5 {
                _ = try await dav.put(calendar + "t\(index).ics", VTodo.make(uid: "t\(index)", summary: "Task \(index)"))
            }
            var seen: [String] = []
            var current = start
            var pages = 0
            while pages < 10 {
                pages += 1
                let page = try await dav.sync(calendar, token: current, limit: 2)
                #expect(page.status.code == 207)
                let truncated = page.responses[calendar]?.statusLine == "HTTP/1.1 507 Insufficient Storage"
                seen += page.hrefs.filter { $0 != calendar }
                current = try Self.token(page)
                if !truncated { break }
                #expect(page.hrefs.count == 3, "two members and the collection's 507")
            }
            #expect(pages == 3)
            #expect(Set(seen) == Set((1...5).map { calendar + "t\($0).ics" }))
            #expect(seen.count == 5)
        }
    }
}
