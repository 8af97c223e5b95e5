import DoableServer
import Foundation
import HTTPTypes
import Testing

/// Issue 29 item 3 (VIEW-3): the task page as a panel beside its list, with due date, priority, list and labels
/// as chips whose pickers send the task form; a quick due choice; a refused field opens its picker.
@Suite struct WebTaskPanelTests {
    private struct Setup {
        let web: WebClient
        let api: APIClient
        let token: String
        let list: String
    }

    private func setup(_ web: WebClient, _ api: APIClient) async throws -> Setup {
        try await web.register("pia")
        let token = try await web.apiToken("pia")
        let list = try await api.createList(token, "Errands")
        return Setup(web: web, api: api, token: token, list: list)
    }

    private func task(_ setup: Setup, _ id: String) async throws -> APIResponse {
        try await setup.api.call(.get, "/api/v1/tasks/\(id)", token: setup.token)
    }

    @Test func VIEW3_theTaskPageShowsItsListBesideIt() async throws {
        try await TestServer().runWeb { web, api in
            let s = try await setup(web, api)
            let stamps = try await api.createTask(s.token, ["title": "Buy stamps", "listId": s.list])["id"] as? String ?? ""
            let parcel = try await api.createTask(s.token, ["title": "Post parcel", "listId": s.list])["id"] as? String ?? ""
            let done = try await api.createTask(s.token, ["title": "Old errand", "listId": s.list])["id"] as? String ?? ""
            try await api.call(.post, "/api/v1/tasks/\(done)/complete", token: s.token)
            let page = try await web.get("/tasks/\(stamps)")
            #expect(page.status == .ok)
            let body = page.body
            #expect(body.contains("<nav class=\"list-pane\" aria-label=\"Tasks in Errands\">"))
            #expect(body.contains("href=\"/tasks/\(stamps)\" class=\"pane-task\" aria-current=\"page\" aria-label=\"Buy stamps (open)\""))
            #expect(body.contains("href=\"/tasks/\(parcel)\" class=\"pane-task\">"))
            #expect(!body.contains("href=\"/tasks/\(done)\" class=\"pane-task"), "a completed task stays off the pane")
            #expect(body.contains("<article class=\"task-panel\" aria-labelledby=\"task-heading\">"))
            #expect(body.contains("aria-label=\"Close the task, back to Errands\""))
            #expect(body.contains("<body class=\"wide task-open\""))
            // Each row id once: the pane holds links, not a second set of rows.
            #expect(body.components(separatedBy: "id=\"task-\(parcel)\"").count <= 2)
            // A subtask's page: its parent is the path in the pane (the breadcrumb links to it), its own subtasks
            // are in the panel only.
            let child =
                try await api.createTask(s.token, ["title": "Find stamps box", "parentId": stamps])["id"] as? String ?? ""
            let grandchild =
                try await api.createTask(s.token, ["title": "Look in the drawer", "parentId": child])["id"] as? String ?? ""
            let sub = try await web.get("/tasks/\(child)").body
            #expect(sub.contains("<span class=\"pane-task\"><span class=\"pane-title\">Buy stamps</span>"))
            #expect(!sub.contains("href=\"/tasks/\(stamps)\" class=\"pane-task"))
            #expect(sub.contains("<nav class=\"breadcrumb\" aria-label=\"Where this task is\">"))
            #expect(sub.contains("href=\"/tasks/\(child)\" class=\"pane-task\" aria-current=\"page\" aria-label=\"Find stamps box (open)\""))
            #expect(!sub.contains("href=\"/tasks/\(grandchild)\" class=\"pane-task"))
            #expect(sub.contains("<a class=\"task-title\" href=\"/tasks/\(grandchild)\">Look in the drawer</a>"))
        }
    }

    @Test func VIEW3_chipsShowTheTaskAndTheirPickersBelongToTheTaskForm() async throws {
        try await TestServer().runWeb { web, api in
            let s = try await setup(web, api)
            let label = try await api.call(.post, "/api/v1/labels", token: s.token, json: ["name": "outside"]).string("id")
            let id =
                try await api.createTask(
                    s.token, ["title": "Rake leaves", "listId": s.list, "priority": "high", "labelIds": [label]])["id"]
                as? String ?? ""
            let body = try await web.get("/tasks/\(id)").body
            #expect(body.contains("<details class=\"chip-picker chip-due\" id=\"pick-due\">"))
            #expect(body.contains("aria-label=\"Set a due date\""))
            #expect(body.contains("aria-label=\"Priority: High. Change the priority\""))
            #expect(body.contains("aria-label=\"List: Errands. Move to another list\""))
            #expect(body.contains("aria-label=\"Labels: outside. Choose labels\""))
            #expect(body.contains("name=\"priority\" value=\"high\" form=\"task-form\" checked"))
            #expect(body.contains("name=\"labels\" value=\"\(label)\" form=\"task-form\" checked"))
            #expect(body.contains("id=\"f-dueDate\" name=\"dueDate\" type=\"date\" value=\"\" form=\"task-form\""))
            // Nothing on it says "optional" or states a rule before something is wrong.
            #expect(!body.contains("(optional)</span></label>\n<input id=\"f-dueDate\""))
            #expect(!body.contains("1 to 200 characters"))
        }
    }

    @Test func VIEW3_aDueChoiceSetsTheDayKeepsTheTimeAndNoDateClearsIt() async throws {
        try await TestServer().runWeb { web, api in
            let s = try await setup(web, api)
            let id = try await api.createTask(s.token, ["title": "Dentist", "listId": s.list])["id"] as? String ?? ""
            let page = try await web.get("/tasks/\(id)")
            let version = try #require(page.hidden("version"))
            let tomorrow = try #require(WebClient.first("name=\"dueChoice\" value=\"([0-9-]+)\">Tomorrow", in: page.body))
            let set = try await web.post(
                "/tasks/\(id)",
                [("title", "Dentist"), ("version", version), ("priority", "none"), ("dueChoice", tomorrow)])
            #expect(set.status == .seeOther)
            var saved = try await task(s, id)
            #expect(saved.string("due") == tomorrow && saved.string("title") == "Dentist")
            let again = try #require(try await web.get("/tasks/\(id)").hidden("version"))
            let cleared = try await web.post(
                "/tasks/\(id)",
                [("title", "Dentist"), ("version", again), ("dueDate", tomorrow), ("dueChoice", "none")])
            #expect(cleared.status == .seeOther)
            saved = try await task(s, id)
            #expect(saved.object["due"] == nil || saved.object["due"] is NSNull)
        }
    }

    @Test func VIEW3_aRefusedDueTimeComesBackWithItsPickerOpen() async throws {
        try await TestServer().runWeb { web, api in
            let s = try await setup(web, api)
            let id = try await api.createTask(s.token, ["title": "Call mum", "listId": s.list])["id"] as? String ?? ""
            let version = try #require(try await web.get("/tasks/\(id)").hidden("version"))
            let refused = try await web.post(
                "/tasks/\(id)", [("title", "Call mum"), ("version", version), ("dueTime", "09:30")])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("<details class=\"chip-picker chip-due\" id=\"pick-due\" open>"))
            #expect(refused.body.contains("id=\"f-dueDate-error\">Choose a date for this time.</p>"))
            #expect(refused.body.contains("name=\"dueTime\" type=\"time\" value=\"09:30\""))
            // Sent by the page's script: the field and the message as JSON, for the picker to show.
            let json = try await web.post(
                "/tasks/\(id)", [("title", "Call mum"), ("version", version), ("dueTime", "09:30")], fetch: true)
            #expect(json.status == .badRequest)
            let error = json.json["error"] as? [String: Any]
            #expect(error?["field"] as? String == "dueDate")
        }
    }

    @Test func VIEW3_aStaleFormSentByTheScriptIsAConflictInWords() async throws {
        try await TestServer().runWeb { web, api in
            let s = try await setup(web, api)
            let id = try await api.createTask(s.token, ["title": "Plan trip", "listId": s.list])["id"] as? String ?? ""
            let version = try #require(try await web.get("/tasks/\(id)").hidden("version"))
            try await api.call(.patch, "/api/v1/tasks/\(id)", token: s.token, json: ["title": "Plan the trip"])
            let stale = try await web.post(
                "/tasks/\(id)", [("title", "Mine"), ("version", version), ("priority", "low")], fetch: true)
            #expect(stale.status == .conflict)
            let message = (stale.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("changed elsewhere"), "\(message)")
            #expect(try await task(s, id).string("title") == "Plan the trip")
        }
    }
}
