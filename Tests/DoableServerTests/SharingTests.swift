import DoableCore
import HTTPTypes
import Foundation
import Testing

/// Issue 12 through the API: sharing with roles, the role checks, assignees, comments, history, notifications and
/// account deletion with shared lists.
@Suite("Sharing")
struct SharingTests {
    /// Ann owns "Household"; Ben, Cat and Dan are members with the given roles; Eve is not a member.
    struct Household {
        let ann: String, ben: String, cat: String, dan: String, eve: String
        let listID: String
        let ids: [String: String]
    }

    static func household(_ api: APIClient, ben: String = "editor", cat: String = "viewer", dan: String = "admin")
        async throws -> Household
    {
        var tokens: [String: String] = [:]
        var ids: [String: String] = [:]
        for name in ["ann", "ben", "cat", "dan", "eve"] {
            tokens[name] = try await api.register(name)
            ids[name] = try await api.call(.get, "/api/v1/me", token: tokens[name]).string("id")
        }
        let listID = try await api.createList(tokens["ann"]!, "Household")
        for (name, role) in [("ben", ben), ("cat", cat), ("dan", dan)] {
            let added = try await api.call(
                .post, "/api/v1/lists/\(listID)/members", token: tokens["ann"],
                json: ["login": name, "role": role])
            #expect(added.status == .created, "\(String(describing: added.json))")
        }
        return Household(
            ann: tokens["ann"]!, ben: tokens["ben"]!, cat: tokens["cat"]!, dan: tokens["dan"]!,
            eve: tokens["eve"]!, listID: listID, ids: ids)
    }

    @Test func COLLAB1_sharedListsShowInEveryMembersListsWithTheirRoleAndTheMemberCount() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            for (token, role) in [
                (house.ann, "owner"), (house.ben, "editor"), (house.cat, "viewer"),
                (house.dan, "admin"),
            ] {
                let lists = try await api.call(.get, "/api/v1/lists", token: token).array("lists")
                let shared = lists.first { $0["id"] as? String == house.listID }
                #expect(shared?["role"] as? String == role)
                #expect(shared?["memberCount"] as? Int == 4)
            }
            let eveLists = try await api.call(.get, "/api/v1/lists", token: house.eve).array("lists")
            #expect(!eveLists.contains { $0["id"] as? String == house.listID })
            let members = try await api.call(.get, "/api/v1/lists/\(house.listID)/members", token: house.cat)
                .array("members")
            #expect(members.map { $0["username"] as? String ?? "" } == ["ann", "ben", "cat", "dan"])
            #expect(members.first?["role"] as? String == "owner")
        }
    }

    @Test func COLLAB1_badSharingInputNamesTheFieldAndChangesNothing() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let path = "/api/v1/lists/\(house.listID)/members"
            let cases: [([String: Any], Int, String)] = [
                (["login": "ann", "role": "editor"], 400, "login"),
                (["login": "nobody", "role": "editor"], 400, "login"),
                (["login": "ben", "role": "viewer"], 409, "login"),
                (["login": "BEN@example.com", "role": "viewer"], 409, "login"),
                (["login": "eve", "role": "boss"], 400, "role"),
                (["login": "eve", "role": "owner"], 400, "role"),
                (["login": "eve"], 400, "role"),
                (["role": "editor"], 400, "login"),
            ]
            for (body, status, field) in cases {
                let response = try await api.call(.post, path, token: house.ann, json: body)
                #expect(Int(response.status.code) == status, "\(body): \(String(describing: response.json))")
                #expect(response.errorField == field, "\(body)")
            }
            #expect(try await api.call(.get, path, token: house.ann).array("members").count == 4)
            let ownerDemoted = try await api.call(
                .patch, "\(path)/\(house.ids["ann"]!)", token: house.ann,
                json: ["role": "viewer"])
            #expect(ownerDemoted.status == .conflict)
            let ownerRemoved = try await api.call(.delete, "\(path)/\(house.ids["ann"]!)", token: house.dan)
            #expect(ownerRemoved.status == .conflict)
            let inbox = try await api.call(.get, "/api/v1/me", token: house.ann).string("inboxId")
            if !inbox.isEmpty {
                let sharedInbox = try await api.call(
                    .post, "/api/v1/lists/\(inbox)/members", token: house.ann,
                    json: ["login": "eve", "role": "viewer"])
                #expect(sharedInbox.status == .conflict)
            }
        }
    }

    @Test func COLLAB3_eachRoleMayDoWhatItsRoleAllowsAndIsToldWhichRoleIsNeeded() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let task = try await api.createTask(house.ann, ["title": "Buy milk", "listId": house.listID])
            let taskID = task["id"] as? String ?? ""
            // Viewer: reads, but every write is refused with 403 naming the role needed.
            #expect(try await api.call(.get, "/api/v1/tasks/\(taskID)", token: house.cat).status == .ok)
            let refused = try await api.call(
                .patch, "/api/v1/tasks/\(taskID)", token: house.cat,
                json: ["title": "Buy cheese"])
            #expect(refused.status == .forbidden)
            let message = ((refused["error"] as? [String: Any])?["message"] as? String) ?? ""
            #expect(message.contains("viewer") && message.contains("editor"), "\(message)")
            #expect(
                try await api.call(
                    .post, "/api/v1/tasks", token: house.cat,
                    json: ["title": "x", "listId": house.listID]
                ).status == .forbidden)
            #expect(
                try await api.call(.post, "/api/v1/tasks/\(taskID)/complete", token: house.cat).status
                    == .forbidden)
            // Editor: tasks yes; list settings and members no; deleting the list no.
            #expect(
                try await api.call(
                    .patch, "/api/v1/tasks/\(taskID)", token: house.ben,
                    json: ["title": "Buy oat milk"]
                ).status == .ok)
            #expect(
                try await api.call(
                    .patch, "/api/v1/lists/\(house.listID)", token: house.ben,
                    json: ["name": "Home"]
                ).status == .forbidden)
            #expect(
                try await api.call(
                    .post, "/api/v1/lists/\(house.listID)/members", token: house.ben,
                    json: ["login": "eve", "role": "viewer"]
                ).status == .forbidden)
            // Admin: settings and members yes; deleting the list is the owner's.
            #expect(
                try await api.call(
                    .patch, "/api/v1/lists/\(house.listID)", token: house.dan,
                    json: ["color": "green"]
                ).status == .ok)
            #expect(
                try await api.call(.delete, "/api/v1/lists/\(house.listID)", token: house.dan).status
                    == .forbidden)
            // Non-member: 404 for everything, never 403.
            for (method, path) in [
                (HTTPRequest.Method.get, "/api/v1/lists/\(house.listID)"),
                (.get, "/api/v1/tasks/\(taskID)"), (.patch, "/api/v1/tasks/\(taskID)"),
                (.get, "/api/v1/lists/\(house.listID)/members"),
                (.get, "/api/v1/tasks/\(taskID)/comments"),
                (.get, "/api/v1/tasks/\(taskID)/activity"),
            ] {
                let response = try await api.call(
                    method, path, token: house.eve,
                    json: method == .patch ? ["title": "mine"] : nil)
                #expect(response.status == .notFound, "\(method) \(path)")
            }
            let title = try await api.call(.get, "/api/v1/tasks/\(taskID)", token: house.ann).string("title")
            #expect(title == "Buy oat milk")
            // Search and the task list cover shared lists; a non-member finds nothing.
            #expect(try await api.tasks(house.cat, "q=oat").count == 1)
            #expect(try await api.tasks(house.eve, "q=oat").isEmpty)
        }
    }

    @Test func COLLAB1_roleChangesLeavingAndHandingOver() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let path = "/api/v1/lists/\(house.listID)/members"
            let task = try await api.createTask(house.ann, ["title": "Buy milk", "listId": house.listID])
            let taskID = task["id"] as? String ?? ""
            // Ann makes Ben a viewer: his next edit is refused.
            let demoted = try await api.call(
                .patch, "\(path)/\(house.ids["ben"]!)", token: house.ann,
                json: ["role": "viewer"])
            #expect(demoted.string("role") == "viewer")
            #expect(
                try await api.call(
                    .patch, "/api/v1/tasks/\(taskID)", token: house.ben,
                    json: ["title": "x"]
                ).status == .forbidden)
            // Handing over needs an admin.
            let toViewer = try await api.call(
                .patch, "\(path)/\(house.ids["ben"]!)", token: house.ann,
                json: ["role": "owner"])
            #expect(toViewer.status == .conflict)
            #expect(
                try await api.call(
                    .patch, "\(path)/\(house.ids["ben"]!)", token: house.dan,
                    json: ["role": "owner"]
                ).status == .forbidden)
            let handed = try await api.call(
                .patch, "\(path)/\(house.ids["dan"]!)", token: house.ann,
                json: ["role": "owner"])
            #expect(handed.status == .ok, "\(String(describing: handed.json))")
            let roles = try await api.call(.get, path, token: house.ann).array("members")
                .map { "\($0["username"] as? String ?? ""):\($0["role"] as? String ?? "")" }
            #expect(roles.first == "dan:owner")
            #expect(roles.contains("ann:admin"))
            #expect(try await api.call(.get, "/api/v1/tasks/\(taskID)", token: house.dan).status == .ok)
            // Cat leaves: the list is gone from her lists and answers 404.
            #expect(
                try await api.call(.delete, "\(path)/\(house.ids["cat"]!)", token: house.cat).status
                    == .noContent)
            #expect(try await api.call(.get, "/api/v1/lists/\(house.listID)", token: house.cat).status == .notFound)
            // The new owner deletes; the old owner, now admin, may not.
            #expect(
                try await api.call(.delete, "/api/v1/lists/\(house.listID)", token: house.ann).status
                    == .forbidden)
            #expect(
                try await api.call(.delete, "/api/v1/lists/\(house.listID)", token: house.dan).status
                    == .noContent)
            #expect(try await api.call(.get, "/api/v1/lists/\(house.listID)", token: house.ben).status == .notFound)
        }
    }

    @Test func COLLAB2_assigneesAreMembersAssignedToMeAndMovesClearThemVisibly() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let task = try await api.createTask(
                house.ben,
                [
                    "title": "Fix the tap", "listId": house.listID,
                    "assigneeId": house.ids["ann"]!,
                ])
            let taskID = task["id"] as? String ?? ""
            #expect(task["assigneeId"] as? String == house.ids["ann"])
            let outsider = try await api.call(
                .patch, "/api/v1/tasks/\(taskID)", token: house.ben,
                json: ["assigneeId": house.ids["eve"]!])
            #expect(outsider.status == .badRequest)
            #expect(outsider.errorField == "assigneeId")
            let mine = try await api.tasks(house.ann, "assignee=me")
            #expect(mine.map { $0["id"] as? String ?? "" } == [taskID])
            // Assigned to Ben, then moved by Ann to her private list: Ben is not a member there.
            _ = try await api.call(
                .patch, "/api/v1/tasks/\(taskID)", token: house.ann,
                json: ["assigneeId": house.ids["ben"]!])
            let privateList = try await api.createList(house.ann, "Private")
            let moved = try await api.call(
                .post, "/api/v1/tasks/\(taskID)/move", token: house.ann,
                json: ["listId": privateList])
            #expect(moved.status == .ok)
            #expect(moved["assigneeId"] is NSNull)
            let history = try await api.call(.get, "/api/v1/tasks/\(taskID)/activity", token: house.ann)
                .array("activity").map { $0["action"] as? String ?? "" }
            #expect(history.contains("unassigned"))
            #expect(history.contains("moved"))
            #expect(try await api.call(.get, "/api/v1/tasks/\(taskID)", token: house.ben).status == .notFound)
            // Ann was told of the first assignment.
            let notes = try await api.call(.get, "/api/v1/notifications", token: house.ann).array("notifications")
            #expect(notes.contains { $0["kind"] as? String == "taskAssigned" })
        }
    }

    @Test func TASK12_commentsFollowTheRolesAndTellTheAssignee() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let task = try await api.createTask(
                house.ann,
                [
                    "title": "Paint the fence", "listId": house.listID,
                    "assigneeId": house.ids["ben"]!,
                ])
            let taskID = task["id"] as? String ?? ""
            let path = "/api/v1/tasks/\(taskID)/comments"
            let posted = try await api.call(.post, path, token: house.dan, json: ["body": "  White, see https://example.com  "])
            #expect(posted.status == .created)
            #expect(posted.string("body") == "White, see https://example.com")
            #expect(posted.string("author") == "dan")
            let commentID = posted.string("id")
            #expect(try await api.call(.post, path, token: house.cat, json: ["body": "hi"]).status == .forbidden)
            #expect(try await api.call(.post, path, token: house.ben, json: ["body": ""]).errorField == "body")
            #expect(
                try await api.call(
                    .patch, "/api/v1/comments/\(commentID)", token: house.ben,
                    json: ["body": "Blue"]
                ).status == .forbidden)
            let edited = try await api.call(
                .patch, "/api/v1/comments/\(commentID)", token: house.dan,
                json: ["body": "Blue"])
            #expect(edited.string("body") == "Blue")
            #expect(edited["editedAt"] is String)
            #expect(try await api.call(.get, path, token: house.cat).array("comments").count == 1)
            #expect(
                try await api.call(.delete, "/api/v1/comments/\(commentID)", token: house.eve).status
                    == .notFound)
            #expect(
                try await api.call(.delete, "/api/v1/comments/\(commentID)", token: house.ben).status
                    == .forbidden)
            // Ben (the assignee) and Ann (who created the task) were told; Dan, the author, was not.
            for token in [house.ben, house.ann] {
                let notes = try await api.call(.get, "/api/v1/notifications", token: token)
                #expect(notes.array("notifications").contains { $0["kind"] as? String == "comment" })
                #expect((notes["unreadCount"] as? Int ?? 0) >= 1)
            }
            #expect(
                !(try await api.call(.get, "/api/v1/notifications", token: house.dan).array("notifications")
                    .contains { $0["kind"] as? String == "comment" }))
            // The owner deletes any comment.
            #expect(
                try await api.call(.delete, "/api/v1/comments/\(commentID)", token: house.ann).status
                    == .noContent)
            let history = try await api.call(.get, "/api/v1/tasks/\(taskID)/activity", token: house.cat)
                .array("activity")
            #expect(history.last?["action"] as? String == "created")
            #expect(history.last?["actor"] as? String == "ann")
            #expect(history.contains { $0["action"] as? String == "commented" && $0["actor"] as? String == "dan" })
        }
    }

    @Test func NOTIF4_notificationsAreReadOneByOneOrAll() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let notes = try await api.call(.get, "/api/v1/notifications", token: house.ben)
            #expect(notes["unreadCount"] as? Int == 1)
            let shared = notes.array("notifications").first
            #expect(shared?["kind"] as? String == "listShared")
            let title = shared?["title"] as? String ?? ""
            #expect(title.contains("Household"), "\(title)")
            let id = shared?["id"] as? String ?? ""
            #expect(
                try await api.call(
                    .post, "/api/v1/notifications/read", token: house.cat,
                    json: ["ids": [id]]
                ).status == .notFound)
            #expect(
                try await api.call(
                    .post, "/api/v1/notifications/read", token: house.ben,
                    json: ["ids": [id], "all": true]
                ).status == .badRequest)
            let read = try await api.call(.post, "/api/v1/notifications/read", token: house.ben, json: ["ids": [id]])
            #expect(read["unreadCount"] as? Int == 0)
            #expect(
                try await api.call(.get, "/api/v1/notifications?unread=true", token: house.ben)
                    .array("notifications").isEmpty)
            let all = try await api.call(.post, "/api/v1/notifications/read", token: house.cat, json: ["all": true])
            #expect(all["unreadCount"] as? Int == 0)
        }
    }

    @Test func TASK6_labelsStayEachMembersOwnOnSharedTasks() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let annLabel = try await api.call(.post, "/api/v1/labels", token: house.ann, json: ["name": "urgent"])
                .string("id")
            let benLabel = try await api.call(.post, "/api/v1/labels", token: house.ben, json: ["name": "mine"])
                .string("id")
            let task = try await api.createTask(
                house.ann,
                [
                    "title": "Shop", "listId": house.listID,
                    "labelIds": [annLabel],
                ])
            let taskID = task["id"] as? String ?? ""
            let benSees = try await api.call(
                .patch, "/api/v1/tasks/\(taskID)", token: house.ben,
                json: ["labelIds": [benLabel]])
            #expect(benSees["labelIds"] as? [String] == [benLabel])
            let annSees = try await api.call(.get, "/api/v1/tasks/\(taskID)", token: house.ann)
            #expect(annSees["labelIds"] as? [String] == [annLabel])
            #expect(
                try await api.call(
                    .patch, "/api/v1/tasks/\(taskID)", token: house.ben,
                    json: ["labelIds": [annLabel]]
                ).status == .notFound)
            let export = try await api.call(.get, "/api/v1/me/export", token: house.ann)
            let exported = export.array("tasks").first { $0["id"] as? String == taskID }
            #expect(exported?["labelIds"] as? [String] == [annLabel])
        }
    }

    @Test func TASK8_membersWhoMayEditSeeAndRestoreTheSharedTrash() async throws {
        try await TestServer.fresh { api in
            let house = try await Self.household(api)
            let task = try await api.createTask(house.ann, ["title": "Old errand", "listId": house.listID])
            let taskID = task["id"] as? String ?? ""
            #expect(try await api.call(.delete, "/api/v1/tasks/\(taskID)", token: house.ben).status == .noContent)
            let benTrash = try await api.call(.get, "/api/v1/trash", token: house.ben).array("tasks")
            #expect(benTrash.contains { $0["id"] as? String == taskID })
            let catTrash = try await api.call(.get, "/api/v1/trash", token: house.cat).array("tasks")
            #expect(!catTrash.contains { $0["id"] as? String == taskID })
            #expect(
                try await api.call(.post, "/api/v1/tasks/\(taskID)/restore", token: house.cat).status
                    == .forbidden)
            #expect(
                try await api.call(.post, "/api/v1/tasks/\(taskID)/restore", token: house.eve).status
                    == .notFound)
            #expect(try await api.call(.post, "/api/v1/tasks/\(taskID)/restore", token: house.ben).status == .ok)
        }
    }

    @Test func ACC6_deletingAnOwnerEndsItsListsForEveryMemberThroughTheFeed() async throws {
        let server = try TestServer()
        try await server.run { api in
            let house = try await Self.household(api)
            let benList = try await api.createList(house.ben, "Ben's garage")
            _ = try await api.call(
                .post, "/api/v1/lists/\(benList)/members", token: house.ben,
                json: ["login": "ann", "role": "editor"])
            let benTask = try await api.createTask(
                house.ben,
                [
                    "title": "Sort tools", "listId": benList,
                    "assigneeId": house.ids["ann"]!,
                ])
            let benTaskID = benTask["id"] as? String ?? ""
            _ = try await api.call(
                .post, "/api/v1/tasks/\(benTaskID)/comments", token: house.ann,
                json: ["body": "I'll do it"])
            let benID = AccountID(house.ids["ben"]!)!
            let before = try await server.store.latestSequence(accountID: benID)

            let deleted = try await api.call(
                .delete, "/api/v1/me", token: house.ann,
                json: ["password": "correct horse"])
            #expect(deleted.status == .noContent)
            // Ben's feed says Household is gone, his list lost a member, his task its assignee and a comment.
            let feed = try await server.store.changes(accountID: benID, after: before, limit: 100)
            #expect(feed.contains { $0.entity == .list && $0.kind == .delete && $0.entityID == house.listID })
            #expect(feed.contains { $0.entity == .member && $0.kind == .delete && $0.listID?.description == benList })
            #expect(feed.contains { $0.entity == .comment && $0.kind == .delete })
            #expect(feed.contains { $0.entity == .task && $0.entityID == benTaskID })
            #expect(try await api.call(.get, "/api/v1/lists/\(house.listID)", token: house.ben).status == .notFound)
            let after = try await api.call(.get, "/api/v1/tasks/\(benTaskID)", token: house.ben)
            #expect(after["assigneeId"] is NSNull)
            #expect(
                try await api.call(.get, "/api/v1/tasks/\(benTaskID)/comments", token: house.ben)
                    .array("comments").isEmpty)
            #expect(
                try await api.call(.get, "/api/v1/lists/\(benList)/members", token: house.ben)
                    .array("members").count == 1)
        }
    }
}
