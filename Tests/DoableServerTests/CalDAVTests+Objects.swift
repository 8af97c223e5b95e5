import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Testing

/// INTEROP-1 over HTTP: calendar objects (PUT, GET, DELETE), their preconditions and refusals, and the reports.
@Suite("CalDAV objects")
struct CalDAVObjectTests {
    @Test func INTEROP1_putGetAndConditionalRequests() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let name = "7A1C52E0-3E4B-4C6A-9D55-0F2B1C3D4E5F.ics"
            let path = "/dav/calendars/alice/\(listID)/\(name)"
            let body = VTodo.make(
                uid: "7A1C52E0-3E4B-4C6A-9D55-0F2B1C3D4E5F", summary: "Buy milk",
                extra: ["X-APPLE-SORT-ORDER:12", "PRIORITY:1"])
            let created = try await dav.put(path, body, headers: [.ifNoneMatch: "*"])
            #expect(created.status == .created, "\(created.body)")
            let etag = try #require(created.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))

            let fetched = try await dav.send(.get, path)
            #expect(fetched.status == .ok)
            #expect(fetched.body == body, "GET answers byte for byte what was PUT")
            #expect(fetched.headers[.eTag] == etag)
            #expect(fetched.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(fetched.headers[.lastModified]?.hasSuffix(" GMT") == true)
            let head = try await dav.send(.head, path)
            #expect(head.status == .ok && head.body.isEmpty && head.headers[.eTag] == etag)
            let unchanged = try await dav.send(.get, path, headers: [.ifNoneMatch: etag])
            #expect(unchanged.status == .notModified)

            // The task is the API's task too.
            let tasks = try await api.tasks(token)
            #expect(tasks.contains { $0["title"] as? String == "Buy milk" && $0["listId"] as? String == listID })

            let again = try await dav.put(path, body, headers: [.ifNoneMatch: "*"])
            #expect(again.status == .preconditionFailed)
            let stale = try await dav.put(
                path, body.replacingOccurrences(of: "Buy milk", with: "Buy oat milk"),
                headers: [.ifMatch: "\"stale\""])
            #expect(stale.status == .preconditionFailed)
            let updated = try await dav.put(
                path, body.replacingOccurrences(of: "Buy milk", with: "Buy oat milk"),
                headers: [.ifMatch: etag])
            #expect(updated.status == .noContent, "\(updated.body)")
            let newTag = try #require(updated.headers[.eTag])
            #expect(newTag != etag)
            #expect(try await api.tasks(token).contains { $0["title"] as? String == "Buy oat milk" })
            #expect(try await dav.send(.delete, path, headers: [.ifMatch: etag]).status == .preconditionFailed)

            let json = try await dav.send(.put, path, body: body, contentType: "application/json")
            #expect(json.status == .unsupportedMediaType)
            // A name with characters that need encoding is kept as the client wrote it.
            let odd = "/dav/calendars/alice/\(listID)/Odd%20name%2Bplus.ics"
            #expect(try await dav.put(odd, VTodo.make(uid: "odd", summary: "Odd")).status == .created)
            let listing = try await dav.propfind(
                "/dav/calendars/alice/\(listID)/", ["D:getetag", "D:getcontenttype"],
                depth: "1")
            #expect(listing.responses[odd]?.property(.dav("getetag")) != nil, "\(listing.hrefs)")
            #expect(listing.responses[path]?.property(.dav("getetag"))?.text == newTag)
        }
    }

    @Test func INTEROP1_aTaskMadeInTheWebAppIsAnObjectAndDeleteTrashesIt() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let task = try await api.createTask(token, ["title": "From the API", "listId": listID])
            let taskID = try #require(task["id"] as? String)
            let calendar = "/dav/calendars/alice/\(listID)/"
            let listing = try await dav.propfind(calendar, ["D:getetag"], depth: "1")
            let href = calendar + "\(taskID).ics"
            #expect(listing.hrefs.contains(href), "\(listing.hrefs)")
            let object = try await dav.send(.get, href)
            #expect(object.body.contains("SUMMARY:From the API"))
            #expect(object.body.contains("BEGIN:VTODO"))

            let etag = try #require(object.headers[.eTag])
            #expect(try await dav.send(.delete, href, headers: [.ifMatch: etag]).status == .noContent)
            #expect(try await dav.send(.get, href).status == .notFound)
            let trash = try await api.call(.get, "/api/v1/trash", token: token)
            #expect(trash.array("tasks").contains { $0["id"] as? String == taskID })
            #expect(try await dav.send(.delete, href).status == .notFound)
        }
    }

    @Test func INTEROP1_uidConflictsWrongComponentsAndRefusedFieldsAnswerPreconditions() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            #expect(try await dav.put(calendar + "first.ics", VTodo.make(uid: "shared-uid", summary: "One")).status == .created)
            let second = try await dav.put(calendar + "second.ics", VTodo.make(uid: "shared-uid", summary: "Two"))
            #expect(second.status == .conflict)
            #expect(second.condition == .caldav("no-uid-conflict"))
            #expect(second.xml?.child(.caldav("no-uid-conflict"))?.href == calendar + "first.ics")

            let event = try await dav.put(calendar + "event.ics", VTodo.event)
            #expect(event.status == .forbidden)
            #expect(event.condition == .caldav("supported-calendar-component"))

            let long = try await dav.put(
                calendar + "long.ics",
                VTodo.make(uid: "long", summary: String(repeating: "x", count: 201)))
            #expect(long.status == .forbidden)
            #expect(long.condition == .caldav("valid-calendar-data"))
            #expect(long.message.contains("SUMMARY"), "\(long.body)")

            let garbage = try await dav.put(calendar + "garbage.ics", "this is not iCalendar")
            #expect(garbage.status == .forbidden)
            #expect(garbage.condition == .caldav("valid-calendar-data"))
            #expect(!garbage.message.isEmpty)
            #expect(try await api.tasks(token).count == 1, "nothing refused was stored")

            let malformed = try await dav.send(DAVTestClient.propfindMethod, calendar, body: "<D:propfind xmlns:D='DAV:'>")
            #expect(malformed.status == .badRequest)
            let xxe = try await dav.send(
                DAVTestClient.propfindMethod, calendar,
                body: """
                    <?xml version="1.0"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:">&e;</D:propfind>
                    """)
            #expect(xxe.status == .badRequest)
        }
    }

    @Test func INTEROP1_calendarQueryMatchesTimeRangesAndText() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            _ = try await dav.put(
                calendar + "milk.ics",
                VTodo.make(
                    uid: "milk", summary: "Buy MILK",
                    extra: ["DUE:20261128T100000Z"]))
            _ = try await dav.put(
                calendar + "bread.ics",
                VTodo.make(
                    uid: "bread", summary: "Buy bread",
                    extra: ["DUE:20261215T100000Z", "CATEGORIES:food"]))
            // Its CREATED is given: stored objects always carry one (the task's), and with the server's own clock the
            // time range below would depend on the day the test runs.
            _ = try await dav.put(
                calendar + "someday.ics",
                VTodo.make(
                    uid: "someday", summary: "Someday",
                    extra: ["CREATED:20261120T090000Z"]))

            func query(_ filter: String) async throws -> Set<String> {
                let response = try await dav.report(
                    calendar,
                    """
                    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
                      <D:prop><D:getetag/></D:prop>
                      <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">\(filter)\
                      </C:comp-filter></C:comp-filter></C:filter>
                    </C:calendar-query>
                    """)
                #expect(response.status.code == 207, "\(response.body)")
                for entry in response.responses.values { #expect(entry.property(.dav("getetag")) != nil) }
                return Set(response.hrefs.map { String($0.dropFirst(calendar.count)) })
            }
            #expect(try await query("") == ["milk.ics", "bread.ics", "someday.ics"])
            #expect(
                try await query(#"<C:time-range start="20261127T000000Z" end="20261129T000000Z"/>"#) == ["milk.ics", "someday.ics"],
                "RFC 4791 §9.9: a VTODO with only CREATED matches a range ending after it")
            #expect(
                try await query(#"<C:time-range start="20261101T000000Z" end="20261110T000000Z"/>"#).isEmpty,
                "nor one ending before it")
            #expect(
                try await query(#"<C:prop-filter name="SUMMARY"><C:text-match>milk</C:text-match></C:prop-filter>"#)
                    == ["milk.ics"])
            #expect(
                try await query(#"<C:prop-filter name="SUMMARY"><C:text-match collation="i;octet">milk</C:text-match></C:prop-filter>"#)
                    == [])
            #expect(
                try await query(#"<C:prop-filter name="CATEGORIES"><C:text-match>FOOD</C:text-match></C:prop-filter>"#)
                    == ["bread.ics"])
            #expect(try await query(#"<C:prop-filter name="DUE"><C:is-not-defined/></C:prop-filter>"#) == ["someday.ics"])

            let data = try await dav.report(
                calendar,
                """
                <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
                  <D:prop><D:getetag/><C:calendar-data/></D:prop>
                  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">\
                  <C:prop-filter name="UID"><C:text-match collation="i;octet">bread</C:text-match></C:prop-filter>\
                  </C:comp-filter></C:comp-filter></C:filter>
                </C:calendar-query>
                """)
            #expect(data.responses[calendar + "bread.ics"]?.property(.caldav("calendar-data"))?.text.contains("SUMMARY:Buy bread\r\n") == true)
            let unknown = try await dav.report(calendar, #"<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"/>"#)
            #expect(unknown.status == .forbidden)
            #expect(unknown.condition == .dav("supported-report"))
        }
    }

    /// Issue 32: a plain VTODO time range reads only the tasks whose dates may fall in it. Its answer must be the one
    /// the filter gives when every object is matched as a client reads it, which a query that also asks for a UID
    /// (every object has one) still does; in zones at both ends of the clock, where whole days move the most.
    @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
    func INTEROP1_aTimeRangeQueryAnswersWhatMatchingEveryObjectAnswers(zone: String) async throws {
        try await TestServer.withDAV { api, dav, token in
            let zoned = try await api.call(.patch, "/api/v1/me", token: token, json: ["preferences": ["timeZone": zone]])
            #expect(zoned.status == .ok)
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            let todos: [String: [String]] = [
                "day-before": ["DUE;VALUE=DATE:20270228"],
                "first-day": ["DUE;VALUE=DATE:20270301"],
                "last-day": ["DUE;VALUE=DATE:20270310"],
                "day-after": ["DUE;VALUE=DATE:20270311"],
                "at-start": ["DUE:20270301T000000Z"],
                "inside": ["DUE:20270309T235959Z"],
                "at-end": ["DUE:20270310T000000Z"],
                "after-end": ["DUE:20270310T000001Z"],
                "long-before": ["DUE:20260105T100000Z"],
                "spanning": ["DTSTART:20270201T000000Z", "DUE:20270420T000000Z"],
                "starts-inside": ["DTSTART:20270305T080000Z"],
                "starts-after": ["DTSTART;VALUE=DATE:20270312"],
                "undated": ["CREATED:20261120T090000Z"],
                "done-inside": ["CREATED:20261120T090000Z", "STATUS:COMPLETED", "COMPLETED:20270305T100000Z"],
                "repeats-into": ["DUE:20270201T090000Z", "RRULE:FREQ=WEEKLY;COUNT=8"],
                "lasts": ["DTSTART:20270228T200000Z", "DURATION:PT10H"],
            ]
            for (uid, extra) in todos {
                let put = try await dav.put(calendar + "\(uid).ics", VTodo.make(uid: uid, summary: uid, extra: extra))
                #expect(put.status == .created, "\(uid): \(put.body)")
            }
            let made = try await api.createTask(token, ["title": "From the app", "listId": listID, "due": "2027-03-05"])
            let fromApp = "\(try #require(made["id"] as? String)).ics"

            func query(_ range: String, alsoUID: Bool) async throws -> [String: String] {
                let uid = alsoUID ? #"<C:prop-filter name="UID"/>"# : ""
                let response = try await dav.report(
                    calendar,
                    """
                    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
                      <D:prop><D:getetag/><C:calendar-data/></D:prop>
                      <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">\(range)\(uid)\
                      </C:comp-filter></C:comp-filter></C:filter>
                    </C:calendar-query>
                    """)
                #expect(response.status.code == 207, "\(response.body)")
                var found: [String: String] = [:]
                for (href, entry) in response.responses {
                    let etag = entry.property(.dav("getetag"))?.text ?? ""
                    let body = entry.property(.caldav("calendar-data"))?.text ?? ""
                    found[String(href.dropFirst(calendar.count))] = etag + "\n" + body
                }
                return found
            }
            let ranges = [
                #"<C:time-range start="20270301T000000Z" end="20270310T000000Z"/>"#,
                #"<C:time-range start="20270301T000000Z"/>"#, #"<C:time-range end="20270301T000000Z"/>"#,
                #"<C:time-range start="20270305T000000Z" end="20270305T000001Z"/>"#,
            ]
            for range in ranges {
                let fast = try await query(range, alsoUID: false)
                #expect(fast == (try await query(range, alsoUID: true)), "\(zone) \(range)")
                #expect(fast.allSatisfy { $0.value.contains("BEGIN:VTODO") })
            }
            let march = try await query(ranges[0], alsoUID: false)
            let always: Set = [
                "inside.ics", "at-end.ics", "spanning.ics", "starts-inside.ics", "undated.ics", "done-inside.ics",
                "repeats-into.ics", "lasts.ics", fromApp,
            ]
            #expect(always.isSubset(of: march.keys), "\(zone): \(march.keys.sorted())")
            for never in ["day-before.ics", "day-after.ics", "at-start.ics", "after-end.ics", "long-before.ics", "starts-after.ics"] {
                #expect(march[never] == nil, "\(zone): \(never)")
            }
            // Whole days start at midnight in the member's zone: 14 hours before UTC in Kiritimati, 11 after in
            // Pago Pago.
            let east = zone == "Pacific/Kiritimati"
            #expect((march["first-day.ics"] != nil) == !east && (march["last-day.ics"] != nil) == east, "\(zone)")
        }
    }

    /// Issue 32: a multiget reads the names clients chose with their tasks, objects and parents' UIDs in one go. Each
    /// object it answers is the one a GET answers (ETag and body), whether its parent is in the same request or not,
    /// for names a client chose and for `<task id>.ics`; a task changed since is answered as it is now.
    @Test func INTEROP1_multigetAnswersWhatGetAnswersForEveryObject() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            _ = try await dav.put(calendar + "parent.ics", VTodo.make(uid: "parent", summary: "Paint the fence"))
            _ = try await dav.put(
                calendar + "child.ics",
                VTodo.make(uid: "child", summary: "Buy paint", extra: ["RELATED-TO;RELTYPE=PARENT:parent"]))
            _ = try await dav.put(
                calendar + "waiting.ics",
                VTodo.make(uid: "waiting", summary: "Waits", extra: ["RELATED-TO;RELTYPE=PARENT:not-yet"]))
            let made = try await api.createTask(token, ["title": "Made in the app", "listId": listID])
            let appTask = try #require(made["id"] as? String)
            _ = try await api.call(
                .post, "/api/v1/tasks", token: token, json: ["title": "Its subtask", "listId": listID, "parentId": appTask])
            let children = try await api.tasks(token).filter { $0["parentId"] as? String == appTask }
            let appChild = "\(try #require(children.first?["id"] as? String)).ics"
            _ = try await dav.put(calendar + "last.ics", VTodo.make(uid: "last", summary: "Last"))

            func multiget(_ names: [String]) async throws -> [String: String] {
                let response = try await dav.report(
                    calendar,
                    """
                    <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
                      <D:prop><D:getetag/><C:calendar-data/></D:prop>
                      \(names.map { "<D:href>\(calendar)\($0)</D:href>" }.joined())
                    </C:calendar-multiget>
                    """)
                #expect(response.status.code == 207)
                var found: [String: String] = [:]
                for (href, entry) in response.responses {
                    guard let body = entry.property(.caldav("calendar-data"))?.text else { continue }
                    found[String(href.dropFirst(calendar.count))] = (entry.property(.dav("getetag"))?.text ?? "") + body
                }
                return found
            }
            func get(_ name: String) async throws -> String? {
                let response = try await dav.send(.get, calendar + name)
                guard response.status == .ok else { return nil }
                return (response.headers[.eTag] ?? "") + response.body
            }
            let names = ["parent.ics", "child.ics", "waiting.ics", "\(appTask).ics", appChild, "last.ics"]
            var expected: [String: String] = [:]
            for name in names { expected[name] = try await get(name) }
            #expect(expected.count == 6, "\(expected.keys.sorted())")
            #expect(try await multiget(names) == expected)
            for name in names { #expect(try await multiget([name]) == [name: expected[name]], "\(name) on its own") }
            #expect(expected["child.ics"]?.contains("RELATED-TO;RELTYPE=PARENT:parent") == true)
            #expect(expected[appChild]?.contains("RELATED-TO;RELTYPE=PARENT:\(appTask)") == true)

            // The parent is changed in the app: a multiget answers it as it is now, never the body it sent before.
            let tasks = try await api.tasks(token)
            let parentID = try #require(tasks.first { $0["title"] as? String == "Paint the fence" }?["id"] as? String)
            let patched = try await api.call(
                .patch, "/api/v1/tasks/\(parentID)", token: token, json: ["title": "Paint the gate"])
            #expect(patched.status == .ok)
            let after = try await multiget(["child.ics", "parent.ics"])
            #expect(after["parent.ics"]?.contains("SUMMARY:Paint the gate") == true)
            #expect(after["parent.ics"] != expected["parent.ics"])
            #expect(
                after == [
                    "child.ics": try await get("child.ics") ?? "", "parent.ics": try await get("parent.ics") ?? "",
                ])
        }
    }

    @Test func INTEROP1_multigetAnswersEachHrefAndAMissingOneWith404() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            let calendar = "/dav/calendars/alice/\(listID)/"
            let milk = VTodo.make(uid: "milk", summary: "Milk")
            _ = try await dav.put(calendar + "milk.ics", milk)
            _ = try await dav.put(calendar + "two%20words.ics", VTodo.make(uid: "two", summary: "Two words"))
            let response = try await dav.report(
                calendar,
                """
                <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
                  <D:prop><D:getetag/><C:calendar-data/></D:prop>
                  <D:href>\(calendar)milk.ics</D:href>
                  <D:href>http://localhost\(calendar)two%20words.ics</D:href>
                  <D:href>\(calendar)missing.ics</D:href>
                  <D:href>/dav/calendars/bob/\(listID)/milk.ics</D:href>
                </C:calendar-multiget>
                """)
            #expect(response.status.code == 207)
            #expect(response.responses[calendar + "milk.ics"]?.property(.caldav("calendar-data"))?.text == milk)
            #expect(response.responses[calendar + "milk.ics"]?.property(.dav("getetag")) != nil)
            #expect(response.responses["http://localhost\(calendar)two%20words.ics"]?.property(.caldav("calendar-data")) != nil)
            #expect(response.responses[calendar + "missing.ics"]?.statusLine == "HTTP/1.1 404 Not Found")
            #expect(response.responses["/dav/calendars/bob/\(listID)/milk.ics"]?.statusLine == "HTTP/1.1 404 Not Found")
        }
    }
}
