import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

/// INTEROP-1 over HTTP: discovery, calendars and credentials, against a real SQLite store.
@Suite("CalDAV")
struct CalDAVTests {
    static func inboxID(_ api: APIClient, _ token: String) async throws -> String {
        let lists = try await api.call(.get, "/api/v1/lists", token: token).array("lists")
        return try #require(lists.first { $0["isInbox"] as? Bool == true }?["id"] as? String)
    }

    @Test func INTEROP1_discoveryChainFromWellKnownReachesEveryCalendar() async throws {
        try await TestServer.withDAV { api, dav, token in
            let listID = try await api.createList(token, "Errands")
            for method in [HTTPRequest.Method.get, DAVTestClient.propfindMethod] {
                let redirect = try await dav.send(method, "/.well-known/caldav", authenticated: false)
                #expect(redirect.status == .movedPermanently)
                #expect(redirect.headers[.location] == "/dav/")
            }
            let noCredentials = try await dav.send(DAVTestClient.propfindMethod, "/dav/", authenticated: false)
            #expect(noCredentials.status == .unauthorized)
            #expect(noCredentials.headers[.wwwAuthenticate] == #"Basic realm="Doable", charset="UTF-8""#)

            let root = try await dav.propfind("/dav/", ["D:current-user-principal", "D:resourcetype"])
            #expect(root.status.code == 207)
            #expect(root.responses["/dav/"]?.property(.dav("current-user-principal"))?.href == "/dav/principals/alice/")

            let principal = try await dav.propfind(
                "/dav/principals/alice/",
                [
                    "C:calendar-home-set", "D:principal-URL", "D:resourcetype", "D:displayname",
                    "C:calendar-user-address-set", "D:supported-report-set",
                ])
            let me = try #require(principal.responses["/dav/principals/alice/"])
            #expect(me.property(.caldav("calendar-home-set"))?.href == "/dav/calendars/alice/")
            #expect(me.property(.dav("principal-URL"))?.href == "/dav/principals/alice/")
            #expect(me.property(.dav("resourcetype"))?.child(.dav("principal")) != nil)
            #expect(me.property(.dav("displayname"))?.text == "Test Member")
            #expect(
                me.property(.caldav("calendar-user-address-set"))?.children(.dav("href")).map(\.text)
                    .contains("mailto:alice@example.com") == true)

            let home = try await dav.propfind(
                "/dav/calendars/alice/",
                [
                    "D:resourcetype", "D:displayname", "CS:getctag", "D:sync-token", "C:supported-calendar-component-set",
                    "A:calendar-color", "A:calendar-order", "D:current-user-privilege-set", "D:owner", "A:pushkey",
                ], depth: "1")
            #expect(home.status.code == 207)
            let errandsHref = "/dav/calendars/alice/\(listID)/"
            let inboxHref = "/dav/calendars/alice/\(try await Self.inboxID(api, token))/"
            #expect(Set(home.hrefs) == ["/dav/calendars/alice/", inboxHref, errandsHref])
            #expect(home.responses["/dav/calendars/alice/"]?.property(.dav("resourcetype"))?.child(.dav("collection")) != nil)
            let errands = try #require(home.responses[errandsHref])
            let type = try #require(errands.property(.dav("resourcetype")))
            #expect(type.child(.dav("collection")) != nil && type.child(.caldav("calendar")) != nil)
            #expect(errands.property(.dav("displayname"))?.text == "Errands")
            #expect(
                errands.property(.caldav("supported-calendar-component-set"))?.children(.caldav("comp"))
                    .map { $0.attribute("name") } == ["VTODO"])
            #expect(errands.property(.apple("calendar-color"))?.text.count == 9)
            #expect(errands.property(.apple("calendar-color"))?.text.hasSuffix("FF") == true)
            #expect(errands.property(.dav("owner"))?.href == "/dav/principals/alice/")
            let token1 = try #require(errands.property(.dav("sync-token"))?.text)
            #expect(token1.hasPrefix("http://doable.invalid/sync/"))
            #expect(errands.property(.calendarServer("getctag"))?.text == String(token1.split(separator: "/").last!))
            let privileges =
                errands.property(.dav("current-user-privilege-set"))?.children(.dav("privilege"))
                .compactMap { $0.children.first?.name.local } ?? []
            #expect(Set(privileges).isSuperset(of: ["read", "write", "write-content", "bind", "unbind"]))
            #expect(errands.property(.apple("pushkey"), status: 404) != nil, "unknown properties are a 404 propstat")

            // The calendar's own URL, pasted into Thunderbird, answers the discovery properties too.
            let pasted = try await dav.propfind(errandsHref, ["D:current-user-principal", "C:calendar-home-set"])
            #expect(pasted.responses[errandsHref]?.property(.dav("current-user-principal"))?.href == "/dav/principals/alice/")
            #expect(pasted.responses[errandsHref]?.property(.caldav("calendar-home-set"))?.href == "/dav/calendars/alice/")

            // No body means allprop; propname lists names without values.
            let all = try await dav.send(DAVTestClient.propfindMethod, errandsHref, depth: "0")
            #expect(all.responses[errandsHref]?.property(.dav("displayname"))?.text == "Errands")
            #expect(all.responses[errandsHref]?.property(.calendarServer("getctag")) != nil)
            let names = try await dav.send(
                DAVTestClient.propfindMethod, errandsHref,
                body: #"<D:propfind xmlns:D="DAV:"><D:propname/></D:propfind>"#, depth: "0")
            let named = names.responses[errandsHref]?.children(.dav("propstat")).first?.child(.dav("prop"))
            #expect(named?.propertyNames.contains(.dav("sync-token")) == true)
            #expect(named?.children.allSatisfy { $0.children.isEmpty && $0.text.isEmpty } == true)

            let options = try await dav.send(.options, errandsHref)
            #expect(options.status == .ok)
            #expect(options.headers[HTTPField.Name("DAV")!]?.contains("calendar-access") == true)
            #expect(options.headers[.allow]?.contains("MKCALENDAR") == true)

            // Another member's home, or a path Doable does not serve, is a 404 in CalDAV's terms, not the API's.
            _ = try await api.register("bob")
            let foreign = try await dav.propfind("/dav/calendars/bob/", ["D:resourcetype"], depth: "1")
            #expect(foreign.status == .notFound)
            #expect(foreign.headers[.contentType]?.hasPrefix("application/xml") == true)
            let nowhere = try await dav.propfind("/dav/calendars/alice/\(listID)/a/b", ["D:resourcetype"])
            #expect(nowhere.status == .notFound)
            #expect(try await dav.send(HTTPRequest.Method("MOVE")!, errandsHref).status == .methodNotAllowed)
        }
    }

    @Test func INTEROP1_aViewersSharedCalendarIsReadOnly() async throws {
        try await TestServer.withDAV { api, dav, aliceToken in
            let familyID = try await api.createList(aliceToken, "Family")
            let bobToken = try await api.register("bob")
            let added = try await api.call(
                .post, "/api/v1/lists/\(familyID)/members", token: aliceToken,
                json: ["login": "bob", "role": "viewer"])
            #expect(added.status == .created)
            _ = try await dav.put("/dav/calendars/alice/\(familyID)/milk.ics", VTodo.make(uid: "milk", summary: "Milk"))
            _ = bobToken
            let bob = DAVTestClient(api: api, login: "bob", password: "correct horse")
            let home = try await bob.propfind(
                "/dav/calendars/bob/",
                [
                    "D:displayname", "D:current-user-privilege-set", "D:owner",
                ], depth: "1")
            let family = try #require(home.responses["/dav/calendars/bob/\(familyID)/"])
            #expect(family.property(.dav("displayname"))?.text == "Family")
            #expect(family.property(.dav("owner"))?.href == "/dav/principals/alice/")
            let privileges =
                family.property(.dav("current-user-privilege-set"))?.children(.dav("privilege"))
                .compactMap { $0.children.first?.name.local } ?? []
            #expect(Set(privileges) == ["read", "read-current-user-privilege-set"])
            // Bob reads Alice's task, but may not write to her list.
            let listing = try await bob.propfind("/dav/calendars/bob/\(familyID)/", ["D:getetag"], depth: "1")
            #expect(listing.hrefs.contains("/dav/calendars/bob/\(familyID)/milk.ics"))
            let write = try await bob.put("/dav/calendars/bob/\(familyID)/eggs.ics", VTodo.make(uid: "eggs", summary: "Eggs"))
            #expect(write.status == .forbidden)
            #expect(try await bob.send(.delete, "/dav/calendars/bob/\(familyID)/milk.ics").status == .forbidden)
        }
    }

    @Test func INTEROP1_mkcalendarAndMkcolMakeListsThatProppatchRenamesAndRecolours() async throws {
        try await TestServer.withDAV { api, dav, token in
            let made = try await dav.send(
                DAVTestClient.mkcalendarMethod, "/dav/calendars/alice/client-chosen/",
                body: CalDAVBodies.mkcalendar)
            #expect(made.status == .created, "\(made.body)")
            // The calendar keeps the URL the client chose (clients go on using it, whatever `Location` says).
            let location = "/dav/calendars/alice/client-chosen/"
            #expect(made.headers[.location] == location)
            let lists = try await api.call(.get, "/api/v1/lists", token: token).array("lists")
            let listID = try #require(lists.first { $0["name"] as? String == "Errands" }?["id"] as? String)
            #expect(try await dav.propfind(location, ["D:displayname"], depth: "0").status == .multiStatus)
            let list = try await api.call(.get, "/api/v1/lists/\(listID)", token: token)
            #expect(list.string("name") == "Errands")
            #expect(list.string("description") == "Things <outside>")
            let again = try await dav.send(DAVTestClient.mkcalendarMethod, location, body: CalDAVBodies.mkcalendar)
            #expect(again.status == .methodNotAllowed)

            let patched = try await dav.send(DAVTestClient.proppatchMethod, location, body: CalDAVBodies.proppatch)
            #expect(patched.status.code == 207)
            let entry = try #require(patched.responses[location])
            #expect(entry.property(.dav("displayname")) != nil && entry.property(.apple("calendar-color")) != nil)
            let renamed = try await api.call(.get, "/api/v1/lists/\(listID)", token: token)
            #expect(renamed.string("name") == "Groceries & more")
            #expect(renamed.string("color").uppercased() == "#FF0000")
            #expect(renamed.string("description") == "")
            let color = try await dav.propfind(location, ["A:calendar-color", "D:displayname"])
            #expect(color.responses[location]?.property(.apple("calendar-color"))?.text == "#FF0000FF")

            // One property Doable cannot set fails the whole PROPPATCH: it answers 403, the others 424.
            let mixed = try await dav.send(
                DAVTestClient.proppatchMethod, location,
                body: """
                    <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Never</D:displayname>\
                    <D:getetag>"x"</D:getetag></D:prop></D:set></D:propertyupdate>
                    """)
            let refused = try #require(mixed.responses[location])
            #expect(refused.property(.dav("getetag"), status: 403) != nil)
            #expect(refused.property(.dav("displayname"), status: 424) != nil)
            #expect(try await api.call(.get, "/api/v1/lists/\(listID)", token: token).string("name") == "Groceries & more")
            // A value the list rules refuse names the property with the rule's message.
            let empty = try await dav.send(
                DAVTestClient.proppatchMethod, location,
                body: """
                    <D:propertyupdate xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/"><D:set><D:prop>\
                    <D:displayname>   </D:displayname><A:calendar-order>3</A:calendar-order></D:prop></D:set></D:propertyupdate>
                    """)
            #expect(empty.responses[location]?.property(.dav("displayname"), status: 409) != nil, "\(empty.body)")
            #expect(empty.responses[location]?.property(.apple("calendar-order"), status: 424) != nil)

            // vdirsyncer's extended MKCOL; a plain collection or an events-only calendar is refused.
            let mkcol = try await dav.send(
                DAVTestClient.mkcolMethod, "/dav/calendars/alice/vdir/",
                body: """
                    <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
                    <D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:displayname>Synced</D:displayname>\
                    </D:prop></D:set></D:mkcol>
                    """)
            #expect(mkcol.status == .created)
            #expect(mkcol.headers[.location] == "/dav/calendars/alice/vdir/")
            let plain = try await dav.send(DAVTestClient.mkcolMethod, "/dav/calendars/alice/plain/")
            #expect(plain.status == .forbidden)
            #expect(plain.condition == .dav("valid-resourcetype"))
            let events = try await dav.send(
                DAVTestClient.mkcalendarMethod, "/dav/calendars/alice/events/",
                body: """
                    <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
                    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>\
                    </D:prop></D:set></C:mkcalendar>
                    """)
            #expect(events.status == .forbidden)
            #expect(events.condition == .caldav("supported-calendar-component"))
            let bare = try await dav.send(DAVTestClient.mkcalendarMethod, "/dav/calendars/alice/bare/")
            #expect(bare.status == .created, "MKCALENDAR without a body makes a list named after its segment")
            // A second nameless one whose segment names an existing list gets a number.
            let bareToo = try await dav.send(DAVTestClient.mkcalendarMethod, "/dav/calendars/alice/Bare/")
            #expect(bareToo.status == .created)
            let names = try await api.call(.get, "/api/v1/lists", token: token).array("lists").compactMap { $0["name"] as? String }
            #expect(names.contains("bare") && names.contains("Bare 2"), "\(names)")

            // Only calendars have settable properties; elsewhere each one is refused in the multistatus.
            let home = try await dav.send(DAVTestClient.proppatchMethod, "/dav/calendars/alice/", body: CalDAVBodies.proppatch)
            #expect(home.status.code == 207)
            #expect(home.responses["/dav/calendars/alice/"]?.property(.dav("displayname"), status: 403) != nil)

            // DELETE of the calendar puts the list in the trash.
            #expect(try await dav.send(.delete, location).status == .noContent)
            #expect(try await dav.propfind(location, ["D:displayname"]).status == .notFound)
            let trash = try await api.call(.get, "/api/v1/trash", token: token)
            #expect(trash.array("lists").contains { $0["id"] as? String == listID })
        }
    }

    @Test func INTEROP1_basicAuthTakesUsernameEmailAndAppPasswordsAndLimitsGuesses() async throws {
        try await TestServer.withDAV { api, dav, token in
            let path = "/dav/principals/alice/"
            #expect(try await dav.propfind(path, ["D:displayname"]).status.code == 207)
            var byEmail = dav
            byEmail.login = "Alice@Example.com"
            #expect(try await byEmail.propfind(path, ["D:displayname"]).status.code == 207)
            // The email works as the URL's user segment too.
            #expect(try await byEmail.propfind("/dav/principals/alice%40example.com/", ["D:displayname"]).status.code == 207)

            let issued = try await api.call(
                .post, "/api/v1/tokens", token: token,
                json: ["name": "Phone", "kind": "appPassword"])
            #expect(issued.status == .created)
            var app = dav
            app.password = issued.string("secret")
            #expect(try await app.propfind(path, ["D:displayname"]).status.code == 207)
            let readOnly = try await api.call(
                .post, "/api/v1/tokens", token: token,
                json: ["name": "Reader", "kind": "appPassword", "scope": "read"])
            var reader = dav
            reader.password = readOnly.string("secret")
            let inbox = try await Self.inboxID(api, token)
            #expect(try await reader.propfind("/dav/calendars/alice/\(inbox)/", ["D:getetag"], depth: "1").status.code == 207)
            let refusedWrite = try await reader.put("/dav/calendars/alice/\(inbox)/x.ics", VTodo.make(uid: "x", summary: "X"))
            #expect(refusedWrite.status == .forbidden)

            var wrong = dav
            wrong.password = "wrong horse"
            let denied = try await wrong.propfind(path, ["D:displayname"])
            #expect(denied.status == .unauthorized)
            #expect(denied.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            let bearer = try await dav.send(Self.propfind, path, headers: [.authorization: "Bearer \(token)"])
            #expect(bearer.status == .unauthorized, "a session token is not a CalDAV credential")

            // Turning the account password off leaves app passwords working.
            let off = try await api.call(
                .patch, "/api/v1/me", token: token,
                json: ["preferences": ["calDAVAccountPassword": false]])
            #expect(off.status == .ok, "\(String(describing: off.json))")
            var fresh = dav
            fresh.login = "alice@example.com"  // not the remembered login, so the password is checked afresh
            #expect(try await fresh.propfind(path, ["D:displayname"]).status == .unauthorized)
            #expect(try await app.propfind(path, ["D:displayname"]).status.code == 207)
        }
    }

    @Test func INTEROP1_wrongBasicPasswordsGoThroughTheSignInLimiter() async throws {
        let server = try TestServer(limits: .init(perAccount: 3))
        try await server.run { api in
            _ = try await api.register("alice")
            var dav = DAVTestClient(api: api, login: "alice", password: "nope")
            for _ in 0..<3 { #expect(try await dav.propfind("/dav/", ["D:displayname"]).status == .unauthorized) }
            dav.password = "correct horse"
            let locked = try await dav.propfind("/dav/", ["D:displayname"])
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] != nil)
        }
    }

    /// Credentials are remembered so that bcrypt does not run per request, but a revoked app password stops working
    /// at the next re-check (here at once; in the server within 10 seconds).
    @Test func INTEROP1_aRememberedAppPasswordStopsWorkingOnceRevoked() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register("alice")
            let issued = try await api.call(
                .post, "/api/v1/tokens", token: token,
                json: ["name": "Phone", "kind": "appPassword"])
            let credentialID = try #require((issued["credential"] as? [String: Any])?["id"] as? String)
            let authenticator = DAVAuthenticator(domain: server.domain, limiter: server.limiter, recheckAfter: .zero)
            let header = "Basic " + Data("alice:\(issued.string("secret"))".utf8).base64EncodedString()
            let request = Request(
                head: HTTPRequest(
                    method: .get, scheme: nil, authority: nil, path: "/dav/",
                    headerFields: [.authorization: header]),
                body: .init(buffer: ByteBuffer()))
            #expect(try await authenticator.identity(for: request, clientAddress: "test").account.username == "alice")
            #expect(try await authenticator.identity(for: request, clientAddress: "test").credential.kind == .appPassword)
            let revoked = try await api.call(.delete, "/api/v1/tokens/\(credentialID)", token: token)
            #expect(revoked.status == .noContent)
            await #expect(throws: DAVFailure.self) {
                try await authenticator.identity(for: request, clientAddress: "test")
            }
        }
    }

    static let propfind = DAVTestClient.propfindMethod
}
