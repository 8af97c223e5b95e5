import DoableServer
import Foundation
import HTTPTypes
import Testing

/// Issue 12 in the web app, on tasks: assignees (COLLAB-2), comments and history (TASK-12), the "Assigned to me"
/// view (VIEW-4) and read-only pages for viewers (COLLAB-3). Ann owns the list "Work" and shares it with Ben.
@Suite struct WebTaskCollaborationTests {
    /// Two browsers, Ann's and Ben's, and Ann's list "Work" shared with Ben in `role`.
    struct Team {
        let ann: WebClient
        let ben: WebClient
        let annToken: String
        let api: APIClient
        let work: String
        let annID: String
        let benID: String

        @discardableResult
        func task(_ title: String, in list: String? = nil, _ fields: [String: Any] = [:]) async throws -> String {
            var all = fields
            all["title"] = title
            all["listId"] = list ?? work
            return try await api.createTask(annToken, all)["id"] as? String ?? ""
        }
    }

    private func team(_ web: WebClient, _ api: APIClient, role: String = "editor") async throws -> Team {
        try await web.register("ann")
        let ben = WebClient(api.client)
        try await ben.register("ben")
        let token = try await web.apiToken("ann")
        let work = try await api.createList(token, "Work")
        let shared = try await api.call(
            .post, "/api/v1/lists/\(work)/members", token: token,
            json: ["login": "ben", "role": role])
        #expect(shared.status == .created, "share: \(String(describing: shared.json))")
        let me = try await api.call(.get, "/api/v1/me", token: token)
        return Team(
            ann: web, ben: ben, annToken: token, api: api, work: work, annID: me.string("id"),
            benID: shared.string("accountId"))
    }

    /// The message of the toast a redirect carries in its flash cookie.
    private func toast(_ page: WebPageResponse) -> String? {
        guard let cookie = page.setCookies.first(where: { $0.hasPrefix("doable_flash=") }) else { return nil }
        var value = String(cookie.dropFirst("doable_flash=".count).prefix { $0 != ";" })
        value = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while value.count % 4 != 0 { value += "=" }
        guard let data = Data(base64Encoded: value),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["message"] as? String
    }

    private func commentID(_ body: String, containing text: String) -> String? {
        let pattern = "id=\"comment-([0-9a-f-]+)\">(?:(?!</li>)[\\s\\S])*?"
        return WebClient.first(pattern + NSRegularExpression.escapedPattern(for: text), in: body)
    }

    @Test func TASK12_commentsShowOnTheTaskPageWithClickableLinks() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            let task = try await team.task("Write report")
            let text = "Draft at https://example.com/doc?a=1&b=2. <script>alert(1)</script> javascript:alert(2)"
            let added = try await team.ben.post("/tasks/\(task)/comments", [("body", text)])
            #expect(added.status == .seeOther && added.location?.hasPrefix("/tasks/\(task)#comment-") == true)
            #expect(toast(added) == "Comment added")
            let page = try await team.ann.get("/tasks/\(task)").body
            #expect(page.contains("<section aria-labelledby=\"comments-heading\" id=\"comments\""))
            #expect(page.contains("<h2 id=\"comments-heading\">Comments</h2>"))
            #expect(page.contains("<span class=\"comment-author\">ben</span> · <time"))
            #expect(page.contains("just now</time>"))
            #expect(
                page.contains(
                    "<a href=\"https://example.com/doc?a=1&amp;b=2\" rel=\"noopener noreferrer nofollow\">"))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(2)"))
            #expect(!page.contains("<script>alert(1)") && !page.contains("href=\"javascript"))
            #expect(page.contains("<label for=\"comment-body\">Add a comment</label>"))
            // The rows count the comments.
            let search = try await team.ann.get("/search?q=report").body
            #expect(search.contains("aria-label=\"1 comment\""))
        }
    }

    @Test func TASK12_authorsEditAndDeleteTheirOwnCommentsWithUndo() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            let task = try await team.task("Plan offsite")
            try await team.ben.post("/tasks/\(task)/comments", [("body", "First thought")])
            let page = try await team.ben.get("/tasks/\(task)").body
            let id = try #require(commentID(page, containing: "First thought"))
            #expect(page.contains("<summary>Edit comment</summary>") && page.contains(">Delete comment</button>"))
            let edited = try await team.ben.post(
                "/tasks/\(task)/comments/\(id)/edit",
                [("body", "Second thought"), ("version", "1")], fetch: true)
            #expect((edited.json["toast"] as? [String: Any])?["message"] as? String == "Comment saved")
            let after = try await team.ann.get("/tasks/\(task)").body
            #expect(after.contains("Second thought") && after.contains("(edited)"))
            // Ann (the owner) may delete Ben's comment but not edit it.
            #expect(!after.contains("<summary>Edit comment</summary>") && after.contains(">Delete comment</button>"))
            // Without the script, deleting asks first.
            let asked = try await team.ben.post("/tasks/\(task)/comments/\(id)/delete", [("version", "2")])
            #expect(asked.status == .ok && asked.body.contains("Delete this comment?"))
            let deleted = try await team.ben.post(
                "/tasks/\(task)/comments/\(id)/delete",
                [("version", "2"), ("confirmed", "1")], fetch: true)
            let undo = try #require((deleted.json["toast"] as? [String: Any])?["undo"] as? String)
            #expect(!(try await team.ann.get("/tasks/\(task)").body.contains("Second thought")))
            try await team.ben.post("/undo", [("token", undo)], fetch: true)
            #expect(try await team.ann.get("/tasks/\(task)").body.contains("Second thought"))
        }
    }

    @Test func TASK12_anOwnerDeletesAnotherMembersCommentButAnEditorCannot() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            let task = try await team.task("Budget")
            try await team.ben.post("/tasks/\(task)/comments", [("body", "Ben's note")])
            try await team.ann.post("/tasks/\(task)/comments", [("body", "Ann's note")])
            let page = try await team.ben.get("/tasks/\(task)").body
            let bens = try #require(commentID(page, containing: "Ben&#39;s note"))
            let anns = try #require(commentID(page, containing: "Ann&#39;s note"))
            // Ben is an editor: controls on his own comment only, and a forged delete is refused.
            #expect(page.components(separatedBy: ">Delete comment</button>").count == 2)
            let refused = try await team.ben.post("/tasks/\(task)/comments/\(anns)/delete", [("confirmed", "1")])
            #expect(refused.status == .forbidden)
            let deleted = try await team.ann.post("/tasks/\(task)/comments/\(bens)/delete", [("confirmed", "1")])
            #expect(deleted.status == .seeOther && toast(deleted) == "Comment deleted")
            let after = try await team.ben.get("/tasks/\(task)").body
            #expect(!after.contains("Ben&#39;s note") && after.contains("Ann&#39;s note"))
        }
    }

    @Test func TASK12_aRefusedCommentKeepsItsTextWithAndWithoutTheScript() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            let task = try await team.task("Empty talk")
            let long = String(repeating: "a", count: 5001)
            let page = try await team.ben.post("/tasks/\(task)/comments", [("body", long)])
            #expect(page.status == .badRequest)
            #expect(
                page.body.contains(
                    "aria-invalid=\"true\" aria-describedby=\"comment-body-error\">\(long)</textarea>"))
            #expect(page.body.contains("A comment must be 1 to 5,000 characters."))
            let json = try await team.ben.post("/tasks/\(task)/comments", [("body", "  ")], fetch: true)
            #expect(json.status == .badRequest)
            #expect((json.json["error"] as? [String: Any])?["field"] as? String == "body")
        }
    }

    @Test func TASK12_historySaysWhoDidWhatNewestFirst() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            let home = try await api.createList(team.annToken, "Home")
            let task = try await team.task("Call plumber")
            try await Task.sleep(for: .milliseconds(5))
            let saved = try await team.ben.post(
                "/tasks/\(task)",
                [
                    ("title", "Call the plumber"), ("version", "1"), ("status", "pending"), ("priority", "none"),
                    ("dueDate", futureDay()),
                ])
            #expect(saved.status == .seeOther, "\(saved.body.prefix(300))")
            // History lines are ordered by their moment: keep the steps apart.
            try await Task.sleep(for: .milliseconds(5))
            try await team.ben.post("/tasks/\(task)/complete", [("back", "/today")])
            try await Task.sleep(for: .milliseconds(5))
            try await team.ben.post("/tasks/\(task)/comments", [("body", "Done?")])
            try await Task.sleep(for: .milliseconds(5))
            try await team.ann.post("/tasks/\(task)/move", [("list", home)])
            let page = try await team.ann.get("/tasks/\(task)").body
            #expect(page.contains("<h2 id=\"history-heading\">History</h2>"))
            let lines = [
                "ann moved this to Home", "ben commented", "ben completed this", "ben changed title, due",
                "ann created this",
            ]
            let positions = lines.map { page.range(of: "<li>\($0) · <time")?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil }, "\(page)")
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "newest first")
        }
    }

    @Test func COLLAB2_theAssigneeSelectAssignsAMemberOfTheList() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            let task = try await team.task("Book venue")
            let page = try await team.ben.get("/tasks/\(task)").body
            #expect(page.contains("<label for=\"f-assigneeId\">Assignee</label>"))
            #expect(page.contains("<option value=\"\" selected>Nobody</option>"))
            #expect(page.contains("<option value=\"\(team.annID)\">Web Member (ann)</option>"))
            #expect(page.contains("<option value=\"\(team.benID)\">Web Member (ben)</option>"))
            let saved = try await team.ben.post(
                "/tasks/\(task)",
                [
                    ("title", "Book venue"), ("version", "1"), ("status", "pending"), ("priority", "none"),
                    ("assigneeId", team.annID),
                ])
            #expect(saved.status == .seeOther)
            let shown = try await api.call(.get, "/api/v1/tasks/\(task)", token: team.annToken)
            #expect(shown.string("assigneeId") == team.annID)
            let history = try await team.ann.get("/tasks/\(task)").body
            #expect(history.contains("<option value=\"\(team.annID)\" selected>Web Member (ann)</option>"))
            #expect(history.contains("ben assigned ann · <time"))
            let rows = try await team.ben.get("/search?q=venue").body
            #expect(rows.contains("<span class=\"assignee\" role=\"img\" aria-label=\"Assigned to ann\">ann</span>"))
            // Someone who is not a member is refused beside the field.
            let stranger = UUID().uuidString.lowercased()
            let refused = try await team.ben.post(
                "/tasks/\(task)",
                [
                    ("title", "Book venue"), ("status", "pending"), ("priority", "none"), ("assigneeId", stranger),
                ])
            #expect(refused.status == .badRequest && refused.body.contains("id=\"f-assigneeId-error\""))
            // "Nobody" clears it.
            try await team.ben.post(
                "/tasks/\(task)",
                [
                    ("title", "Book venue"), ("status", "pending"), ("priority", "none"), ("assigneeId", ""),
                ])
            let cleared = try await api.call(.get, "/api/v1/tasks/\(task)", token: team.annToken)
            #expect(cleared.object["assigneeId"] is NSNull)
        }
    }

    @Test func COLLAB2_movingATaskWhereItsAssigneeIsNoMemberSaysSoAndUndoPutsItBack() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            let home = try await api.createList(team.annToken, "Home")
            let task = try await team.task("Fix the door", ["assigneeId": team.benID])
            let moved = try await team.ann.post("/tasks/\(task)/move", [("list", home)], fetch: true)
            let toast = try #require(moved.json["toast"] as? [String: Any])
            #expect(
                toast["message"] as? String
                    == "Moved 'Fix the door' to Home; ben was unassigned (not a member of Home)")
            let unassigned = try await api.call(.get, "/api/v1/tasks/\(task)", token: team.annToken)
            #expect(unassigned.object["assigneeId"] is NSNull)
            try await team.ann.post("/undo", [("token", try #require(toast["undo"] as? String))], fetch: true)
            let back = try await api.call(.get, "/api/v1/tasks/\(task)", token: team.annToken)
            #expect(back.string("listId") == team.work && back.string("assigneeId") == team.benID)
            // The task page's Save says it too.
            let saved = try await team.ann.post(
                "/tasks/\(task)",
                [
                    ("title", "Fix the door"), ("status", "pending"), ("priority", "none"), ("list", home),
                    ("assigneeId", team.benID),
                ])
            #expect(self.toast(saved) == "Saved 'Fix the door'; ben was unassigned (not a member of Home)")
            let page = try await team.ann.get("/tasks/\(task)").body
            #expect(page.contains("<li>ann unassigned this (not a member of the new list) · <time"))
        }
    }

    @Test func COLLAB2_assignedToMeListsOpenTasksFromSharedLists() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api)
            try await team.task("Order chairs", ["assigneeId": team.benID, "due": futureDay(2)])
            try await team.task("Send invites", ["assigneeId": team.benID])
            let done = try await team.task("Old chore", ["assigneeId": team.benID])
            try await api.call(.post, "/api/v1/tasks/\(done)/complete", token: team.annToken)
            try await team.task("Ann's own", ["assigneeId": team.annID])
            try await team.task("Nobody's")
            let page = try await team.ben.get("/assigned")
            #expect(page.status == .ok)
            #expect(page.body.contains("<h1>Assigned to me</h1>"))
            #expect(page.body.contains("href=\"/assigned\" aria-current=\"page\"><svg class=\"icon\""))
            #expect(page.body.contains("#assigned\"></use></svg>Assigned to me</a>"))
            #expect(page.body.contains("Order chairs") && page.body.contains("Send invites"))
            for hidden in ["Old chore", "Ann&#39;s own", "Nobody"] { #expect(!page.body.contains(hidden)) }
            let chairs = try #require(page.body.range(of: "Order chairs"))
            let invites = try #require(page.body.range(of: "Send invites"))
            #expect(chairs.lowerBound < invites.lowerBound, "due dates first, no date last")
            #expect(page.body.contains(">No due date <span class=\"count\">1</span></h2>"))
            #expect(page.body.contains("task-list-name lc-\(team.work)\">Work</span>"))
            let empty = try await WebClient(api.client).get("/assigned")
            #expect(empty.status == .seeOther, "needs a member")
            let anns = try await team.ann.get("/assigned").body
            #expect(anns.contains("Ann&#39;s own") && !anns.contains("Order chairs"))
        }
    }

    @Test func COLLAB2_assignedToMeSaysWhenNothingIsAssigned() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register("solo")
            let page = try await web.get("/assigned").body
            #expect(page.contains("Nothing is assigned to you."))
        }
    }

    @Test func COLLAB3_viewerSeesAReadOnlyTaskPage() async throws {
        try await TestServer().runWeb { web, api in
            let team = try await team(web, api, role: "viewer")
            let task = try await team.task("Quarterly plan")
            try await team.ann.post("/tasks/\(task)/comments", [("body", "Please read")])
            let page = try await team.ben.get("/tasks/\(task)")
            #expect(page.status == .ok)
            let body = page.body
            #expect(body.contains("You can view this task; editing needs the editor role."))
            #expect(body.contains("<fieldset class=\"read-only\" disabled>"))
            #expect(body.contains("aria-label=\"&#39;Quarterly plan&#39; (view only)\""))
            #expect(!body.contains("Mark &#39;Quarterly plan&#39; as done"))
            #expect(!body.contains(">Save</button>") && !body.contains("Add a subtask"))
            #expect(!body.contains("action=\"/tasks/\(task)/delete\"") && !body.contains("More actions for this task"))
            #expect(!body.contains("chip-picker") && body.contains("chip-button chip-list is-static"))
            #expect(!body.contains("Add a comment") && !body.contains("Delete comment"))
            #expect(body.contains("Please read") && body.contains("<h2 id=\"history-heading\">History</h2>"))
            // What the page does not offer is refused anyway.
            let comment = try await team.ben.post("/tasks/\(task)/comments", [("body", "Sneaky")])
            #expect(comment.status == .forbidden)
            let save = try await team.ben.post(
                "/tasks/\(task)",
                [
                    ("title", "Mine"), ("status", "pending"), ("priority", "none"),
                ])
            #expect(save.status == .forbidden)
            // The rows of a list Ben only views are read-only too.
            let rows = try await team.ben.get("/search?q=quarterly").body
            #expect(rows.contains("class=\"task is-readonly\""))
            #expect(!rows.contains("Actions for &#39;Quarterly plan&#39;"))
            #expect(!rows.contains("Select &#39;Quarterly plan&#39;"))
        }
    }
}
