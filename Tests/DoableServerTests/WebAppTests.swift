import DoableCore
import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// Issue 11 on the server side: the pages, their security, quick add, Undo. The browser suite (tests/web) covers
/// the same flows in Chromium with the scripts.
@Suite struct WebAppTests {
    @Test func ACC2_registeringSignsInWithAFlaggedSessionCookie() async throws {
        try await TestServer().runWeb { web, _ in
            let first = try await web.get("/signin")
            let csrfCookie = first.setCookies.first { $0.hasPrefix("doable_csrf=") } ?? ""
            #expect(csrfCookie.contains("HttpOnly") && csrfCookie.contains("SameSite=Lax"))
            let page = try await web.post(
                "/register",
                [
                    ("email", "webby@example.com"), ("username", "webby"), ("password", "correct horse"),
                    ("firstName", "Web"), ("lastName", "Member"),
                ])
            #expect(page.status == .seeOther && page.location == "/today")
            let session = page.setCookies.first { $0.hasPrefix("doable_session=") } ?? ""
            #expect(session.contains("HttpOnly") && session.contains("SameSite=Lax") && !session.contains("Secure"))
            let today = try await web.get("/today")
            #expect(today.status == .ok && today.body.contains("<h1>Today</h1>"))
            let policy = today.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("script-src 'self';") && !policy.contains("unsafe-inline"))
        }
    }

    @Test func ACC1_aRefusedRegistrationKeepsWhatWasTypedAndNamesTheField() async throws {
        try await TestServer().runWeb { web, _ in
            let page = try await web.post(
                "/register",
                [
                    ("email", "not-an-address"), ("username", "ok_name"), ("password", "correct horse"),
                    ("firstName", "Ada"), ("lastName", "Lovelace"),
                ])
            #expect(page.status == .badRequest)
            #expect(page.body.contains("id=\"f-email-error\""))
            #expect(page.body.contains("value=\"ok_name\"") && page.body.contains("value=\"Ada\""))
            #expect(!page.body.contains("correct horse"))
        }
    }

    @Test func VIEW5_aPostWithoutTheFormTokenIsRefusedAndChangesNothing() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register()
            let refused = try await web.post("/tasks", [("text", "Sneaky")], csrf: "")
            #expect(refused.status == .forbidden)
            let wrong = try await web.post("/tasks", [("text", "Sneaky")], csrf: String(repeating: "x", count: 43))
            #expect(wrong.status == .forbidden)
            let today = try await web.get("/search?q=Sneaky")
            #expect(!today.body.contains("task-title\" href"), "no task was created")
            _ = api
        }
    }

    @Test func VIEW5_titlesAndNamesAreEscapedEverywhere() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            let list = try await web.post("/lists", [("name", "\"><img src=x onerror=alert(1)>"), ("color", "blue")])
            #expect(list.status == .seeOther, "\(list.body.prefix(300))")
            try await web.post("/tasks", [("text", "<script>alert(1)</script>")])
            for path in ["/today", "/search?q=script", list.location ?? "/lists"] {
                let page = try await web.get(path)
                #expect(!page.body.contains("<script>alert(1)</script>"), "\(path)")
                #expect(!page.body.contains("<img src=x"), "\(path)")
            }
            let search = try await web.get("/search?q=script")
            #expect(search.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test func VIEW5_unknownPagesAreFriendlyHTML() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            for path in ["/no-such-page", "/tasks/\(UUID().uuidString.lowercased())", "/lists/not-an-id"] {
                let page = try await web.get(path)
                #expect(page.status == .notFound, "\(path)")
                #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(page.body.contains("Back to"))
            }
            let api = try await web.get("/api/v1/nothing")
            #expect(api.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }

    @Test func TASK1_quickAddSavesWhatThePreviewShows() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register()
            #expect(try await web.post("/lists", [("name", "Groceries"), ("color", "green")]).status == .seeOther)
            let text = "Buy milk tomorrow 17:00 #Groceries !high @errand"
            let preview = try await web.get("/quick-add/preview?text=\(WebClient.encode(text))").json
            #expect(preview["title"] as? String == "Buy milk")
            let kinds = (preview["tokens"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
            #expect(kinds == ["due", "list", "priority", "label"])
            let saved = try await web.post("/tasks", [("text", text)], fetch: true)
            #expect(saved.json["ok"] as? Bool == true)
            let session = try await api.call(.post, "/api/v1/sessions", json: ["login": "webby", "password": "correct horse"])
            let tasks = try await api.tasks(session.string("token"), "q=milk")
            #expect(tasks.count == 1)
            #expect(tasks.first?["title"] as? String == "Buy milk")
            #expect(tasks.first?["priority"] as? String == "high")
            #expect((tasks.first?["labelIds"] as? [Any])?.count == 1)
            #expect((tasks.first?["due"] as? String)?.contains("T") == true)
        }
    }

    @Test func TASK1_quickAddKeepsRealTitlesAndRefusesADateAlone() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            let kept = try await web.post("/tasks", [("text", "Tomorrowland tickets")], fetch: true)
            #expect(kept.json["ok"] as? Bool == true)
            let onlyDate = try await web.post("/tasks", [("text", "tomorrow")], fetch: true)
            #expect(onlyDate.status == .badRequest)
            #expect(((onlyDate.json["error"] as? [String: Any])?["message"] as? String)?.contains("title") == true)
            // Removing the chip (ignoring its range) keeps the word in the title.
            let ignored = try await web.post("/tasks", [("text", "Call mum friday"), ("ignore", "9-15")], fetch: true)
            #expect(ignored.json["ok"] as? Bool == true)
            let search = try await web.get("/search?q=friday")
            #expect(search.body.contains("Call mum friday"))
        }
    }

    @Test func TASK8_completeThenUndoReopens() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            try await web.post("/tasks", [("text", "Water plants")])
            let page = try await web.get("/search?q=water")
            let id = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: page.body))
            let done = try await web.post("/tasks/\(id)/complete", [("back", "/today")], fetch: true)
            let toast = try #require(done.json["toast"] as? [String: Any])
            #expect(toast["message"] as? String == "Completed 'Water plants'")
            let undo = try #require(toast["undo"] as? String)
            #expect(try await web.get("/search?q=water").body.contains("Mark &#39;Water plants&#39; as done") == false)
            let undone = try await web.post("/undo", [("token", undo)], fetch: true)
            #expect(undone.json["ok"] as? Bool == true)
            #expect(try await web.get("/search?q=water").body.contains("Mark &#39;Water plants&#39; as done"))
        }
    }

    @Test func TASK4_completingAParentWithOpenSubtasksAsksFirst() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            try await web.post("/tasks", [("text", "Move house")])
            let id = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: try await web.get("/search?q=house").body))
            try await web.post("/tasks", [("text", "Pack books"), ("parent", id)])
            let asked = try await web.post("/tasks/\(id)/complete", [("back", "/today")])
            #expect(asked.status == .ok && asked.body.contains("Also complete its 1 open subtask?"))
            let all = try await web.post("/tasks/\(id)/complete", [("subtasks", "all")], fetch: true)
            #expect(all.json["ok"] as? Bool == true)
            let completed = try await web.get("/completed")
            #expect(completed.body.contains("Pack books") && completed.body.contains("Move house"))
            let undo = try #require((all.json["toast"] as? [String: Any])?["undo"] as? String)
            try await web.post("/undo", [("token", undo)], fetch: true)
            #expect(!(try await web.get("/completed").body.contains("Pack books")))
        }
    }

    @Test func TASK5_moveDownAndUndoRestoreTheOrder() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            for title in ["First", "Second", "Third"] { try await web.post("/tasks", [("text", title)]) }
            let inbox = try #require(WebClient.first("href=\"/lists/([0-9a-f-]+)\"", in: try await web.get("/today").body))
            func order() async throws -> [String] {
                let body = try await web.get("/lists/\(inbox)").body
                let regex = try NSRegularExpression(pattern: "class=\"task-title\" href=\"[^\"]+\">([^<]+)<")
                return regex.matches(in: body, range: NSRange(body.startIndex..., in: body)).map {
                    String(body[Range($0.range(at: 1), in: body)!])
                }
            }
            #expect(try await order() == ["First", "Second", "Third"])
            let body = try await web.get("/lists/\(inbox)").body
            let first = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: body))
            let moved = try await web.post("/tasks/\(first)/move", [("direction", "down")], fetch: true)
            #expect(try await order() == ["Second", "First", "Third"])
            let undo = try #require((moved.json["toast"] as? [String: Any])?["undo"] as? String)
            try await web.post("/undo", [("token", undo)], fetch: true)
            #expect(try await order() == ["First", "Second", "Third"])
        }
    }

    @Test func TASK2_aStaleTaskFormSaysSoInsteadOfOverwriting() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            try await web.post("/tasks", [("text", "Original")])
            let id = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: try await web.get("/search?q=original").body))
            let form = try await web.get("/tasks/\(id)")
            let version = try #require(WebClient.first("name=\"version\" value=\"(\\d+)\"", in: form.body))
            try await web.post("/tasks/\(id)", [("title", "Changed elsewhere"), ("version", version), ("status", "pending"), ("priority", "none")])
            let stale = try await web.post("/tasks/\(id)", [("title", "Mine"), ("version", version), ("status", "pending"), ("priority", "none")])
            #expect(stale.status == .badRequest && stale.body.contains("changed elsewhere since you opened it"))
            #expect(stale.body.contains("value=\"Mine\""))
            #expect(try await web.get("/tasks/\(id)").body.contains("<h1 class=\"visually-hidden\" id=\"task-heading\">Changed elsewhere</h1>"))
        }
    }

    @Test func TASK2_aPastDeadlineIsRefusedNextToTheField() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            try await web.post("/tasks", [("text", "Tax return")])
            let id = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: try await web.get("/search?q=tax").body))
            let page = try await web.post(
                "/tasks/\(id)",
                [
                    ("title", "Tax return"), ("dueDate", "2020-01-01"),
                    ("status", "pending"), ("priority", "none"),
                ])
            #expect(page.status == .badRequest)
            #expect(page.body.contains("id=\"f-dueDate-error\""))
        }
    }

    @Test func VIEW5_theScriptsOfEveryPageStayUnderTheirBudget() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            let page = try await web.get("/today")
            let build = try #require(WebClient.first("/assets/([0-9a-f]+)/js/app.js", in: page.body))
            var total = 0
            for name in ["app", "core", "inplace", "toast", "quickadd", "dragdrop", "shortcuts", "live", "select", "confirm", "notify"] {
                let script = try await web.get("/assets/\(build)/js/\(name).js")
                if script.status == .ok { total += script.body.utf8.count }
                let lines = script.body.split(separator: "\n")
                #expect(!lines.contains { $0.hasPrefix("//") || $0.hasPrefix(" ") }, "\(name).js is served with comments or indentation")
            }
            #expect(total > 0 && total < 30_000, "\(total) bytes of JavaScript")
            let style = try await web.get("/assets/\(build)/css/app.css")
            #expect(style.headers[.cacheControl]?.contains("immutable") == true)
        }
    }

    @Test func VIEW5_signInNeverRedirectsToAnotherSite() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            for next in ["//evil.example", "/\t/evil.example", "/\\evil.example", "https://evil.example"] {
                try await web.post("/signout", [])
                let page = try await web.post("/signin", [("login", "webby"), ("password", "correct horse"), ("next", next)])
                #expect(page.status == .seeOther)
                #expect(page.location == "/today", "next=\(next) went to \(page.location ?? "")")
            }
        }
    }

    @Test func TASK8_bulkDeleteOfAParentAndItsSubtaskUndoesWhole() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            try await web.post("/tasks", [("text", "Plan trip")])
            let parent = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: try await web.get("/search?q=plan").body))
            try await web.post("/tasks", [("text", "Book hotel"), ("parent", parent)])
            let child = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: try await web.get("/search?q=hotel").body))
            let deleted = try await web.post("/tasks/bulk", [("ids", parent), ("ids", child), ("action", "delete")], fetch: true)
            #expect(deleted.json["ok"] as? Bool == true, "\(deleted.body)")
            let toast = try #require(deleted.json["toast"] as? [String: Any])
            #expect(toast["message"] as? String == "Deleted 1 task")
            try await web.post("/undo", [("token", try #require(toast["undo"] as? String))], fetch: true)
            let search = try await web.get("/search?q=hotel")
            #expect(search.body.contains("Book hotel"))
        }
    }

    /// Issue 34: the undo of a bulk action on a thousand tasks is kept on the server under a short id, so it works
    /// without the script (a cookie holds about 4 KB) and with it, once, and only for its member.
    @Test func TASK8_aBulkMoveOfAThousandTasksIsUndoneWithOrWithoutTheScript() async throws {
        try await TestServer().runWeb { web, api in
            try await web.register()
            let token = try await web.apiToken("webby")
            let away = try await api.createList(token, "Away")
            var ids: [String] = []
            for index in 0..<1_050 {
                ids.append(try #require(try await api.createTask(token, ["title": "Chore \(index)"])["id"] as? String))
            }
            let moved = try await web.post(
                "/tasks/bulk",
                ids.map { ("ids", $0) } + [
                    ("action", "move"),
                    ("list", away), ("back", "/today"),
                ])
            #expect(moved.status == .seeOther)
            let page = try await web.get("/today")
            #expect(page.body.contains("Moved 1050 tasks"))
            let undo = try #require(WebClient.first("name=\"token\" value=\"([^\"]+)\"", in: page.body))
            #expect(undo.hasPrefix("shelf:") && undo.count < 40, "\(undo.prefix(80))")
            #expect(try await api.tasks(token, "list=\(away)&limit=1").count == 1)

            // Another member cannot use it.
            let other = WebClient(api.client)
            try await other.register("other")
            let stolen = try await other.post("/undo", [("token", undo)], fetch: true)
            #expect(stolen.status == .badRequest)

            let undone = try await web.post("/undo", [("token", undo), ("back", "/today")])
            #expect(undone.status == .seeOther)
            #expect(try await api.tasks(token, "list=\(away)&limit=1").isEmpty, "every task is back")
            let again = try await web.post("/undo", [("token", undo)], fetch: true)
            #expect(again.status == .badRequest, "used once")

            // With the script: the toast carries the short id too.
            let some = Array(ids.prefix(40))
            let viaScript = try await web.post(
                "/tasks/bulk",
                some.map { ("ids", $0) } + [
                    ("action", "move"),
                    ("list", away),
                ], fetch: true)
            let scripted = try #require((viaScript.json["toast"] as? [String: Any])?["undo"] as? String)
            #expect(scripted.hasPrefix("shelf:"))
            try await web.post("/undo", [("token", scripted)], fetch: true)
            #expect(try await api.tasks(token, "list=\(away)&limit=1").isEmpty)
        }
    }

    @Test func TASK1_aRefusedQuickAddWithoutTheScriptKeepsTheLineAndSaysWhy() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            let refused = try await web.post("/tasks", [("text", "tomorrow"), ("back", "/today")])
            #expect(refused.status == .seeOther)
            let page = try await web.get("/today")
            #expect(
                page.body.contains(
                    "id=\"quick-add-text\" name=\"text\" aria-label=\"New task\" autocomplete=\"off\" maxlength=\"1000\" value=\"tomorrow\""))
            #expect(page.body.contains("Add a title"))
        }
    }

    @Test func TASK8_savingTheTaskPageCanBeUndone() async throws {
        try await TestServer().runWeb { web, _ in
            try await web.register()
            try await web.post("/tasks", [("text", "Draft letter")])
            let id = try #require(WebClient.first("id=\"task-([0-9a-f-]+)\"", in: try await web.get("/search?q=draft").body))
            let saved = try await web.post(
                "/tasks/\(id)",
                [
                    ("title", "Send letter"), ("status", "completed"),
                    ("priority", "high"),
                ], fetch: true)
            let undo = try #require((saved.json["toast"] as? [String: Any])?["undo"] as? String)
            #expect(try await web.get("/tasks/\(id)").body.contains("Send letter"))
            try await web.post("/undo", [("token", undo)], fetch: true)
            let page = try await web.get("/tasks/\(id)").body
            #expect(page.contains("<h1 class=\"visually-hidden\" id=\"task-heading\">Draft letter</h1>"))
            #expect(page.contains("aria-checked=\"false\" aria-label=\"Mark 'Draft letter' as done\""))
        }
    }
}
