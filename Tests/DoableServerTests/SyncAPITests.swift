import DoableCore
import Foundation
import HTTPTypes
import Testing

/// Issue 14 through the API: `POST /api/v1/sync/push` and `/pull` (docs/sync.md).
@Suite("Sync API")
struct SyncAPITests {
    static func clock(_ offsetSeconds: Int64 = 0, counter: Int = 0, node: String) -> String {
        HybridTimestamp(milliseconds: Timestamp.now.milliseconds + offsetSeconds * 1000, counter: counter, node: node)
            .description
    }

    static func mutation(_ id: Int, _ name: String, _ args: [String: Any], clock: String) -> [String: Any] {
        ["id": id, "name": name, "hlc": clock, "args": args]
    }

    static func push(_ api: APIClient, _ token: String, client: String, _ mutations: [[String: Any]]) async throws
        -> APIResponse
    {
        try await api.call(.post, "/api/v1/sync/push", token: token, json: ["clientId": client, "mutations": mutations])
    }

    static func pull(
        _ api: APIClient, _ token: String, client: String? = nil, cursor: String? = nil,
        limit: Int? = nil
    ) async throws -> APIResponse {
        var body: [String: Any] = [:]
        if let client { body["clientId"] = client }
        if let cursor { body["cursor"] = cursor }
        if let limit { body["limit"] = limit }
        return try await api.call(.post, "/api/v1/sync/pull", token: token, json: body)
    }

    /// Pulls from `cursor` until `more` is false; returns the pages.
    static func pullAll(
        _ api: APIClient, _ token: String, client: String? = nil, cursor: String? = nil,
        limit: Int? = nil
    ) async throws -> [APIResponse] {
        var pages: [APIResponse] = []
        var cursor = cursor
        repeat {
            let page = try await pull(api, token, client: client, cursor: cursor, limit: limit)
            #expect(page.status == .ok, "\(String(describing: page.json))")
            pages.append(page)
            cursor = page.string("cursor")
        } while pages.last?["more"] as? Bool == true && pages.count < 100
        return pages
    }

    static func statuses(_ response: APIResponse) -> [String] {
        response.array("results").map { $0["status"] as? String ?? "" }
    }

    @Test func SYNC1_aRetriedPushNeverAppliesTwiceAndAGapStopsThePush() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let client = UUID().uuidString.lowercased()
            let taskID = TaskID.make().description
            let node = client
            let batch = [
                Self.mutation(
                    1, "task.create", ["id": taskID, "title": "Buy milk", "rank": "a1"],
                    clock: Self.clock(node: node)),
                Self.mutation(
                    2, "task.update", ["id": taskID, "fields": ["priority": "high"]],
                    clock: Self.clock(counter: 1, node: node)),
            ]
            let first = try await Self.push(api, token, client: client, batch)
            #expect(first.status == .ok, "\(String(describing: first.json))")
            #expect(Self.statuses(first) == ["applied", "applied"])
            #expect(first["lastMutationId"] as? Int == 2)
            // The answer was lost: the device sends the same two again, and one more after a gap.
            let again = try await Self.push(
                api, token, client: client,
                batch + [
                    Self.mutation(
                        4, "task.update", ["id": taskID, "fields": ["title": "Gap"]],
                        clock: Self.clock(counter: 2, node: node))
                ])
            #expect(Self.statuses(again) == ["duplicate", "duplicate"])
            #expect(again["lastMutationId"] as? Int == 2)
            let tasks = try await api.tasks(token)
            #expect(tasks.count == 1)
            #expect(tasks.first?["title"] as? String == "Buy milk")
            #expect(tasks.first?["priority"] as? String == "high")
            #expect(tasks.first?["rank"] as? String == "a1")
        }
    }

    @Test func SYNC2_aRejectedMutationIsReportedWithItsReasonAndTheQueueGoesOn() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let client = UUID().uuidString.lowercased()
            let batch = [
                Self.mutation(
                    1, "task.update", ["id": TaskID.make().description, "fields": ["title": "Nope"]],
                    clock: Self.clock(node: client)),
                Self.mutation(
                    2, "task.create", ["id": TaskID.make().description, "title": ""],
                    clock: Self.clock(counter: 1, node: client)),
                Self.mutation(3, "task.fly", ["id": TaskID.make().description], clock: Self.clock(counter: 2, node: client)),
                Self.mutation(
                    4, "task.create", ["id": TaskID.make().description, "title": "Still goes"],
                    clock: Self.clock(counter: 3, node: client)),
            ]
            let first = try await Self.push(api, token, client: client, batch)
            #expect(Self.statuses(first) == ["rejected", "rejected", "rejected", "applied"])
            let errors = first.array("results").map { $0["error"] as? [String: Any] ?? [:] }
            #expect(errors[0]["code"] as? String == "not_found")
            #expect(errors[1]["field"] as? String == "title")
            #expect(errors[2]["code"] as? String == "unknown_mutation")
            // Asked again, the rejections come back with the same reasons.
            let again = try await Self.push(api, token, client: client, batch)
            #expect(Self.statuses(again) == ["rejected", "rejected", "rejected", "duplicate"])
            #expect((again.array("results")[1]["error"] as? [String: Any])?["field"] as? String == "title")
            #expect(try await api.tasks(token).map { $0["title"] as? String } == ["Still goes"])
        }
    }

    /// Issue 34: a reminder made offline can be changed offline too, not only deleted.
    @Test func SYNC1_NOTIF1_reminderUpdateChangesTheTriggerAndSilencesAndSaysWhatIsMissing() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let client = UUID().uuidString.lowercased()
            let task = try #require(try await api.createTask(token, ["title": "Vet", "due": "2030-05-01"])["id"] as? String)
            let reminder = ReminderID.make().description
            let batch = [
                Self.mutation(
                    1, "reminder.create", ["id": reminder, "taskId": task, "at": "2030-04-30T08:00:00Z"],
                    clock: Self.clock(node: client)),
                Self.mutation(
                    2, "reminder.update", ["id": reminder, "at": "2030-04-30T17:00:00Z"],
                    clock: Self.clock(counter: 1, node: client)),
                Self.mutation(
                    3, "reminder.update", ["id": reminder, "silenced": true],
                    clock: Self.clock(counter: 2, node: client)),
                Self.mutation(4, "reminder.update", ["id": reminder], clock: Self.clock(counter: 3, node: client)),
                Self.mutation(
                    5, "reminder.update", ["id": ReminderID.make().description, "silenced": false],
                    clock: Self.clock(counter: 4, node: client)),
            ]
            let pushed = try await Self.push(api, token, client: client, batch)
            #expect(
                Self.statuses(pushed) == ["applied", "applied", "applied", "rejected", "rejected"],
                "\(pushed.array("results").map { $0["error"] ?? "" })")
            let errors = pushed.array("results").map { $0["error"] as? [String: Any] ?? [:] }
            #expect(errors[3]["field"] as? String == "args" && errors[4]["code"] as? String == "not_found")
            let stored = try await api.call(.get, "/api/v1/tasks/\(task)/reminders", token: token).array("reminders")
            #expect(stored.first?["at"] as? String == "2030-04-30T17:00:00.000Z")
            #expect(stored.first?["silenced"] as? Bool == true)
        }
    }

    @Test func SYNC2_conflictsResolvePerFieldByClockAndAFutureClockIsClamped() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let phone = UUID().uuidString.lowercased()
            let laptop = UUID().uuidString.lowercased()
            let task = try await api.createTask(token, ["title": "Plan trip"])
            let id = task["id"] as! String
            // The web edit is later than the phone's offline edit of the title, not of the priority.
            _ = try await api.call(.patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "Plan the trip"])
            let stale = try await Self.push(
                api, token, client: phone,
                [
                    Self.mutation(
                        1, "task.update", ["id": id, "fields": ["title": "Trip!", "priority": "high"]],
                        clock: Self.clock(-60, node: phone))
                ])
            #expect(Self.statuses(stale) == ["applied"])
            #expect(stale.array("results").first?["superseded"] as? [String] == ["title"])
            var shown = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(shown.string("title") == "Plan the trip")
            #expect(shown.string("priority") == "high")
            // A device whose clock is a year ahead is clamped to the server's time: it does not win forever.
            let ahead = try await Self.push(
                api, token, client: laptop,
                [
                    Self.mutation(
                        1, "task.update", ["id": id, "fields": ["notes": "from the future"]],
                        clock: Self.clock(365 * 86_400, node: laptop))
                ])
            #expect(Self.statuses(ahead) == ["applied"])
            try await Task.sleep(for: .milliseconds(20))
            let later = try await Self.push(
                api, token, client: phone,
                [
                    Self.mutation(
                        2, "task.update", ["id": id, "fields": ["notes": "from now"]],
                        clock: Self.clock(1, node: phone))
                ])
            #expect(later.array("results").first?["superseded"] == nil)
            shown = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(shown.string("notes") == "from now")
        }
    }

    @Test func SYNC2_aDeleteBeatsAConcurrentEditAndARestoreIsAnExplicitLaterEdit() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let (a, b) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
            let id = try await api.createTask(token, ["title": "Shared chore"])["id"] as! String
            let deleted = try await Self.push(
                api, token, client: a,
                [
                    Self.mutation(1, "task.delete", ["id": id], clock: Self.clock(-10, node: a))
                ])
            #expect(Self.statuses(deleted) == ["applied"])
            let edit = try await Self.push(
                api, token, client: b,
                [
                    Self.mutation(
                        1, "task.update", ["id": id, "fields": ["title": "Edited later"]],
                        clock: Self.clock(node: b)),
                    Self.mutation(2, "task.delete", ["id": id], clock: Self.clock(counter: 1, node: b)),
                    Self.mutation(3, "task.restore", ["id": id], clock: Self.clock(counter: 2, node: b)),
                    Self.mutation(
                        4, "task.update", ["id": id, "fields": ["title": "Back again"]],
                        clock: Self.clock(counter: 3, node: b)),
                ])
            #expect(Self.statuses(edit) == ["rejected", "applied", "applied", "applied"])
            #expect((edit.array("results")[0]["error"] as? [String: Any])?["code"] as? String == "in_trash")
            let shown = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(shown["deletedAt"] is NSNull)
            #expect(shown.string("title") == "Back again")
        }
    }

    @Test func SYNC4_pullCompactsChangesAndAFirstOrStaleCursorGetsTheWholeStateInPages() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            var ids: [String] = []
            for index in 1...5 { ids.append(try await api.createTask(token, ["title": "Task \(index)"])["id"] as! String) }
            let full = try await Self.pullAll(api, token, limit: 2)
            #expect(full.count >= 3)
            #expect(full.first?["reset"] as? Bool == true)
            #expect(full.dropFirst().allSatisfy { $0["reset"] as? Bool == false })
            #expect(full.first?["account"] != nil)
            #expect(Set(full.flatMap { $0.array("tasks").map { $0["id"] as? String ?? "" } }) == Set(ids))
            #expect(full.first?.array("lists").contains { $0["isInbox"] as? Bool == true } == true)
            let cursor = full.last!.string("cursor")
            let idle = try await Self.pull(api, token, cursor: cursor)
            #expect(idle.array("tasks").isEmpty && idle["more"] as? Bool == false && idle.string("cursor") == cursor)
            for title in ["One", "Two", "Three"] {
                _ = try await api.call(.patch, "/api/v1/tasks/\(ids[0])", token: token, json: ["title": title])
            }
            _ = try await api.call(.delete, "/api/v1/tasks/\(ids[1])", token: token)
            let delta = try await Self.pull(api, token, cursor: cursor)
            let tasks = delta.array("tasks")
            #expect(tasks.count == 2)
            #expect(tasks.first { $0["id"] as? String == ids[0] }?["title"] as? String == "Three")
            #expect(tasks.first { $0["id"] as? String == ids[1] }?["deletedAt"] is String)
            // A cursor beyond the feed's end (another server's) gets a reset; a made-up one is refused.
            let ahead = try await Self.pull(api, token, cursor: "999999")
            #expect(ahead["reset"] as? Bool == true)
            let bad = try await Self.pull(api, token, cursor: "yesterday")
            #expect(bad.status == .badRequest && bad.errorField == "cursor")
        }
    }

    @Test func SYNC4_aMemberAddedSeesTheSharedListArriveAndARemovedOneSeesItLeave() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let benID = try await api.call(.get, "/api/v1/me", token: ben).string("id")
            let listID = try await api.createList(ann, "Household")
            let taskID = try await api.createTask(ann, ["title": "Groceries", "listId": listID])["id"] as! String
            let start = try await Self.pullAll(api, ben).last!.string("cursor")
            _ = try await api.call(
                .post, "/api/v1/lists/\(listID)/members", token: ann,
                json: ["login": "ben", "role": "editor"])
            // The feed holds the list but not its tasks: Ben's device gets the whole state again, list and tasks.
            let added = try await Self.pullAll(api, ben, cursor: start)
            #expect(added.first?["reset"] as? Bool == true)
            #expect(added.flatMap { $0.array("lists") }.contains { $0["id"] as? String == listID })
            #expect(added.flatMap { $0.array("tasks") }.contains { $0["id"] as? String == taskID })
            _ = try await api.call(.patch, "/api/v1/tasks/\(taskID)", token: ann, json: ["title": "Groceries!"])
            let edited = try await Self.pull(api, ben, cursor: added.last!.string("cursor"))
            #expect(edited.array("tasks").first?["title"] as? String == "Groceries!")
            _ = try await api.call(.delete, "/api/v1/lists/\(listID)/members/\(benID)", token: ann)
            let removed = try await Self.pull(api, ben, cursor: edited.string("cursor"))
            #expect(removed.array("deleted").contains { $0["entity"] as? String == "list" && $0["id"] as? String == listID })
        }
    }

    @Test func SYNC4_aListInTheTrashTravelsToItsOwnerWithItsTasksAndComesBackWhenRestored() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let listID = try await api.createList(token, "Garden")
            let taskID = try await api.createTask(token, ["title": "Prune roses", "listId": listID])["id"] as! String
            let cursor = try await Self.pullAll(api, token).last!.string("cursor")
            _ = try await api.call(.delete, "/api/v1/lists/\(listID)", token: token)
            let trashed = try await Self.pullAll(api, token, cursor: cursor)
            #expect(trashed.flatMap { $0.array("lists") }.first { $0["id"] as? String == listID }?["deletedAt"] is String)
            #expect(trashed.flatMap { $0.array("tasks") }.first { $0["id"] as? String == taskID }?["deletedAt"] is String)
            // A first sync carries it too, so a new device can restore it.
            let fresh = try await Self.pullAll(api, token)
            #expect(fresh.flatMap { $0.array("lists") }.contains { $0["id"] as? String == listID })
            #expect(fresh.flatMap { $0.array("tasks") }.contains { $0["id"] as? String == taskID })
            let client = UUID().uuidString.lowercased()
            let restored = try await Self.push(
                api, token, client: client,
                [
                    Self.mutation(1, "list.restore", ["id": listID], clock: Self.clock(node: client))
                ])
            #expect(Self.statuses(restored) == ["applied"])
            let back = try await Self.pullAll(api, token, cursor: trashed.last!.string("cursor"))
            #expect(back.flatMap { $0.array("lists") }.first { $0["id"] as? String == listID }?["deletedAt"] is NSNull)
        }
    }

    @Test func SYNC1_pullReportsTheDevicesLastHandledMutation() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let client = UUID().uuidString.lowercased()
            _ = try await Self.push(
                api, token, client: client,
                [
                    Self.mutation(
                        1, "list.create", ["id": ListID.make().description, "name": "Errands"],
                        clock: Self.clock(node: client))
                ])
            let page = try await Self.pullAll(api, token, client: client).last!
            #expect(page["lastMutationId"] as? Int == 1)
        }
    }

    @Test func SYNC1_badPushesAreRefusedWithTheFieldNamed() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let other = try await api.register("bob")
            let client = UUID().uuidString.lowercased()
            let one = Self.mutation(
                1, "task.create", ["id": TaskID.make().description, "title": "x"],
                clock: Self.clock(node: client))
            let tooMany = (1...101).map {
                Self.mutation(
                    $0, "task.complete", ["id": TaskID.make().description],
                    clock: Self.clock(node: client))
            }
            let cases: [([String: Any], String)] = [
                (["mutations": [one]], "clientId"),
                (["clientId": "not-a-uuid", "mutations": [one]], "clientId"),
                (["clientId": client], "mutations"),
                (["clientId": client, "mutations": tooMany], "mutations"),
                (
                    ["clientId": client, "mutations": [["id": 1, "name": "task.create", "hlc": "soon", "args": [:]]]],
                    "mutations[0].hlc"
                ),
                (
                    ["clientId": client, "mutations": [["name": "task.create", "hlc": Self.clock(node: client)]]],
                    "mutations[0].id"
                ),
                (["clientId": client, "mutations": [one, one]], "mutations"),
            ]
            for (body, field) in cases {
                let response = try await api.call(.post, "/api/v1/sync/push", token: token, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorField == field, "\(String(describing: response.json))")
            }
            #expect(try await api.tasks(token).isEmpty)
            _ = try await Self.push(api, token, client: client, [one])
            let taken = try await Self.push(api, other, client: client, [one])
            #expect(taken.status == .conflict && taken.errorCode == "client_taken")
        }
    }
}
