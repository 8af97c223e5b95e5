import DoableCore
import DoableDomain
import DoableServer
import Foundation
import HTTPTypes
import Testing

/// GAME-1, GAME-3 and GAME-7 in the web app's admin area (issue 16): the game's constants (`/admin/game`), the
/// store's items (`/admin/store`) and the subscription plans (`/admin/plans`), between the marketplace categories in
/// one admin sub-navigation; and `/plans` for members. For anyone but an admin the admin pages do not exist.
@Suite struct WebAdminGameTests {
    /// Ann, an admin, signed in on `web`; Ben, a member, signed in on a second browser.
    private func annAndBen(_ server: TestServer, _ web: WebClient, _ api: APIClient) async throws -> WebClient {
        try await web.register("ann")
        _ = try await server.domain.accounts.setAdmin(nil, account: "ann", isAdmin: true)
        let ben = WebClient(api.client)
        try await ben.register("ben")
        return ben
    }

    /// Every constant as the form sends it, with `changes` applied.
    private func rulesForm(_ changes: [String: String]) -> [(String, String)] {
        GameRules.default.constants.map { ($0.name, changes[$0.name] ?? String($0.value)) }
    }

    private let circle = "<circle cx=\"50\" cy=\"50\" r=\"20\" fill=\"#e11d48\"/>"

    @Test func GAME1_GAME3_GAME7_membersWhoAreNotAdminsGetTheNotFoundPage() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ben = try await annAndBen(server, web, api)
            let item = try #require(try await server.domain.game.allStoreItems(nil).first)
            for path in ["/admin/game", "/admin/store", "/admin/store/\(item.id)", "/admin/plans"] {
                let page = try await ben.get(path)
                #expect(page.status == .notFound && page.body.contains("This page does not exist"), "\(path)")
            }
            #expect(try await ben.post("/admin/game", rulesForm(["basePoints": "500"])).status == .notFound)
            #expect(try await server.domain.game.gameRules(nil).basePoints == GameRules.default.basePoints)
            #expect(try await ben.post("/admin/store/\(item.id)/retire", [("retired", "1")]).status == .notFound)
            #expect(
                try await ben.post("/admin/plans", [("name", "Sneaky"), ("price", "1"), ("period", "month")])
                    .status == .notFound)
            #expect(try await server.domain.game.allSubscriptionPlans(nil).isEmpty)
            // The admin sub-navigation is the admins' only.
            #expect(!(try await ben.get("/settings").body.contains("/admin/")))
            let admin = try await web.get("/admin/categories").body
            #expect(admin.contains("<nav class=\"admin-nav\" aria-label=\"Admin\">"))
            #expect(admin.contains("<a href=\"/admin/categories\" aria-current=\"page\">Categories</a>"))
            #expect(admin.contains("<a href=\"/admin/game\">Game rules</a>"))
            #expect(admin.contains("<a href=\"/admin/store\">Store items</a>"))
            #expect(admin.contains("<a href=\"/admin/plans\">Plans</a>"))
        }
    }

    @Test func GAME1_anAdminChangesAConstant() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await annAndBen(server, web, api)
            let page = try await web.get("/admin/game")
            #expect(page.status == .ok)
            #expect(page.body.contains("<h2 id=\"settings-heading\">Game rules</h2>"))
            #expect(page.body.contains("<a href=\"/admin/game\" aria-current=\"page\">Game rules</a>"))
            #expect(page.body.contains("<a href=\"/admin/accounts\" aria-current=\"true\">Accounts (admin)</a>"))
            #expect(page.body.contains("<input id=\"f-basePoints\" name=\"basePoints\" type=\"number\" value=\"10\" required"))
            #expect(page.body.contains("min=\"1\" max=\"1000\""))
            for constant in GameRules.default.constants {
                #expect(page.body.contains("name=\"\(constant.name)\""), "\(constant.name)")
            }
            let saved = try await web.post("/admin/game", rulesForm(["basePoints": "15", "warningHour": "20"]))
            #expect(saved.status == .seeOther && saved.location == "/admin/game", "\(saved.body.prefix(300))")
            let rules = try await server.domain.game.gameRules(nil)
            #expect(rules.basePoints == 15 && rules.warningHour == 20 && rules.xpPercent == 100)
            #expect(try await web.get("/admin/game").body.contains("name=\"basePoints\" type=\"number\" value=\"15\""))
        }
    }

    @Test func GAME1_valuesOutOfRangeAreRefusedByTheirFieldsAndNothingIsSaved() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await annAndBen(server, web, api)
            let refused = try await web.post(
                "/admin/game",
                rulesForm([
                    "basePoints": "0", "warningHour": "24", "xpPercent": "50", "restoreHours": "two",
                ]))
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("Please correct the fields marked below."))
            #expect(refused.body.contains("<p class=\"field-error\" id=\"f-basePoints-error\">basePoints must be between 1 and 1000.</p>"))
            #expect(refused.body.contains("<p class=\"field-error\" id=\"f-warningHour-error\">warningHour must be between 0 and 23.</p>"))
            #expect(refused.body.contains("id=\"f-restoreHours-error\">“two” is not a whole number"))
            #expect(refused.body.contains("name=\"basePoints\" type=\"number\" value=\"0\""), "what was typed stays")
            #expect(refused.body.contains("aria-invalid=\"true\""))
            #expect(!refused.body.contains("id=\"f-xpPercent-error\""))
            // Nothing was saved, not even the value that was fine.
            #expect(try await server.domain.game.gameRules(nil) == GameRules.default)
        }
    }

    @Test func GAME3_aDrawingWithAScriptIsRefusedWithTheReason() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await annAndBen(server, web, api)
            let before = try await server.domain.game.allStoreItems(nil).count
            let refused = try await web.post(
                "/admin/store",
                [
                    ("name", "Sneaky hat"), ("description", ""), ("category", "clothes"), ("slot", "head"),
                    ("price", "10"), ("svg", "<script>alert(1)</script>"),
                ])
            #expect(refused.status == .badRequest)
            #expect(
                refused.body.contains(
                    "<p class=\"field-error\" id=\"f-svg-error\">Element &lt;script&gt; is not allowed in a store item&#39;s drawing.</p>"),
                "\(refused.body)")
            #expect(refused.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;</textarea>"), "what was typed stays, as text")
            #expect(!refused.body.contains("<script>alert(1)"))
            #expect(try await server.domain.game.allStoreItems(nil).count == before)
            // A price that is not a number and a slot not chosen are refused by their fields too.
            let incomplete = try await web.post(
                "/admin/store",
                [
                    ("name", "Hat"), ("category", "clothes"), ("slot", ""), ("price", "ten"), ("svg", circle),
                ])
            #expect(incomplete.status == .badRequest)
            #expect(incomplete.body.contains("id=\"f-slot-error\">Choose where the item goes.</p>"))
            #expect(incomplete.body.contains("id=\"f-price-error\">Enter the price in points"))
        }
    }

    @Test func GAME3_anAdminAddsEditsRetiresAndBringsBackAnItem() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ben = try await annAndBen(server, web, api)
            let list = try await web.get("/admin/store")
            #expect(list.status == .ok && list.body.contains("<h2 id=\"settings-heading\">Store items</h2>"))
            let seeded = try #require(try await server.domain.game.allStoreItems(nil).first)
            #expect(list.body.contains("<a href=\"/admin/store/\(seeded.id)\">\(seeded.name)</a>"))
            let added = try await web.post(
                "/admin/store",
                [
                    ("name", "Red ball"), ("description", "Bounces."), ("category", "trinket"), ("slot", "shelf"),
                    ("price", "25"), ("svg", circle),
                ])
            #expect(added.status == .seeOther, "\(added.body.prefix(500))")
            let item = try #require(try await server.domain.game.allStoreItems(nil).first { $0.name == "Red ball" })
            #expect(item.price == 25 && item.slot == .shelf && item.category == .trinket && !item.isRetired)
            #expect(added.location == "/admin/store#item-\(item.id)")
            let row = try await web.get("/admin/store").body
            #expect(row.contains("<tr id=\"item-\(item.id)\">"))
            #expect(row.contains("aria-label=\"Retire “Red ball”\""))

            let edit = try await web.get("/admin/store/\(item.id)")
            #expect(edit.status == .ok && edit.body.contains("Edit “Red ball”"))
            #expect(edit.body.contains("name=\"price\" type=\"number\" value=\"25\""))
            let saved = try await web.post(
                "/admin/store/\(item.id)",
                [
                    ("name", "Red ball"), ("description", "Bounces high."), ("category", "trinket"), ("slot", "shelf"),
                    ("price", "30"), ("svg", circle),
                ])
            #expect(saved.status == .seeOther)
            #expect(try await server.domain.game.allStoreItems(nil).first { $0.id == item.id }?.price == 30)

            let retired = try await web.post("/admin/store/\(item.id)/retire", [("retired", "1")], fetch: true)
            #expect(
                (retired.json["toast"] as? [String: Any])?["message"] as? String
                    == "Retired “Red ball”: no longer sold; owners keep it")
            let after = try await web.get("/admin/store").body
            #expect(after.contains("<tr id=\"item-\(item.id)\" class=\"is-retired\">"))
            #expect(after.contains("aria-label=\"Bring back “Red ball”\""))
            let benToken = try await ben.apiToken("ben")
            let identity = try #require(try await server.domain.accounts.authenticate(secret: benToken))
            #expect(!(try await server.domain.game.storeCatalogue(identity).contains { $0.item.id == item.id }))

            let back = try await web.post("/admin/store/\(item.id)/retire", [("retired", "0")])
            #expect(back.status == .seeOther && back.location == "/admin/store")
            #expect(try await server.domain.game.storeCatalogue(identity).contains { $0.item.id == item.id })
        }
    }

    @Test func GAME7_anAdminAddsEditsAndRetiresPlansWhichMembersSee() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ben = try await annAndBen(server, web, api)
            let empty = try await web.get("/admin/plans")
            #expect(empty.status == .ok && empty.body.contains("<h2 id=\"settings-heading\">Subscription plans</h2>"))
            #expect(empty.body.contains("Doable does not process payments yet."))
            let added = try await web.post(
                "/admin/plans",
                [
                    ("name", "Pro"), ("price", "4.99"), ("period", "month"), ("description", "Everything, and more."),
                ])
            #expect(added.status == .seeOther, "\(added.body.prefix(500))")
            let plan = try #require(try await server.domain.game.allSubscriptionPlans(nil).first)
            #expect(plan.name == "Pro" && plan.price == Money(cents: 499) && plan.period == .month)
            let free = try await web.post("/admin/plans", [("name", "Free"), ("price", "0"), ("period", "year")])
            #expect(free.status == .seeOther)

            let members = try await ben.get("/plans")
            #expect(members.status == .ok)
            #expect(members.body.contains("<strong>Payment isn't available yet;</strong> these plans describe what is planned."))
            #expect(members.body.contains("<h2 class=\"plan-name\">Pro</h2>"))
            #expect(members.body.contains("<strong>4.99</strong> per month"))
            #expect(members.body.contains("<strong>0.00</strong> per year"))
            #expect(members.body.contains("<a href=\"/plans\" aria-current=\"page\">"))
            #expect(
                try await ben.get("/today").body.contains("<div class=\"menu-items\">\n<a href=\"/settings\">"),
                "the account menu holds Settings")
            #expect(try await ben.get("/today").body.contains("<a href=\"/plans\">"), "and links to the plans")

            let edit = try await web.get("/admin/plans/\(plan.id)")
            #expect(edit.body.contains("Doable does not process payments yet."))
            #expect(edit.body.contains("name=\"price\" type=\"text\" value=\"4.99\""))
            let tooPrecise = try await web.post(
                "/admin/plans/\(plan.id)",
                [
                    ("name", "Pro"), ("price", "4.999"), ("period", "month"), ("description", ""),
                ])
            #expect(tooPrecise.status == .badRequest)
            #expect(tooPrecise.body.contains("id=\"f-price-error\">A price may have at most two decimals, such as 4.99.</p>"))
            let saved = try await web.post(
                "/admin/plans/\(plan.id)",
                [
                    ("name", "Pro yearly"), ("price", "49,90"), ("period", "year"), ("description", "Save two months."),
                ])
            #expect(saved.status == .seeOther)
            let changed = try #require(try await server.domain.game.allSubscriptionPlans(nil).first { $0.id == plan.id })
            #expect(changed.name == "Pro yearly" && changed.price == Money(cents: 4990) && changed.period == .year)

            let retired = try await web.post("/admin/plans/\(plan.id)/retire", [("retired", "1")], fetch: true)
            #expect(
                (retired.json["toast"] as? [String: Any])?["message"] as? String
                    == "Retired the plan “Pro yearly”: members no longer see it")
            #expect(!(try await ben.get("/plans").body.contains("Pro yearly")))
            let list = try await web.get("/admin/plans").body
            #expect(list.contains("<tr id=\"plan-\(plan.id)\" class=\"is-retired\">"))
            #expect(list.contains("aria-label=\"Offer again “Pro yearly”\""))
        }
    }
}
