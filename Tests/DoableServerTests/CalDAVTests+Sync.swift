import DoableCore
@testable import DoableServer
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
            #expect(afterAdd.responses[calendar + "two.ics"]?.property(.caldav("calendar-data"))?.text
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
