import DoableCore
import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// INTEROP-1 and INTEROP-2 in the web app: the "Calendar apps" settings page shows what to type into a CalDAV app
/// and every feed link, saves the account-password switch, and makes new feed links after asking.
@Suite struct WebCalendarsTests {
    func feedURLs(_ api: APIClient, _ token: String) async throws -> [String] {
        let feeds = try await api.call(.get, "/api/v1/feeds", token: token)
        return [(feeds["all"] as? [String: Any])?["url"] as? String ?? ""]
            + feeds.array("lists").map { $0["url"] as? String ?? "" }
    }

    @Test func INTEROP1_INTEROP2_thePageShowsTheCalDAVAccountAndEveryFeedLink() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            _ = try await api.createList(token, "Groceries & more")
            let page = try await web.get("/settings/calendars")
            #expect(page.status == .ok)
            #expect(page.body.contains("<a href=\"/settings/calendars\" aria-current=\"page\">Calendar apps</a>"))
            #expect(page.body.contains("<h2 id=\"settings-heading\">Calendar apps</h2>"))
            #expect(page.body.contains("id=\"caldav-server\" type=\"text\" readonly value=\"http://localhost/dav/\""))
            #expect(page.body.contains("value=\"http://localhost/dav/principals/ann/\""))
            #expect(page.body.contains("id=\"caldav-username\" type=\"text\" readonly value=\"ann\""))
            #expect(page.body.contains("<a href=\"/settings/tokens\">app password</a>"))
            #expect(page.body.contains("name=\"calDAVAccountPassword\" value=\"1\" checked"))
            for client in [
                "Apple Reminders on iPhone or iPad", "Thunderbird", "Android: DAVx⁵ and tasks.org",
                "todoman with vdirsyncer",
            ] {
                #expect(page.body.contains("<summary>\(client)</summary>"), "\(client)")
            }
            #expect(page.body.contains("url = &quot;http://localhost/dav/&quot;"), "the vdirsyncer snippet")
            let urls = try await feedURLs(api, token)
            #expect(urls.count == 3)
            for url in urls { #expect(page.body.contains("readonly value=\"\(url)\""), "\(url)") }
            #expect(page.body.contains("<label for=\"feed-all\">All tasks with a due date</label>"))
            #expect(page.body.contains("“Groceries &amp; more”"))
            #expect(page.body.contains("data-copy=\"feed-all\""))
            #expect(page.body.contains("action=\"/settings/calendars/rotate\""))
            // Every settings page links here.
            #expect(try await web.get("/settings/tokens").body.contains("<a href=\"/settings/calendars\">Calendar apps</a>"))
        }
    }

    @Test func INTEROP1_thePageSavesWhetherTheAccountPasswordSignsInCalDAVApps() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let version = try await web.get("/settings/calendars").hidden("version") ?? ""
            let off = try await web.post("/settings/calendars", ["version": version])
            #expect(off.status == .seeOther && off.location == "/settings/calendars")
            let me = try await api.call(.get, "/api/v1/me", token: token)
            #expect((me["preferences"] as? [String: Any])?["calDAVAccountPassword"] as? Bool == false)
            let page = try await web.get("/settings/calendars")
            #expect(page.body.contains("Only app passwords sign in CalDAV apps now."))
            #expect(page.body.contains("name=\"calDAVAccountPassword\" value=\"1\">"))
            // A form opened before that change is refused with what is stored now.
            let stale = try await web.post("/settings/calendars", ["version": version, "calDAVAccountPassword": "1"])
            #expect(stale.status == .conflict && stale.body.contains("was changed elsewhere"))
            let on = try await web.post(
                "/settings/calendars",
                [
                    "version": page.hidden("version") ?? "",
                    "calDAVAccountPassword": "1",
                ])
            #expect(on.status == .seeOther)
            let after = try await api.call(.get, "/api/v1/me", token: token)
            #expect((after["preferences"] as? [String: Any])?["calDAVAccountPassword"] as? Bool == true)
        }
    }

    @Test func INTEROP2_makingNewFeedLinksAsksFirstAndEndsTheOldOnes() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let before = try await feedURLs(api, token)
            let question = try await web.post("/settings/calendars/rotate", ["back": "/settings/calendars"])
            #expect(question.status == .ok)
            #expect(question.body.contains("<h1>Make new feed links?</h1>"))
            #expect(question.body.contains("name=\"confirmed\" value=\"1\""))
            #expect(question.body.contains("href=\"/settings/calendars\">Cancel</a>"))
            #expect(try await feedURLs(api, token) == before, "nothing changes before the answer")

            let done = try await web.post("/settings/calendars/rotate", ["back": "/settings/calendars", "confirmed": "1"])
            #expect(done.status == .seeOther && done.location == "/settings/calendars")
            let after = try await feedURLs(api, token)
            #expect(after.count == before.count && Set(after).isDisjoint(with: before))
            let page = try await web.get("/settings/calendars")
            #expect(page.body.contains("New feed links made."))
            #expect(page.body.contains("readonly value=\"\(after[0])\""))
            let path = String(before[0][before[0].range(of: "/feeds/")!.lowerBound...])
            #expect(try await api.call(.get, path).status == .notFound)
        }
    }
}
