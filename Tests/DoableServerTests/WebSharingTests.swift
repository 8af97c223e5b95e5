import DoableCore
import DoableServer
import Foundation
import HTTPTypes
import Testing

/// Issue 12 in the browser: sharing a list from its settings page (COLLAB-1), what each role sees and may do there
/// and on the list page (COLLAB-3), and the notification centre with its bell (NOTIF-2, NOTIF-4). Two browsers,
/// one per member, share one server.
@Suite struct WebSharingTests {
    /// Ann owns "Household" and Ben has an account; returns Ben's browser and the list's id.
    private func annAndBen(_ ann: WebClient, _ api: APIClient) async throws -> (WebClient, String) {
        try await ann.register("ann")
        let created = try await ann.post("/lists", [("name", "Household"), ("color", "green")])
        let id = try #require(WebClient.first("/lists/([0-9a-f-]+)", in: created.location ?? ""))
        let ben = WebClient(api.client)
        try await ben.register("ben")
        return (ben, id)
    }

    private func share(_ ann: WebClient, _ list: String, with login: String, as role: String) async throws {
        let shared = try await ann.post("/lists/\(list)/members", [("login", login), ("role", role)])
        #expect(shared.status == .seeOther, "\(shared.body.prefix(400))")
    }

    /// The account id of `username` in the members section `page` shows.
    private func memberID(_ username: String, on page: WebPageResponse) throws -> String {
        try #require(WebClient.first("for=\"role-([0-9a-f-]+)\">Role of \(username)<", in: page.body))
    }

    @Test func COLLAB1_ownerSharesAListFromTheSettingsPage() async throws {
        try await TestServer().runWeb { ann, api in
            let (ben, list) = try await annAndBen(ann, api)
            let settings = try await ann.get("/lists/\(list)/edit")
            #expect(
                settings.body.contains(
                    "<section id=\"members\" class=\"members\" aria-labelledby=\"members-heading\">"))
            #expect(settings.body.contains("<h2 id=\"members-heading\">Members</h2>"))
            #expect(settings.body.contains(">Username or email") && settings.body.contains("name=\"login\""))
            #expect(settings.body.contains("<option value=\"editor\" selected>Editor</option>"))
            let shared = try await ann.post("/lists/\(list)/members", [("login", "ben"), ("role", "editor")])
            #expect(shared.status == .seeOther && shared.location == "/lists/\(list)/edit#members")
            let after = try await ann.get("/lists/\(list)/edit")
            #expect(after.body.contains("Shared “Household” with ben as editor"))
            #expect(after.body.contains(">Role of ben</label>"))
            #expect(after.body.contains("aria-label=\"Remove ben\""))
            #expect(!after.body.contains("aria-label=\"Make owner: ben\""), "only an admin can be made owner")
            // The owner's list page and sidebar say it is shared.
            let page = try await ann.get("/lists/\(list)")
            #expect(page.body.contains("Shared with 1 person"))
            #expect(page.body.contains("<span class=\"shared-mark\">shared</span>"))
            // Ben sees it under "Shared with me", with his role.
            let today = try await ben.get("/today")
            #expect(today.body.contains("Shared with me"))
            #expect(today.body.contains("title=\"Household · editor\""))
            let bens = try await ben.get("/lists/\(list)")
            #expect(bens.status == .ok && bens.body.contains("Shared by ann"))
            #expect(bens.body.contains("you are an editor") && bens.body.contains("id=\"inline-add\""))
        }
    }

    @Test func COLLAB1_anUnknownLoginIsRefusedNextToTheField() async throws {
        try await TestServer().runWeb { ann, api in
            let (_, list) = try await annAndBen(ann, api)
            let page = try await ann.post("/lists/\(list)/members", [("login", "nobody"), ("role", "viewer")])
            #expect(page.status == .badRequest)
            #expect(page.body.contains("id=\"f-login-error\">No member has this username or email.</p>"))
            #expect(page.body.contains("value=\"nobody\""))
            #expect(page.body.contains("<option value=\"viewer\" selected>"))
            let fetched = try await ann.post(
                "/lists/\(list)/members", [("login", "ben"), ("role", "owner")],
                fetch: true)
            #expect(fetched.status == .badRequest)
            #expect((fetched.json["error"] as? [String: Any])?["field"] as? String == "role")
            try await share(ann, list, with: "ben", as: "viewer")
            let again = try await ann.post("/lists/\(list)/members", [("login", "BEN"), ("role", "editor")])
            #expect(again.status == .conflict && again.body.contains("id=\"f-login-error\""))
        }
    }

    @Test func COLLAB3_aViewerReadsTheListButCannotChangeIt() async throws {
        try await TestServer().runWeb { ann, api in
            let (ben, list) = try await annAndBen(ann, api)
            try await ann.post("/tasks", [("text", "Fix the tap"), ("list", list)])
            try await share(ann, list, with: "ben", as: "viewer")
            let page = try await ben.get("/lists/\(list)")
            #expect(page.status == .ok && page.body.contains("Fix the tap"))
            #expect(page.body.contains("Shared by ann · <a href=\"/lists/\(list)/edit#members\">you are a viewer</a>"))
            #expect(!page.body.contains("id=\"inline-add\""))
            #expect(!page.body.contains("id=\"bulk\""))
            #expect(
                !page.body.contains("Mark &#39;Fix the tap&#39; as done") && !page.body.contains("class=\"task-menu\""),
                "rows show no control that changes them")
            #expect(
                !page.body.contains("<input type=\"hidden\" name=\"list\" value=\"\(list)\">"),
                "quick add stays on the Inbox")
            #expect(WebClient.first("data-due=\"[^\"]*\"( draggable)", in: page.body) == nil, "rows cannot be dragged")
            let refused = try await ben.post("/tasks", [("text", "Sneaky"), ("list", list)], fetch: true)
            #expect(refused.status == .forbidden)
            let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("You are a viewer of “Household”"), "\(message)")
            // The settings page shows the members to read, and the way out, but no form to change the list.
            let settings = try await ben.get("/lists/\(list)/edit")
            #expect(settings.status == .ok && settings.body.contains("<h2 id=\"members-heading\">Members</h2>"))
            #expect(settings.body.contains(">Leave list</button>"))
            #expect(!settings.body.contains("name=\"login\"") && !settings.body.contains("id=\"f-name\""))
            let save = try await ben.post("/lists/\(list)", [("name", "Mine now"), ("color", "red")])
            #expect(save.status == .forbidden && save.body.contains("admin role or higher"))
        }
    }

    @Test func COLLAB1_changingARoleOffersUndoAndRemovingEndsAccess() async throws {
        try await TestServer().runWeb { ann, api in
            let (ben, list) = try await annAndBen(ann, api)
            try await share(ann, list, with: "ben", as: "editor")
            let benID = try memberID("ben", on: try await ann.get("/lists/\(list)/edit"))
            let changed = try await ann.post("/lists/\(list)/members/\(benID)", [("role", "viewer")], fetch: true)
            let toast = try #require(changed.json["toast"] as? [String: Any])
            #expect(toast["message"] as? String == "ben is now a viewer of “Household”")
            #expect(try await ben.get("/lists/\(list)").body.contains("you are a viewer"))
            let undone = try await ann.post("/undo", [("token", try #require(toast["undo"] as? String))], fetch: true)
            #expect(undone.json["ok"] as? Bool == true)
            #expect(try await ben.get("/lists/\(list)").body.contains("you are an editor"))
            // Removing asks first without the script, then ends Ben's access: his page of it is a 404.
            let asked = try await ann.post("/lists/\(list)/members/\(benID)/remove", [])
            #expect(asked.status == .ok && asked.body.contains("Remove ben from “Household”?"))
            let removed = try await ann.post("/lists/\(list)/members/\(benID)/remove", [("confirmed", "1")])
            #expect(removed.status == .seeOther)
            let gone = try await ben.get("/lists/\(list)")
            #expect(gone.status == .notFound && gone.body.contains("This page does not exist"))
            #expect(!(try await ben.get("/today")).body.contains("Shared with me"))
        }
    }

    @Test func COLLAB1_theOwnerHandsTheListToAnAdminAfterAsking() async throws {
        try await TestServer().runWeb { ann, api in
            let (ben, list) = try await annAndBen(ann, api)
            try await share(ann, list, with: "ben", as: "admin")
            let settings = try await ann.get("/lists/\(list)/edit")
            #expect(settings.body.contains("aria-label=\"Make owner: ben\""))
            let benID = try memberID("ben", on: settings)
            let asked = try await ann.post("/lists/\(list)/members/\(benID)", [("role", "owner")])
            #expect(asked.status == .ok && asked.body.contains("Make ben the owner of “Household”?"))
            let handed = try await ann.post("/lists/\(list)/members/\(benID)", [("role", "owner"), ("confirmed", "1")])
            #expect(handed.status == .seeOther)
            #expect(try await ann.get("/lists/\(list)").body.contains("Shared by ben · "))
            #expect(try await ben.get("/lists/\(list)").body.contains("Shared with 1 person"))
        }
    }

    @Test func COLLAB1_aMemberLeavesASharedList() async throws {
        try await TestServer().runWeb { ann, api in
            let (ben, list) = try await annAndBen(ann, api)
            try await share(ann, list, with: "ben", as: "editor")
            let left = try await ben.post("/lists/\(list)/leave", [("confirmed", "1")], fetch: true)
            #expect(left.json["redirect"] as? String == "/today")
            #expect(((left.json["toast"] as? [String: Any])?["message"] as? String) == "You left “Household”")
            #expect(try await ben.get("/lists/\(list)").status == .notFound)
            let owners = try await ann.post("/lists/\(list)/leave", [("confirmed", "1")], fetch: true)
            #expect(owners.status == .conflict)
        }
    }

    @Test func NOTIF2_theBellCountsUnreadNotificationsAndTheCentreListsThem() async throws {
        try await TestServer().runWeb { ann, api in
            let (ben, list) = try await annAndBen(ann, api)
            let quiet = try await ben.get("/today")
            #expect(
                quiet.body.contains(
                    "id=\"bell\" class=\"bell icon-button\" href=\"/notifications\" aria-label=\"Notifications\""))
            #expect(quiet.body.contains("<span class=\"bell-count\" aria-hidden=\"true\" hidden>0</span>"))
            try await share(ann, list, with: "ben", as: "editor")
            let today = try await ben.get("/today")
            #expect(today.body.contains("aria-label=\"Notifications, 1 unread\""))
            #expect(today.body.contains("<span class=\"bell-count\" aria-hidden=\"true\">1</span>"))
            let centre = try await ben.get("/notifications")
            #expect(centre.status == .ok && centre.body.contains("<h1>Notifications</h1>"))
            #expect(centre.body.contains("ann shared “Household” with you"))
            #expect(centre.body.contains("class=\"notification is-unread\""))
            #expect(centre.body.contains(">just now</time>"))
            #expect(centre.body.contains("name=\"to\" value=\"/lists/\(list)\""))
            #expect(centre.body.contains(">Enable browser notifications</button>"))
            let marked = try await ben.post("/notifications/read", [])
            #expect(marked.status == .seeOther && marked.location == "/notifications")
            let read = try await ben.get("/notifications")
            #expect(!read.body.contains("is-unread") && read.body.contains("Nothing unread"))
            #expect(read.body.contains("aria-label=\"Notifications\""))
            #expect(!read.body.contains(">Mark all read</button>"))
        }
    }

    @Test func NOTIF2_openingANotificationMarksItReadAndGoesToItsTarget() async throws {
        try await TestServer().runWeb { ann, api in
            let (ben, list) = try await annAndBen(ann, api)
            try await share(ann, list, with: "ben", as: "viewer")
            let centre = try await ben.get("/notifications")
            let id = try #require(WebClient.first("action=\"/notifications/([0-9a-f-]+)/open\"", in: centre.body))
            let opened = try await ben.post("/notifications/\(id)/open", [("to", "/lists/\(list)")])
            #expect(opened.status == .seeOther && opened.location == "/lists/\(list)")
            #expect(try await ben.get("/today").body.contains("aria-label=\"Notifications\""))
            // Only paths on this site are followed; another member's notification is not found.
            let elsewhere = try await ben.post("/notifications/\(id)/open", [("to", "//evil.example")])
            #expect(elsewhere.location == "/notifications")
            #expect(try await ann.post("/notifications/\(id)/open", [("to", "/today")]).status == .notFound)
        }
    }
}

/// Issue 34: Today and Upcoming show my tasks and the unassigned ones of shared lists, with a switch for everyone's;
/// the search page filters by assignee as the API does (COLLAB-2, VIEW-1, TASK-7).
@Suite struct WebWhoseTasksTests {
    @Test func COLLAB2_VIEW1_todayAndUpcomingShowMineAndUnassignedWithASwitchForEveryones() async throws {
        try await TestServer().runWeb { ann, api in
            try await ann.register("ann")
            let annToken = try await ann.apiToken("ann")
            let ben = WebClient(api.client)
            try await ben.register("ben")
            let list = try await api.createList(annToken, "Household")
            let shared = try await api.call(
                .post, "/api/v1/lists/\(list)/members", token: annToken,
                json: ["login": "ben", "role": "editor"])
            #expect(shared.status == .created || shared.status == .ok)
            let benID = try await api.call(.get, "/api/v1/me", token: try await ben.apiToken("ben")).string("id")
            let annID = try await api.call(.get, "/api/v1/me", token: annToken).string("id")
            // Due today (UTC, the members' zone): a due date in the past cannot be given.
            let yesterday = Timestamp.now.civilDate.description
            for (title, assignee, due) in [
                ("Mine to do", annID, yesterday), ("Anyone to do", nil, yesterday),
                ("Ben to do", benID, yesterday), ("Ben later", benID, futureDay(2)),
                ("Mine later", annID, futureDay(2)),
            ] as [(String, String?, String)] {
                var body: [String: Any] = ["title": title, "listId": list, "due": due]
                if let assignee { body["assigneeId"] = assignee }
                let made = try await api.call(.post, "/api/v1/tasks", token: annToken, json: body)
                #expect(made.status == .created, "\(String(describing: made.json))")
            }

            let today = try await ann.get("/today")
            #expect(today.body.contains("Mine to do") && today.body.contains("Anyone to do"))
            #expect(!today.body.contains("Ben to do"))
            #expect(today.body.contains("1 task assigned to others is not shown"))
            #expect(today.body.contains("href=\"/today?show=everyone\""))
            let everyone = try await ann.get("/today?show=everyone")
            #expect(everyone.body.contains("Ben to do"))
            #expect(everyone.body.contains("Showing tasks assigned to others too."))

            let upcoming = try await ann.get("/upcoming")
            #expect(upcoming.body.contains("Mine later"))
            #expect(!upcoming.body.contains("Ben later"))
            #expect(try await ann.get("/upcoming?show=everyone").body.contains("Ben later"))

            // Ben sees his own and the unassigned, not Ann's.
            let bens = try await ben.get("/today")
            #expect(
                bens.body.contains("Ben to do") && bens.body.contains("Anyone to do")
                    && !bens.body.contains("Mine to do"))

            // A member with no shared list sees no switch.
            let cal = WebClient(api.client)
            try await cal.register("cal")
            #expect(!(try await cal.get("/today")).body.contains("Whose tasks"))

            // Search by assignee, as the API's `assignee`.
            let byBen = try await ann.get("/search?assignee=\(benID)&status=open")
            #expect(byBen.body.contains("2 tasks found."), "\(byBen.body.prefix(200))")
            #expect(byBen.body.contains("<option value=\"\(benID)\" selected>"))
            let byMe = try await ann.get("/search?assignee=me")
            #expect(byMe.body.contains("2 tasks found.") && byMe.body.contains("Mine to do"))
            let stranger = try await ann.get("/search?assignee=\(UUID().uuidString.lowercased())")
            #expect(stranger.body.contains("Choose yourself or someone you share a list with."))
        }
    }
}
