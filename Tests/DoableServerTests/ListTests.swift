import DoableCore
import Foundation
import Testing

@Suite("Lists")
struct ListTests {
    @Test func LIST1_createWithEveryFieldAndRules() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let created = try await api.call(
                .post, "/api/v1/lists", token: token,
                json: [
                    "name": "  Groceries ", "description": "Weekly shop", "color": "#12ab9f", "icon": "🛒",
                ])
            #expect(created.status == .created)
            #expect(created.string("name") == "Groceries")
            #expect(created.string("color") == "#12AB9F")
            #expect(created.string("icon") == "🛒")
            #expect(created["openTaskCount"] as? Int == 0)
            let cases: [([String: Any], String)] = [
                (["name": ""], "name"), (["name": String(repeating: "n", count: 51)], "name"),
                (["name": "ok", "description": String(repeating: "d", count: 501)], "description"),
                (["name": "ok", "color": "#12345"], "color"), (["name": "ok", "color": "mauve"], "color"),
                (["name": "ok", "icon": "ab"], "icon"), (["name": 5], "name"), (["description": "x"], "name"),
            ]
            for (body, field) in cases {
                let response = try await api.call(.post, "/api/v1/lists", token: token, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorField == field, "\(body)")
            }
            let duplicate = try await api.call(.post, "/api/v1/lists", token: token, json: ["name": "GROCERIES"])
            #expect(duplicate.status == .conflict)
            #expect(duplicate.errorField == "name")
            let lists = try await api.call(.get, "/api/v1/lists", token: token).array("lists")
            #expect(lists.count == 2)
        }
    }

    @Test func LIST2_editArchiveAndReorder() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let work = try await api.createList(token, "Work")
            let home = try await api.createList(token, "Home")
            let edited = try await api.call(
                .patch, "/api/v1/lists/\(work)", token: token,
                json: ["name": "Office", "color": "green", "isArchived": true])
            #expect(edited.status == .ok)
            #expect(edited.string("name") == "Office")
            #expect(edited["isArchived"] as? Bool == true)
            let moved = try await api.call(.post, "/api/v1/lists/\(home)/move", token: token, json: ["beforeId": work])
            #expect(moved.status == .ok)
            let names = try await api.call(.get, "/api/v1/lists", token: token).array("lists").map { $0["name"] as? String }
            #expect(names == ["Inbox", "Home", "Office"])
            let inbox = try await api.call(.get, "/api/v1/me", token: token).string("inboxId")
            let moveFirst = try await api.call(
                .post, "/api/v1/lists/\(work)/move", token: token,
                json: ["beforeId": inbox])
            #expect(moveFirst.status == .ok)
            let again = try await api.call(.get, "/api/v1/lists", token: token).array("lists").map { $0["name"] as? String }
            #expect(again == ["Office", "Inbox", "Home"])
            let renameInbox = try await api.call(.patch, "/api/v1/lists/\(inbox)", token: token, json: ["name": "Mine"])
            #expect(renameInbox.status == .conflict)
        }
    }

    @Test func LIST3_deletingAListTrashesItWithItsTasksAndRestoreBringsThemBack() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let trip = try await api.createList(token, "Trip")
            let parent = try await api.createTask(token, ["title": "Pack", "listId": trip])
            _ = try await api.createTask(token, ["title": "Socks", "parentId": parent["id"] as Any])
            #expect(try await api.call(.delete, "/api/v1/lists/\(trip)", token: token).status == .noContent)
            #expect(try await api.call(.get, "/api/v1/lists/\(trip)", token: token).status == .notFound)
            #expect(try await api.tasks(token).isEmpty)
            let trash = try await api.call(.get, "/api/v1/trash", token: token)
            #expect(trash.array("lists").map { $0["name"] as? String } == ["Trip"])
            let reused = try await api.createList(token, "Trip")
            #expect(
                try await api.call(.post, "/api/v1/lists/\(trip)/restore", token: token).status == .conflict,
                "restoring under a name now taken is refused")
            #expect(try await api.call(.delete, "/api/v1/lists/\(reused)", token: token).status == .noContent)
            let restored = try await api.call(.post, "/api/v1/lists/\(trip)/restore", token: token)
            #expect(restored.status == .ok)
            #expect(restored["openTaskCount"] as? Int == 2)
            #expect(try await api.tasks(token, "list=\(trip)").count == 2)
            let inbox = try await api.call(.get, "/api/v1/me", token: token).string("inboxId")
            let refused = try await api.call(.delete, "/api/v1/lists/\(inbox)", token: token)
            #expect(refused.status == .conflict)
            #expect(refused.errorCode == "inbox_protected")
        }
    }

    @Test func LIST4_listsShowOpenTaskCountsAndTasksWithoutAListLandInTheInbox() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let task = try await api.createTask(token, ["title": "Call mum"])
            _ = try await api.createTask(token, ["title": "Done already", "status": "completed"])
            let inbox = try await api.call(.get, "/api/v1/me", token: token).string("inboxId")
            #expect(task["listId"] as? String == inbox)
            let lists = try await api.call(.get, "/api/v1/lists", token: token).array("lists")
            #expect(lists.first?["openTaskCount"] as? Int == 1)
        }
    }
}
