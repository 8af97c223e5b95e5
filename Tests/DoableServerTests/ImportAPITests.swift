@testable import DoableDomain
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import HTTPTypes
import Testing

/// INTEROP-5 through the REST API, on every engine: `POST /api/v1/imports` and the ICS and CSV exports.
@Suite("Import API", .serialized)
struct ImportAPITests {
    static let todoist = """
        TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT
        task,Plan the garden @home @outdoor,Raised beds,4,1,Ann (1),,2020-01-15,en,UTC,45,minute
        task,Buy seeds,,3,2,Ann (1),,,en,UTC,,
        note,Organic only,,,,Ann (1),,,,,,
        task,\(String(repeating: "x", count: 201)),,1,1,Ann (1),,,en,UTC,,
        task,Fix the shed @HOME,,1,1,Ann (1),,someday,en,UTC,,
        """

    static let taskwarrior = """
        [{"uuid":"t-report","description":"Write the report","status":"pending","due":"20991130T170000Z",\
        "project":"Work","priority":"H","depends":["t-charts"],"tags":["writing"]},
        {"uuid":"t-charts","description":"Draw charts","status":"completed","end":"20240110T120000Z"},
        {"uuid":"t-old","description":"Old idea","status":"deleted"},
        {"uuid":"t-stretch","description":"Stretch","status":"pending","recur":"weekly"}]
        """

    static let iCalendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Test//EN\r
        BEGIN:VTODO\r
        UID:fence@example.com\r
        DTSTAMP:20261101T090000Z\r
        SUMMARY:Paint the fence\r
        DUE;VALUE=DATE:20991205\r
        CATEGORIES:Outdoor\r
        RRULE:FREQ=WEEKLY;BYDAY=SA\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:Reminder\r
        TRIGGER;RELATED=END:-PT15M\r
        END:VALARM\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:paint@example.com\r
        DTSTAMP:20261101T090000Z\r
        SUMMARY:Buy paint\r
        RELATED-TO:fence@example.com\r
        STATUS:COMPLETED\r
        COMPLETED:20261110T160000Z\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:gutters@example.com\r
        DTSTAMP:20261101T090000Z\r
        SUMMARY:Check the gutters\r
        DUE:20991210T100000Z\r
        RRULE:FREQ=HOURLY\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    func post(_ api: APIClient, _ token: String, _ body: String, type: String?, query: String = "") async throws
        -> APIResponse
    {
        try await api.upload(
            "/api/v1/imports\(query.isEmpty ? "" : "?" + query)", token: token,
            bytes: Array(body.utf8), contentType: type)
    }

    /// Every task of a list, completed ones too.
    func listTasks(_ api: APIClient, _ token: String, _ list: String) async throws -> [[String: Any]] {
        try await api.tasks(token, "list=\(list)&status=pending,inProgress,completed&limit=500")
    }

    func task(_ tasks: [[String: Any]], _ title: String) throws -> [String: Any] {
        try #require(tasks.first { $0["title"] as? String == title }, "no task \(title)")
    }

    func counts(_ api: APIClient, _ token: String) async throws -> (lists: Int, labels: Int, tasks: Int) {
        (
            try await api.call(.get, "/api/v1/lists", token: token).array("lists").count,
            try await api.call(.get, "/api/v1/labels", token: token).array("labels").count,
            try await api.tasks(token, "status=pending,inProgress,completed&limit=500").count
        )
    }

    @Test(arguments: APIEngine.available)
    func INTEROP5_todoistImportsIntoANewListKeepingNestingLabelsAndPastDates(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let home = try await api.call(.post, "/api/v1/labels", token: ann, json: ["name": "Home"]).string("id")
            let answer = try await post(api, ann, Self.todoist, type: "text/csv")
            #expect(answer.status == .created, "\(String(describing: answer.json))")
            #expect(answer["listCreated"] as? Bool == true && answer["dryRun"] as? Bool == false)
            #expect(answer.string("listName").hasPrefix("Todoist import 20"))
            #expect(answer["created"] as? Int == 3)
            // Labels by name: "home" and "HOME" are the member's "Home"; "outdoor" is new.
            #expect(answer["labelsCreated"] as? [String] == ["outdoor"])
            let skipped = answer.array("skipped")
            #expect(
                skipped.contains {
                    $0["line"] as? Int == 5 && $0["field"] is NSNull
                        && ($0["reason"] as? String)?.contains("200") == true
                })
            #expect(skipped.contains { $0["line"] as? Int == 6 && $0["field"] as? String == "due" })
            let list = answer.string("listId")
            let tasks = try await listTasks(api, ann, list)
            #expect(Set(tasks.compactMap { $0["title"] as? String }) == ["Plan the garden", "Buy seeds", "Fix the shed"])
            let garden = try task(tasks, "Plan the garden")
            // TASK-2: an import keeps a deadline in the past.
            #expect(garden["due"] as? String == "2020-01-15")
            #expect(garden["priority"] as? String == "high")
            #expect(garden["notes"] as? String == "Raised beds")
            #expect(garden["estimatedMinutes"] as? Int == 45)
            #expect((garden["labelIds"] as? [String])?.contains(home) == true)
            #expect((garden["labelIds"] as? [String])?.count == 2)
            let seeds = try task(tasks, "Buy seeds")
            #expect(seeds["parentId"] as? String == garden["id"] as? String)
            #expect(seeds["notes"] as? String == "Organic only")
            #expect(try task(tasks, "Fix the shed")["labelIds"] as? [String] == [home])
            #expect(try task(tasks, "Fix the shed")["notes"] as? String == "Todoist date: someday")
            // The report lists every task made, with its id.
            #expect(answer.array("tasks").map { $0["title"] as? String } == ["Plan the garden", "Buy seeds", "Fix the shed"])
            #expect(answer.array("tasks")[1]["parentTitle"] as? String == "Plan the garden")
            #expect(answer.array("tasks").allSatisfy { ($0["id"] as? String)?.isEmpty == false })
            // A second import the same day gets a list of its own.
            let again = try await post(api, ann, Self.todoist, type: "text/csv; charset=utf-8")
            #expect(again.status == .created && again.string("listName").hasSuffix(" (2)"))
        }
    }

    @Test(arguments: APIEngine.available)
    func INTEROP5_aDryRunPreviewsAndWritesNothing(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let before = try await counts(api, ann)
            let preview = try await post(api, ann, Self.todoist, type: "text/csv", query: "dryRun=true")
            #expect(preview.status == .ok, "\(String(describing: preview.json))")
            #expect(preview["dryRun"] as? Bool == true && preview["listId"] is NSNull)
            #expect(preview["created"] as? Int == 3 && preview["labelsCreated"] as? [String] == ["home", "outdoor"])
            #expect(preview.array("tasks").count == 3 && preview.array("tasks").allSatisfy { $0["id"] is NSNull })
            #expect(preview.array("tasks")[0]["labels"] as? [String] == ["home", "outdoor"])
            #expect(preview.array("skipped").count == 2)
            let after = try await counts(api, ann)
            #expect(after == before)
        }
    }

    @Test(arguments: APIEngine.available)
    func INTEROP5_taskwarriorKeepsCompletionNestsDependenciesIntoANamedList(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let work = try await api.createList(ann, "Work")
            let answer = try await post(api, ann, Self.taskwarrior, type: "application/json", query: "listName=WORK")
            #expect(answer.status == .created, "\(String(describing: answer.json))")
            #expect(answer.string("listId") == work && answer["listCreated"] as? Bool == false)
            #expect(answer["created"] as? Int == 3)
            let skipped = answer.array("skipped")
            #expect(skipped.contains { $0["position"] as? Int == 3 && $0["title"] as? String == "Old idea" })
            // A rule needs a date to repeat from: the task comes without it, and the report says why.
            #expect(skipped.contains { $0["position"] as? Int == 4 && $0["field"] as? String == "recurrence" })
            let tasks = try await listTasks(api, ann, work)
            let report = try task(tasks, "Write the report")
            let charts = try task(tasks, "Draw charts")
            #expect(charts["parentId"] as? String == report["id"] as? String)
            #expect(charts["status"] as? String == "completed")
            #expect(charts["completedAt"] as? String == "2024-01-10T12:00:00.000Z")
            #expect(report["due"] as? String == "2099-11-30T17:00:00.000Z")
            #expect(try task(tasks, "Stretch")["recurrence"] is NSNull)
            let labels = try await api.call(.get, "/api/v1/labels", token: ann).array("labels")
            #expect(Set(labels.compactMap { $0["name"] as? String }) == ["project:Work", "writing"])
            // A name of no list makes one.
            let named = try await post(api, ann, Self.taskwarrior, type: "application/json", query: "listName=Later")
            #expect(named.status == .created && named["listCreated"] as? Bool == true && named.string("listName") == "Later")
        }
    }

    @Test(arguments: APIEngine.available)
    func INTEROP5_iCalendarImportsAlarmsAsRemindersAndDropsRulesItCannotKeep(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let list = try await api.createList(ann, "House")
            let answer = try await post(api, ann, Self.iCalendar, type: "text/calendar", query: "listId=\(list)")
            #expect(answer.status == .created, "\(String(describing: answer.json))")
            #expect(answer["created"] as? Int == 3 && answer["remindersCreated"] as? Int == 1)
            #expect(answer.array("skipped").contains { $0["position"] as? Int == 3 && $0["field"] as? String == "recurrence" })
            let tasks = try await listTasks(api, ann, list)
            let fence = try task(tasks, "Paint the fence")
            #expect(fence["recurrence"] as? String == "FREQ=WEEKLY;BYDAY=SA")
            #expect(fence["due"] as? String == "2099-12-05")
            let paint = try task(tasks, "Buy paint")
            #expect(paint["parentId"] as? String == fence["id"] as? String && paint["status"] as? String == "completed")
            let reminders = try await api.call(
                .get, "/api/v1/tasks/\(fence["id"] as? String ?? "")/reminders",
                token: ann
            ).array("reminders")
            #expect(reminders.count == 1 && reminders.first?["offsetMinutes"] as? Int == -15)
        }
    }

    @Test(arguments: APIEngine.available)
    func INTEROP5_refusedImportsLeaveNothingBehind(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let bens = try await api.createList(ben, "Ben's")
            let viewed = try await api.createList(ben, "Ben's shared")
            let shared = try await api.call(
                .post, "/api/v1/lists/\(viewed)/members", token: ben,
                json: ["login": "ann", "role": "viewer"])
            #expect(shared.status == .created)
            let before = try await counts(api, ann)
            let stranger = try await post(api, ann, Self.todoist, type: "text/csv", query: "listId=\(bens)")
            #expect(stranger.status == .notFound && stranger.errorField == "listId")
            let viewer = try await post(api, ann, Self.todoist, type: "text/csv", query: "listId=\(viewed)")
            #expect(viewer.status == .forbidden, "\(String(describing: viewer.json))")
            #expect(try await post(api, ann, Self.todoist, type: "text/csv", query: "listId=nope").status == .notFound)
            let both = try await post(api, ann, Self.todoist, type: "text/csv", query: "listId=\(bens)&listName=X")
            #expect(both.status == .badRequest && both.errorField == "listName")
            let badName = try await post(
                api, ann, Self.todoist, type: "text/csv",
                query: "listName=" + String(repeating: "n", count: 51))
            #expect(badName.status == .badRequest && badName.errorField == "listName")
            let dry = try await post(api, ann, Self.todoist, type: "text/csv", query: "dryRun=yes")
            #expect(dry.status == .badRequest && dry.errorField == "dryRun")
            #expect(try await counts(api, ann) == before)
            #expect(try await listTasks(api, ben, viewed).isEmpty)
            #expect(try await listTasks(api, ben, bens).isEmpty)
            // A read-only token imports nothing.
            let token = try await api.call(
                .post, "/api/v1/tokens", token: ann,
                json: ["name": "read", "scope": "read"]
            ).string("secret")
            #expect(try await post(api, token, Self.todoist, type: "text/csv").status == .forbidden)
            #expect(try await post(api, "nope", Self.todoist, type: "text/csv").status == .unauthorized)
        }
    }

    /// The whole import is one transaction: a write that fails after every task of the batch was written (a
    /// label whose name is taken, appended last) leaves no list, label, task, reminder or feed entry behind.
    @Test(arguments: APIEngine.available)
    func INTEROP5_anImportIsAllOrNothingWhenTheCommitFailsMidway(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            let ann = try await api.register("ann")
            let taken = try await api.call(.post, "/api/v1/labels", token: ann, json: ["name": "taken"])
            #expect(taken.status == .created)
            let identity = try #require(try await server.domain.accounts.authenticate(secret: ann))
            let before = try await counts(api, ann)
            let feedBefore = try await server.store.latestSequence(accountID: identity.account.id)
            let file = try ImportReader.read(
                Array(Self.iCalendar.utf8), format: .iCalendar,
                context: ImportContext(zone: .gmt, now: .now))
            var (batch, report) = try await server.domain.transfer.importBatch(identity, file, into: .newList, isDryRun: false)
            #expect(report.created == 3)
            #expect(batch.operations.contains { if case .task(.putTask) = $0 { true } else { false } })
            let now = Timestamp.now
            batch.append(
                .putLabel(
                    Label(
                        id: .make(), ownerID: identity.account.id, name: "Taken", color: "gray",
                        createdAt: now, updatedAt: now)))
            await #expect(throws: (any Error).self) { try await server.domain.commit(batch, by: identity.account.id) }
            #expect(try await counts(api, ann) == before)
            #expect(try await server.store.latestSequence(accountID: identity.account.id) == feedBefore)
        }
    }

    @Test(arguments: APIEngine.available)
    func INTEROP5_theContentTypeNamesTheFormatAndUnreadableFilesAreRefused(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            for type in ["text/plain", "application/octet-stream", "text/csv; charset=latin1"] as [String?] + [nil] {
                let answer = try await post(api, ann, Self.todoist, type: type)
                #expect(answer.status == .unsupportedMediaType, "\(type ?? "none")")
                let message = (answer.object["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(
                    message.contains("text/csv") && message.contains("application/json")
                        && message.contains("text/calendar"))
            }
            let notTodoist = try await post(api, ann, "name,due\nMilk,tomorrow\n", type: "text/csv")
            #expect(notTodoist.status == .badRequest && notTodoist.errorField == "body")
            #expect(try await post(api, ann, "not json", type: "application/json").status == .badRequest)
            #expect(try await post(api, ann, Self.todoist, type: "text/calendar").status == .badRequest)
            #expect(try await post(api, ann, "", type: "text/csv").status == .badRequest)
            // Larger than the 1 MiB other requests are held to: blank lines around one task.
            let padded = "TYPE,CONTENT\n" + String(repeating: "\n", count: 2 << 20) + "task,Hello\n"
            let large = try await post(api, ann, padded, type: "text/csv")
            #expect(large.status == .created && large["created"] as? Int == 1, "\(String(describing: large.json))")
            let tooLarge = try await api.upload(
                "/api/v1/imports", token: ann,
                bytes: [UInt8](repeating: 10, count: (20 << 20) + 1),
                contentType: "text/csv")
            #expect(tooLarge.status == .contentTooLarge && tooLarge.errorCode == "payload_too_large")
        }
    }

    @Test(arguments: APIEngine.available)
    func INTEROP5_theExportComesAsJSONICSOrCSV(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let parent = try await api.createTask(ann, ["title": "=Trip, summer", "priority": "high", "due": futureDay()])
            _ = try await api.createTask(ann, ["title": "Pack", "parentId": parent["id"] as? String ?? ""])
            let csv = try await api.fetch("/api/v1/me/export?format=csv", token: ann)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"doable-tasks.csv\"")
            let records = try CSVReader.records(String(decoding: csv.bytes, as: UTF8.self))
            #expect(records.first?.fields == TasksCSV.header)
            #expect(records.count == 3)
            #expect(records[1].fields[3] == "'=Trip, summer" && records[1].fields[1] == "Inbox")
            #expect(records[2].fields[2] == parent["id"] as? String)
            let ics = try await api.fetch("/api/v1/me/export?format=ics", token: ann)
            #expect(ics.status == .ok && ics.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(ics.headers[.contentDisposition] == "attachment; filename=\"doable-tasks.ics\"")
            let text = String(decoding: ics.bytes, as: UTF8.self)
            #expect(text.hasPrefix("BEGIN:VCALENDAR") && text.contains("SUMMARY:Pack"))
            let json = try await api.call(.get, "/api/v1/me/export", token: ann)
            #expect(json.status == .ok && json.array("tasks").count == 2 && json.string("calendar") != "")
            #expect(try await api.call(.get, "/api/v1/me/export?format=json", token: ann).status == .ok)
            let unknown = try await api.call(.get, "/api/v1/me/export?format=xml", token: ann)
            #expect(unknown.status == .badRequest && unknown.errorField == "format")
            // What the CSV export writes, the iCalendar import reads back.
            let back = try await post(api, ann, text, type: "text/calendar", query: "listName=Again")
            #expect(back.status == .created && back["created"] as? Int == 2, "\(String(describing: back.json))")
        }
    }

    /// 10,000 tasks in one file, in each of the two line-per-task formats: all made, in one list, nested as the
    /// file says. (How long it takes is bench/import_10k.sh's figure.)
    @Test func INTEROP5_tenThousandTasksImportInOneGo() async throws {
        try await EngineServer.run(.sqlite) { api, _ in
            let ann = try await api.register("ann")
            var csv = "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\n"
            var json: [String] = []
            for number in 0..<10_000 {
                let indent = number % 10 == 0 ? 1 : 2
                let day = String(format: "%02d", number % 28 + 1)
                csv +=
                    "task,Task \(number) @batch\(number % 7),Notes \(number),\(number % 4 + 1),\(indent),Ann (1),,"
                    + "2027-01-\(day),en,UTC\n"
                let depends =
                    number % 10 == 0
                    ? ",\"depends\":["
                        + (1..<10).map { "\"u\(number + $0)\"" }
                        .joined(separator: ",") + "]" : ""
                json.append(
                    "{\"uuid\":\"u\(number)\",\"description\":\"Task \(number)\",\"status\":\""
                        + (number % 3 == 0 ? "completed\",\"end\":\"20260101T000000Z\"" : "pending\"")
                        + ",\"tags\":[\"t\(number % 5)\"]\(depends)}")
            }
            for (body, type) in [(csv, "text/csv"), ("[" + json.joined(separator: ",\n") + "]", "application/json")] {
                let answer = try await post(api, ann, body, type: type)
                #expect(answer.status == .created)
                #expect(answer["created"] as? Int == 10_000 && answer.array("skipped").isEmpty)
                #expect(answer.array("tasks").count == 10_000)
                let tasks = answer.array("tasks")
                #expect(tasks.filter { $0["parentTitle"] is NSNull }.count == 1_000)
                #expect(tasks[1]["parentTitle"] as? String == "Task 0")
                let list = try await api.call(.get, "/api/v1/lists/\(answer.string("listId"))", token: ann)
                let open = type == "text/csv" ? 10_000 : 10_000 - 3_334
                #expect(list["openTaskCount"] as? Int == open)
            }
        }
    }
}
