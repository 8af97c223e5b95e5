import DoableCore
import DoableDomain
import DoableServer
import Foundation
import HTTPTypes
import Testing

/// MKT-11 in the web app: admins set the marketplace's categories at `/admin/categories` (add, rename, archive,
/// unarchive; "Other" always stays) and see what members suggested with "Other"; for anyone else the page does not
/// exist. The link is in the settings navigation, for admins only.
@Suite struct WebAdminTests {
    /// Ann, an admin, signed in on `web`; Ben, a member, signed in on a second browser.
    private func annAndBen(_ server: TestServer, _ web: WebClient, _ api: APIClient) async throws -> WebClient {
        try await web.register("ann")
        _ = try await server.domain.accounts.setAdmin(nil, account: "ann", isAdmin: true)
        let ben = WebClient(api.client)
        try await ben.register("ben")
        return ben
    }

    private func categoryID(_ name: String, on page: String) throws -> String {
        try #require(WebClient.first("for=\"category-([0-9a-f-]{36})-name\">Name of “\(name)”</label>", in: page))
    }

    @Test func MKT11_anAdminAddsRenamesArchivesAndUnarchivesCategories() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await annAndBen(server, web, api)
            let page = try await web.get("/admin/categories")
            #expect(page.status == .ok)
            #expect(page.body.contains("<h2 id=\"settings-heading\">Marketplace categories</h2>"))
            #expect(page.body.contains("<a href=\"/admin/categories\" aria-current=\"page\">Marketplace categories</a>"))
            #expect(page.body.contains("value=\"Other\"") && page.body.contains("Always offered"))
            let added = try await web.post("/admin/categories", [("name", "Window cleaning")], fetch: true)
            #expect(added.json["ok"] as? Bool == true, "\(added.body)")
            #expect(
                (added.json["toast"] as? [String: Any])?["message"] as? String
                    == "Added the category “Window cleaning”")
            let id = try categoryID("Window cleaning", on: try await web.get("/admin/categories").body)
            let renamed = try await web.post("/admin/categories/\(id)", [("name", "Windows")])
            #expect(renamed.status == .seeOther && renamed.location == "/admin/categories")
            let archived = try await web.post("/admin/categories/\(id)/archive", [("archived", "1")], fetch: true)
            #expect(
                (archived.json["toast"] as? [String: Any])?["message"] as? String
                    == "Archived “Windows”: new postings can't pick it")
            let after = try await web.get("/admin/categories").body
            #expect(after.contains("<li class=\"category is-archived\" id=\"category-\(id)\">"))
            #expect(after.contains("aria-label=\"Unarchive “Windows”\""))
            let offered = try await server.domain.market.marketCategories().map(\.name)
            #expect(!offered.contains("Windows") && offered.last == "Other")
            _ = try await web.post("/admin/categories/\(id)/archive", [("archived", "0")], fetch: true)
            #expect(try await server.domain.market.marketCategories().map(\.name).contains("Windows"))
        }
    }

    @Test func MKT11_aBadNameIsRefusedByItsFieldAndOtherCannotBeArchived() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await annAndBen(server, web, api)
            let long = String(repeating: "x", count: 41)
            let refused = try await web.post("/admin/categories", [("name", long)], fetch: true)
            #expect(refused.status == .badRequest)
            let error = refused.json["error"] as? [String: Any] ?? [:]
            #expect(error["field"] as? String == "name")
            #expect(error["message"] as? String == "A category name must be 1 to 40 characters.")
            // A name another category has (in any case) is refused by the field too.
            let taken = try await web.post("/admin/categories", [("name", "moving")], fetch: true)
            #expect(taken.status == .badRequest)
            let takenError = taken.json["error"] as? [String: Any] ?? [:]
            #expect(takenError["field"] as? String == "name")
            #expect(takenError["message"] as? String == "There is already a category named “moving”.")
            // Without the script the page comes back with the name typed and the message beside it.
            let page = try await web.post("/admin/categories", [("name", "  ")])
            #expect(page.status == .badRequest)
            #expect(page.body.contains("<p class=\"field-error\" id=\"category-new-error\" role=\"alert\">"))
            let other = try #require(
                try await server.domain.market.marketCategories(includeArchived: true)
                    .first(where: \.isOther))
            let archive = try await web.post(
                "/admin/categories/\(other.id)/archive", [("archived", "1")],
                fetch: true)
            #expect(archive.status == .badRequest, "\(archive.body)")
            #expect(try await server.domain.market.marketCategories().contains(where: \.isOther))
        }
    }

    @Test func MKT11_membersWhoAreNotAdminsGetTheNotFoundPageAndNoLink() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ben = try await annAndBen(server, web, api)
            let page = try await ben.get("/admin/categories")
            #expect(page.status == .notFound && page.body.contains("This page does not exist"))
            let post = try await ben.post("/admin/categories", [("name", "Sneaky")])
            #expect(post.status == .notFound)
            #expect(!(try await server.domain.market.marketCategories().map(\.name).contains("Sneaky")))
            #expect(!(try await ben.get("/settings").body.contains("/admin/categories")))
            #expect(try await web.get("/settings").body.contains("<a href=\"/admin/categories\">Marketplace categories</a>"))
            // Signed out: the sign-in page first, as for every page.
            let stranger = try await WebClient(api.client).get("/admin/categories")
            #expect(stranger.status == .seeOther && stranger.location?.hasPrefix("/signin") == true)
        }
    }

    @Test func MKT11_suggestionsMadeWithOtherAreListedForAdmins() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ben = try await annAndBen(server, web, api)
            let secret = try await ben.apiToken("ben")
            let identity = try #require(try await server.domain.accounts.authenticate(secret: secret))
            _ = try await server.domain.market.createPosting(
                identity,
                PostingInput(
                    title: "Fix my bike", description: "The chain is off.", category: "Other",
                    suggestedCategory: .some("Bike repair"), maxBid: Money(cents: 2_000)))
            let empty = try await web.get("/admin/categories").body
            #expect(empty.contains("<td>Bike repair</td>"))
            #expect(empty.contains(">Fix my bike</a></td>"))
            #expect(empty.contains("<a href=\"/users/ben\">@ben</a>"))
        }
    }
}
