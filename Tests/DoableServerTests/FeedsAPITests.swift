import DoableCore
import DoableDomain
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
@_spi(StoreWriting) import DoableStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// INTEROP-2: the feed URLs of `GET /api/v1/feeds`, the ICS feeds themselves (what they hold, for whom, their
/// caching headers and 304s), rotating the key, and the 404 that tells a wrong guess nothing.
@Suite struct FeedsAPITests {
    /// Monday 23 November 2026, 10:00 UTC.
    static let monday = Timestamp(rfc3339: "2026-11-23T10:00:00Z")!

    struct Fetched {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String
    }

    /// A feed URL fetched the way a calendar app does: no credentials, only the URL.
    func fetch(_ api: APIClient, _ url: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:])
        async throws -> Fetched
    {
        let path = url.range(of: "/feeds/").map { String(url[$0.lowerBound...]) } ?? url
        return try await api.client.execute(uri: path, method: method, headers: headers) { response in
            Fetched(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }

    struct Feeds {
        let all: String
        /// Feed URL by list name.
        let lists: [String: String]
        let listIDs: [String: String]
    }

    func feeds(_ api: APIClient, _ token: String, rotate: Bool = false) async throws -> Feeds {
        let response = try await api.call(
            rotate ? .post : .get, rotate ? "/api/v1/feeds/rotate" : "/api/v1/feeds",
            token: token)
        #expect(response.status == .ok, "\(String(describing: response.json))")
        let all = (response["all"] as? [String: Any])?["url"] as? String ?? ""
        let lists = response.array("lists")
        return Feeds(
            all: all,
            lists: Dictionary(
                lists.map { ($0["name"] as? String ?? "", $0["url"] as? String ?? "") },
                uniquingKeysWith: { first, _ in first }),
            listIDs: Dictionary(
                lists.map { ($0["name"] as? String ?? "", $0["listId"] as? String ?? "") },
                uniquingKeysWith: { first, _ in first }))
    }

    /// The unescaped SUMMARY of every component of this kind, sorted.
    func summaries(_ body: String, _ kind: String) throws -> [String] {
        let calendar = try ICalendarParser.parse(body)
        return calendar.components(named: kind).compactMap { component in
            component.property("SUMMARY").map { ICalendarParser.unescapeText($0.value) }
        }.sorted()
    }

    func complete(_ api: APIClient, _ token: String, _ id: String) async throws {
        let done = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token, json: [:])
        #expect(done.status == .ok, "\(String(describing: done.json))")
    }

    @Test func INTEROP2_feedsNameAnAllTasksURLAndOneForEveryListTheMemberCanSee() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let work = try await api.createList(ann, "Work")
            let household = try await api.createList(ben, "Household")
            _ = try await api.createList(ben, "Ben's secrets")
            #expect(
                try await api.call(
                    .post, "/api/v1/lists/\(household)/members", token: ben,
                    json: ["login": "ann", "role": "viewer"]
                ).status == .created)
            let feeds = try await feeds(api, ann)
            #expect(feeds.all.hasPrefix("http://") && feeds.all.hasSuffix("/all.ics"))
            #expect(Set(feeds.lists.keys) == ["Inbox", "Work", "Household"])
            #expect(feeds.listIDs["Work"] == work && feeds.listIDs["Household"] == household)
            #expect(feeds.lists["Work"]?.hasSuffix("/lists/\(work).ics") == true)
            // One key for every URL, the same on the next ask, and long enough not to be guessed.
            let key = try #require(WebClient.first("/feeds/([^/]+)/all\\.ics$", in: feeds.all))
            #expect(key.count == 43 && feeds.lists.values.allSatisfy { $0.contains("/feeds/\(key)/lists/") })
            #expect(try await self.feeds(api, ann).all == feeds.all)
            #expect(try await self.feeds(api, ben).all != feeds.all)
            #expect(try await api.call(.get, "/api/v1/feeds").status == .unauthorized)
        }
    }

    @Test func INTEROP2_feedURLsUseTheHostTheClientReachedAndATrustedProxysScheme() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            let response = try await api.call(
                .get, "/api/v1/feeds", token: ann,
                headers: [.xForwardedProto: "https", .xForwardedHost: "evil.example"])
            let url = (response["all"] as? [String: Any])?["url"] as? String ?? ""
            // The forwarded headers came from a peer that is not a trusted proxy: ignored.
            #expect(url.hasPrefix("http://localhost/feeds/"), "\(url)")
        }
        var head = HTTPRequest(method: .get, scheme: "http", authority: "10.0.0.5:8080", path: "/api/v1/feeds")
        head.headerFields[.xForwardedProto] = "https"
        head.headerFields[.xForwardedHost] = "tasks.example.com, proxy.internal"
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let proxies = try TrustedProxies(parsing: ["10.0.0.0/8"])
        #expect(request.publicOrigin(trustedProxies: proxies, peer: "10.1.2.3", cameOverTLS: false) == "https://tasks.example.com")
        #expect(request.publicOrigin(trustedProxies: proxies, peer: "192.0.2.7", cameOverTLS: false) == "http://10.0.0.5:8080")
        // OPS-5: a connection that speaks TLS to Doable itself is https, unless a trusted proxy says otherwise.
        #expect(request.publicOrigin(trustedProxies: proxies, peer: "192.0.2.7", cameOverTLS: true) == "https://10.0.0.5:8080")
        head.headerFields[.xForwardedHost] = "a.example/\"><script>"
        #expect(
            Request(head: head, body: RequestBody(buffer: ByteBuffer()))
                .publicOrigin(trustedProxies: proxies, peer: "10.1.2.3", cameOverTLS: false) == "https://localhost")
    }

    @Test func INTEROP2_theAllTasksFeedHoldsDueTasksTheMemberCanSeeAsTodosAndEvents() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let work = try await api.createList(ann, "Work")
            let household = try await api.createList(ben, "Household")
            let secrets = try await api.createList(ben, "Ben's secrets")
            #expect(
                try await api.call(
                    .post, "/api/v1/lists/\(household)/members", token: ben,
                    json: ["login": "ann", "role": "editor"]
                ).status == .created)
            let report = try await api.createTask(
                ann,
                [
                    "title": "Report, final", "listId": work,
                    "due": "2026-11-25T15:00:00Z",
                ])
            _ = try await api.createTask(ann, ["title": "Pay rent", "due": "2026-11-27"])
            _ = try await api.createTask(ann, ["title": "Someday", "listId": work])
            let old = try await api.createTask(ann, ["title": "Done long ago", "due": "2026-11-24"])
            let recent = try await api.createTask(ann, ["title": "Done lately", "due": "2026-11-24"])
            _ = try await api.createTask(ben, ["title": "Fix the sink", "listId": household, "due": "2026-11-26"])
            _ = try await api.createTask(ben, ["title": "Ben's gift for Ann", "listId": secrets, "due": "2026-12-01"])
            try await complete(api, ann, old["id"] as? String ?? "")
            clock.advance(seconds: 20 * 86_400)
            try await complete(api, ann, recent["id"] as? String ?? "")
            clock.advance(seconds: 11 * 86_400)

            let feed = try await fetch(api, try await feeds(api, ann).all)
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(feed.headers[.cacheControl] == "private, max-age=300")
            #expect(try summaries(feed.body, "VTODO") == ["Done lately", "Fix the sink", "Pay rent", "Report, final"])
            #expect(
                try summaries(feed.body, "VEVENT")
                    == ["☐ Fix the sink", "☐ Pay rent", "☐ Report, final", "☑ Done lately"])
            let calendar = try ICalendarParser.parse(feed.body)
            #expect(calendar.property("X-WR-CALNAME")?.value == "Doable")
            #expect(calendar.property("X-PUBLISHED-TTL")?.value == "PT15M")
            #expect(calendar.property("REFRESH-INTERVAL")?.value == "PT15M")
            #expect(calendar.property("REFRESH-INTERVAL")?.parameter("VALUE") == "DURATION")
            // A due moment is a 30-minute event from it, a due day an all-day event; the event's UID is its own.
            let reportID = report["id"] as? String ?? ""
            let event = try #require(
                calendar.components(named: "VEVENT")
                    .first { $0.property("UID")?.value == "\(reportID)-due@doable" })
            #expect(event.property("DTSTART")?.value == "20261125T150000Z")
            #expect(event.property("DTEND")?.value == "20261125T153000Z")
            #expect(event.property("URL")?.value.hasSuffix("/tasks/\(reportID)") == true)
            let rent = try #require(
                calendar.components(named: "VEVENT")
                    .first { $0.property("SUMMARY")?.value == "☐ Pay rent" })
            #expect(rent.property("DTSTART")?.value == "20261127" && rent.property("DTSTART")?.parameter("VALUE") == "DATE")
            #expect(rent.property("DTEND")?.value == "20261128")
            #expect(calendar.components(named: "VTODO").contains { $0.property("UID")?.value == reportID })
        }
    }

    @Test func INTEROP2_aListFeedHoldsEveryLiveTaskOfThatListOnly() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            let work = try await api.createList(ann, "Work; and more")
            let parent = try await api.createTask(ann, ["title": "Plan", "listId": work])
            _ = try await api.createTask(ann, ["title": "Step one", "parentId": parent["id"] as? String ?? ""])
            let done = try await api.createTask(ann, ["title": "Kick-off", "listId": work, "due": futureDay(2)])
            try await complete(api, ann, done["id"] as? String ?? "")
            let gone = try await api.createTask(ann, ["title": "Cancelled", "listId": work])
            #expect(
                try await api.call(.delete, "/api/v1/tasks/\(gone["id"] as? String ?? "")", token: ann).status
                    == .noContent)
            _ = try await api.createTask(ann, ["title": "In the Inbox", "due": futureDay(1)])

            let feeds = try await feeds(api, ann)
            let feed = try await fetch(api, try #require(feeds.lists["Work; and more"]))
            #expect(feed.status == .ok)
            #expect(try summaries(feed.body, "VTODO") == ["Kick-off", "Plan", "Step one"])
            #expect(try summaries(feed.body, "VEVENT") == ["☑ Kick-off"])
            let calendar = try ICalendarParser.parse(feed.body)
            #expect(calendar.property("X-WR-CALNAME").map { ICalendarParser.unescapeText($0.value) } == "Work; and more")
            let inbox = try await fetch(api, try #require(feeds.lists["Inbox"]))
            #expect(try summaries(inbox.body, "VTODO") == ["In the Inbox"])
        }
    }

    @Test func INTEROP2_feedsAnswerETagAndLastModifiedAnd304ToMatchingConditions() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.run { api in
            let ann = try await api.register("ann")
            let task = try await api.createTask(ann, ["title": "Dentist", "due": "2026-11-30"])
            clock.advance(seconds: 3600)
            let url = try await feeds(api, ann).all
            let first = try await fetch(api, url)
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
            let lastModified = try #require(first.headers[.lastModified])
            #expect(HTTPDate.parse(lastModified) != nil)
            #expect(lastModified == HTTPDate.format(Self.monday.adding(seconds: 3600)), "the key was made an hour on")

            let again = try await fetch(api, url)
            #expect(again.headers[.eTag] == etag, "the same body, the same tag")
            let notModified = try await fetch(api, url, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified && notModified.body.isEmpty)
            #expect(notModified.headers[.eTag] == etag && notModified.headers[.cacheControl] == "private, max-age=300")
            #expect(try await fetch(api, url, headers: [.ifNoneMatch: "\"other\", W/\(etag)"]).status == .notModified)
            #expect(try await fetch(api, url, headers: [.ifNoneMatch: "*"]).status == .notModified)
            #expect(try await fetch(api, url, headers: [.ifNoneMatch: "\"other\""]).status == .ok)
            #expect(try await fetch(api, url, headers: [.ifModifiedSince: lastModified]).status == .notModified)
            let earlier = HTTPDate.format(Self.monday)
            #expect(try await fetch(api, url, headers: [.ifModifiedSince: earlier]).status == .ok)
            // If-None-Match decides when both are sent.
            #expect(
                try await fetch(api, url, headers: [.ifNoneMatch: "\"other\"", .ifModifiedSince: lastModified])
                    .status == .ok)
            let head = try await fetch(api, url, method: .head)
            #expect(head.status == .ok && head.body.isEmpty && head.headers[.eTag] == etag)
            #expect(head.headers[.contentLength] == String(first.body.utf8.count))

            clock.advance(seconds: 60)
            let renamed = try await api.call(
                .patch, "/api/v1/tasks/\(task["id"] as? String ?? "")", token: ann,
                json: ["title": "Dentist at 9"])
            #expect(renamed.status == .ok)
            let changed = try await fetch(api, url, headers: [.ifNoneMatch: etag, .ifModifiedSince: lastModified])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            #expect(changed.headers[.lastModified] == HTTPDate.format(Self.monday.adding(seconds: 3660)))
            #expect(changed.body.contains("Dentist at 9"))
        }
    }

    @Test func INTEROP2_rotatingTheKeyEndsEveryOldURL() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            _ = try await api.createTask(ann, ["title": "Water the plants", "due": futureDay(1)])
            let old = try await feeds(api, ann)
            #expect(try await fetch(api, old.all).status == .ok)
            let new = try await feeds(api, ann, rotate: true)
            #expect(new.all != old.all && new.lists["Inbox"] != old.lists["Inbox"])
            #expect(try await feeds(api, ann).all == new.all)
            let gone = try await fetch(api, old.all)
            #expect(gone.status == .notFound)
            #expect(try await fetch(api, try #require(old.lists["Inbox"])).status == .notFound)
            let fresh = try await fetch(api, new.all)
            #expect(fresh.status == .ok && fresh.body.contains("Water the plants"))
            #expect(try await fetch(api, try #require(new.lists["Inbox"])).status == .ok)
            // A made-up key gets the very same answer as a rotated one.
            let guessed = try await fetch(api, "/feeds/\(String(repeating: "A", count: 43))/all.ics")
            #expect(guessed.status == .notFound && guessed.body == gone.body)
            #expect(try await fetch(api, "/feeds/short/all.ics").body == gone.body)
            // A read-only token may see the links but not replace them.
            let token = try await api.call(
                .post, "/api/v1/tokens", token: ann,
                json: ["name": "Reader", "scope": "read"]
            ).string("secret")
            #expect(try await api.call(.get, "/api/v1/feeds", token: token).status == .ok)
            #expect(try await api.call(.post, "/api/v1/feeds/rotate", token: token).status == .forbidden)
        }
    }

    @Test func INTEROP2_aListTheKeysOwnerCannotSeeIs404() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let private_ = try await api.createList(ben, "Ben's secrets")
            let household = try await api.createList(ben, "Household")
            let annID = try await api.call(.get, "/api/v1/me", token: ann).string("id")
            #expect(
                try await api.call(
                    .post, "/api/v1/lists/\(household)/members", token: ben,
                    json: ["login": "ann", "role": "viewer"]
                ).status == .created)
            let annFeeds = try await feeds(api, ann)
            let key = try #require(WebClient.first("/feeds/([^/]+)/all\\.ics$", in: annFeeds.all))
            let unknown = try await fetch(api, "/feeds/\(String(repeating: "A", count: 43))/all.ics")
            let other = try await fetch(api, "/feeds/\(key)/lists/\(private_).ics")
            #expect(other.status == .notFound && other.body == unknown.body)
            #expect(try await fetch(api, "/feeds/\(key)/lists/not-a-list.ics").body == unknown.body)
            let shared = try #require(annFeeds.lists["Household"])
            #expect(try await fetch(api, shared).status == .ok)
            // Once Ann is no longer a member, the same URL shows nothing.
            #expect(
                try await api.call(.delete, "/api/v1/lists/\(household)/members/\(annID)", token: ben).status
                    == .noContent)
            #expect(try await fetch(api, shared).status == .notFound)
        }
    }

    @Test func INTEROP2_aDisabledAccountsFeedsAre404() async throws {
        let server = try TestServer()
        try await server.run { api in
            let ann = try await api.register("ann")
            let feeds = try await feeds(api, ann)
            #expect(try await fetch(api, feeds.all).status == .ok)
            let id = try #require(AccountID(try await api.call(.get, "/api/v1/me", token: ann).string("id")))
            var account = try #require(try await server.store.account(id: id))
            account.isDisabled = true
            account.version += 1
            _ = try await server.store.commit(WriteBatch([.putAccount(account)], now: .now))
            #expect(try await fetch(api, feeds.all).status == .notFound)
            #expect(try await fetch(api, try #require(feeds.lists["Inbox"])).status == .notFound)
        }
    }

    @Test func INTEROP1_theAccountPasswordForCalDAVIsAPreference() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            let me = try await api.call(.get, "/api/v1/me", token: ann)
            #expect((me["preferences"] as? [String: Any])?["calDAVAccountPassword"] as? Bool == true)
            let changed = try await api.call(
                .patch, "/api/v1/me", token: ann,
                json: ["preferences": ["calDAVAccountPassword": false]])
            #expect(changed.status == .ok)
            #expect((changed["preferences"] as? [String: Any])?["calDAVAccountPassword"] as? Bool == false)
            let wrong = try await api.call(
                .patch, "/api/v1/me", token: ann,
                json: ["preferences": ["calDAVAccountPassword": "no"]])
            #expect(wrong.status == .badRequest && wrong.errorField == "preferences.calDAVAccountPassword")
        }
    }
}
