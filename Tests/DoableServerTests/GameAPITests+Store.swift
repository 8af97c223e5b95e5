import DoableCore
import Foundation
import HTTPTypes
import Testing

/// GAME-3 (the store), the admin's tools (GAME-1's constants, GAME-3's items, GAME-7's plans) and the game in the
/// export (ACC-6).
extension GameAPITests {
    /// The party hat of the seeded catalogue: 20 points.
    static let partyHat = "00000000-0000-7000-8000-000000000101"
    static var bowTie: [String: Any] {
        [
            "name": "Bow tie", "description": "For evenings.", "category": "clothes", "slot": "neck", "price": 5,
            "svg": "<path d=\"M35 50 L50 58 L65 50 L65 66 L50 58 L35 66 Z\" fill=\"#2563eb\"/>",
        ]
    }

    static func ids(_ items: [[String: Any]]) -> [String] { items.compactMap { $0["id"] as? String } }
    /// GAME-2, GAME-3: what the companion wears, on the companion as SPEC lists it.
    static func wearing(_ game: APIResponse) -> [[String: Any]] {
        (game["companion"] as? [String: Any])?["equipped"] as? [[String: Any]] ?? []
    }

    @Test(arguments: APIEngine.available)
    func GAME3_membersBuyWithPointsEquipWhatTheyOwnAndRetiredItemsAreNotSold(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, server in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            _ = try await server.domain.accounts.setAdmin(nil, account: "ben", isAdmin: true)
            let added = try await api.call(.post, "/api/v1/admin/store/items", token: ben, json: Self.bowTie)
            #expect(added.status == .created, "\(String(describing: added.json))")
            let bowTie = added.string("id")
            #expect(added.string("preview").hasPrefix("<svg") && added.string("svg") == Self.bowTie["svg"] as? String)

            // Off, the store can be looked at but not bought from.
            let closed = try await api.call(.post, "/api/v1/game/store/\(bowTie)/buy", token: ann)
            #expect(closed.status == .conflict && closed.errorCode == "game_off")
            try await Self.enable(api, ann)
            let store = try await api.call(.get, "/api/v1/game/store", token: ann)
            #expect(store["points"] as? Int == 0)
            let hat = try #require(store.array("items").first { $0["id"] as? String == Self.partyHat })
            #expect(hat["price"] as? Int == 20 && hat["affordable"] as? Bool == false && hat["owned"] as? Bool == false)
            #expect((hat["svg"] as? String)?.hasPrefix("<svg") == true)
            #expect(Self.ids(store.array("items")).contains(bowTie))

            let poor = try await api.call(.post, "/api/v1/game/store/\(Self.partyHat)/buy", token: ann)
            #expect(poor.status == .conflict && poor.errorCode == "not_enough_points" && poor.errorField == "itemId")
            #expect(try await Self.game(api, ann)["points"] as? Int == 0)

            let task = try await api.createTask(ann, ["title": "Earn something"])
            clock.pass(seconds: 120)
            _ = try await Self.complete(api, ann, try #require(task["id"] as? String))
            let bought = try await api.call(.post, "/api/v1/game/store/\(bowTie)/buy", token: ann)
            #expect(bought.status == .ok && bought["points"] as? Int == 5, "\(String(describing: bought.json))")
            let owned = try await api.call(.post, "/api/v1/game/store/\(bowTie)/buy", token: ann)
            #expect(owned.status == .conflict && owned.errorCode == "already_owned")
            let inventory = try await api.call(.get, "/api/v1/game/inventory", token: ann).array("items")
            #expect(Self.ids(inventory) == [bowTie] && inventory.first?["equipped"] as? Bool == false)
            let purchase = try await Self.ledger(api, ann).first
            #expect(purchase?["kind"] as? String == "purchase" && purchase?["points"] as? Int == -5)
            #expect(purchase?["reference"] as? String == bowTie)

            let equipped = try await api.call(.post, "/api/v1/game/inventory/\(bowTie)/equip", token: ann)
            #expect(equipped.status == .ok && Self.ids(Self.wearing(equipped)) == [bowTie])
            let picture = try await api.fetch("/api/v1/game/companion.svg", token: ann)
            #expect(picture.status == .ok && String(decoding: picture.bytes, as: UTF8.self).contains("#2563eb"))
            let unowned = try await api.call(.post, "/api/v1/game/inventory/\(Self.partyHat)/equip", token: ann)
            #expect(unowned.status == .conflict && unowned.errorCode == "not_owned" && unowned.errorField == "itemId")
            let unequipped = try await api.call(.post, "/api/v1/game/inventory/\(bowTie)/unequip", token: ann)
            #expect(unequipped.status == .ok && Self.wearing(unequipped).isEmpty)
            let unknown = try await api.call(
                .post, "/api/v1/game/store/\(UUID().uuidString.lowercased())/buy",
                token: ann)
            #expect(unknown.status == .notFound && unknown.errorField == "itemId")
            #expect(try await api.call(.post, "/api/v1/game/store/not-an-id/buy", token: ann).status == .notFound)

            // A retired item is no longer sold; its owners keep it.
            for id in [Self.partyHat, bowTie] {
                let retired = try await api.call(
                    .patch, "/api/v1/admin/store/items/\(id)", token: ben,
                    json: ["retired": true])
                #expect(retired.status == .ok && retired["retired"] as? Bool == true)
            }
            let gone = try await api.call(.post, "/api/v1/game/store/\(Self.partyHat)/buy", token: ann)
            #expect(gone.status == .conflict && gone.errorCode == "item_retired")
            let onSale = Self.ids(try await api.call(.get, "/api/v1/game/store", token: ann).array("items"))
            #expect(!onSale.contains(Self.partyHat) && !onSale.contains(bowTie))
            #expect(Self.ids(try await api.call(.get, "/api/v1/game/inventory", token: ann).array("items")) == [bowTie])
            let all = try await api.call(.get, "/api/v1/admin/store/items", token: ben).array("items")
            #expect(
                all.filter { [Self.partyHat, bowTie].contains($0["id"] as? String) }
                    .allSatisfy { $0["retired"] as? Bool == true } && all.count >= 2)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME3_onlyAdminsManageTheStoreAndBadItemsAreRefused(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            _ = try await server.domain.accounts.setAdmin(nil, account: "ben", isAdmin: true)
            #expect(try await api.call(.get, "/api/v1/admin/store/items", token: ann).status == .notFound)
            #expect(
                try await api.call(.post, "/api/v1/admin/store/items", token: ann, json: Self.bowTie).status
                    == .notFound)
            #expect(
                try await api.call(
                    .patch, "/api/v1/admin/store/items/\(Self.partyHat)", token: ann,
                    json: ["retired": true]
                ).status == .notFound)
            let refusals: [([String: Any], String)] = [
                (["svg": "<script>alert(1)</script>"], "svg"), (["slot": "tail"], "slot"),
                (["category": "food"], "category"), (["price": -1], "price"), (["price": "5"], "price"),
                (["name": ""], "name"), (["colour": "red"], "colour"),
            ]
            for (change, field) in refusals {
                let body = Self.bowTie.merging(change) { _, new in new }
                let response = try await api.call(.post, "/api/v1/admin/store/items", token: ben, json: body)
                #expect(
                    response.status == .badRequest && response.errorField == field,
                    "\(change): \(String(describing: response.json))")
            }
            var missing = Self.bowTie
            missing["slot"] = nil
            let noSlot = try await api.call(.post, "/api/v1/admin/store/items", token: ben, json: missing)
            #expect(noSlot.status == .badRequest && noSlot.errorField == "slot")
            let unknown = try await api.call(
                .patch, "/api/v1/admin/store/items/\(UUID().uuidString.lowercased())",
                token: ben, json: ["retired": true])
            #expect(unknown.status == .notFound)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME1_anAdminChangesTheFormulasConstantsAndTheNextRewardFollows(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, server in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            _ = try await server.domain.accounts.setAdmin(nil, account: "ann", isAdmin: true)
            #expect(try await api.call(.get, "/api/v1/admin/game/rules", token: ben).status == .notFound)
            #expect(
                try await api.call(.patch, "/api/v1/admin/game/rules", token: ben, json: ["basePoints": 50]).status
                    == .notFound)
            let rules = try await api.call(.get, "/api/v1/admin/game/rules", token: ann)
            #expect(rules.status == .ok && rules["basePoints"] as? Int == 10 && rules.object.count == 16)

            let refusals: [([String: Any], String)] = [
                (["bogus": 1], "rules.bogus"), (["latePercent": 101], "rules.latePercent"),
                (["basePoints": "many"], "rules.basePoints"), (["basePoints": 1.5], "rules.basePoints"),
                (["basePoints": 0], "rules.basePoints"),
            ]
            for (body, field) in refusals {
                let response = try await api.call(.patch, "/api/v1/admin/game/rules", token: ann, json: body)
                #expect(
                    response.status == .badRequest && response.errorField == field,
                    "\(body): \(String(describing: response.json))")
            }
            let changed = try await api.call(
                .patch, "/api/v1/admin/game/rules", token: ann,
                json: ["basePoints": 50, "xpPercent": 50])
            #expect(changed.status == .ok && changed["basePoints"] as? Int == 50 && changed["xpPercent"] as? Int == 50)

            try await Self.enable(api, ben)
            let task = try await api.createTask(ben, ["title": "Worth more now"])
            clock.pass(seconds: 120)
            let reward = Self.reward(try await Self.complete(api, ben, try #require(task["id"] as? String)))
            #expect(reward["points"] as? Int == 50 && reward["xp"] as? Int == 25, "\(reward)")
            #expect((try await Self.game(api, ben)["rules"] as? [String: Any])?["basePoints"] as? Int == 50)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME7_adminsManageSubscriptionPlansAndMembersSeeThoseOnOffer(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            _ = try await server.domain.accounts.setAdmin(nil, account: "ann", isAdmin: true)
            let plus: [String: Any] = [
                "name": "Plus", "price": 4.99, "period": "month",
                "description": "Every item in the store.",
            ]
            #expect(try await api.call(.get, "/api/v1/admin/plans", token: ben).status == .notFound)
            #expect(try await api.call(.post, "/api/v1/admin/plans", token: ben, json: plus).status == .notFound)

            let created = try await api.call(.post, "/api/v1/admin/plans", token: ann, json: plus)
            #expect(created.status == .created, "\(String(describing: created.json))")
            #expect(created["price"] as? Double == 4.99 && created.string("period") == "month")
            let id = created.string("id")
            let refusals: [([String: Any], String)] = [
                (["price": 12.345], "price"), (["price": "4.99"], "price"), (["price": -1], "price"),
                (["period": "week"], "period"), (["name": " "], "name"), (["tier": "gold"], "tier"),
            ]
            for (change, field) in refusals {
                let response = try await api.call(
                    .post, "/api/v1/admin/plans", token: ann,
                    json: plus.merging(change) { _, new in new })
                #expect(
                    response.status == .badRequest && response.errorField == field,
                    "\(change): \(String(describing: response.json))")
            }
            let noPeriod = try await api.call(
                .post, "/api/v1/admin/plans", token: ann,
                json: ["name": "Yearly", "price": 40])
            #expect(noPeriod.status == .badRequest && noPeriod.errorField == "period")
            // Issue 34: a free plan is legitimate, as the admin page's form allows; the API agrees.
            let free = try await api.call(
                .post, "/api/v1/admin/plans", token: ann,
                json: ["name": "Free", "price": 0, "period": "month"])
            #expect(free.status == .created && free["price"] as? Double == 0, "\(String(describing: free.json))")
            let freeID = free.string("id")
            #expect(
                try await api.call(
                    .patch, "/api/v1/admin/plans/\(freeID)", token: ann,
                    json: ["retired": true]
                ).status == .ok)

            let offered = try await api.call(.get, "/api/v1/plans", token: ben).array("plans")
            #expect(Self.ids(offered) == [id] && offered.first?["price"] as? Double == 4.99)
            #expect(offered.first?["retired"] == nil, "members see no admin fields")
            let changed = try await api.call(
                .patch, "/api/v1/admin/plans/\(id)", token: ann,
                json: ["price": 5, "retired": true])
            #expect(changed.status == .ok && changed["price"] as? Double == 5 && changed["retired"] as? Bool == true)
            #expect(try await api.call(.get, "/api/v1/plans", token: ben).array("plans").isEmpty)
            #expect(
                Set(Self.ids(try await api.call(.get, "/api/v1/admin/plans", token: ann).array("plans")))
                    == [id, freeID])
            let unknown = try await api.call(
                .patch, "/api/v1/admin/plans/\(UUID().uuidString.lowercased())",
                token: ann, json: ["retired": true])
            #expect(unknown.status == .notFound)
        }
    }

    @Test(arguments: APIEngine.available)
    func ACC6_theExportCarriesTheGameProfileItsDaysAndItsLedger(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            #expect(try await api.call(.get, "/api/v1/me/export", token: ann)["game"] is NSNull)
            try await Self.enable(api, ann)
            let task = try await api.createTask(ann, ["title": "Exported", "due": clock.today.description])
            clock.pass(seconds: 120)
            _ = try await Self.complete(api, ann, try #require(task["id"] as? String))
            clock.pass(days: 1)
            _ = try await Self.game(api, ann)

            let export = try await api.call(.get, "/api/v1/me/export", token: ann)
            let game = try #require(export["game"] as? [String: Any], "\(export.object.keys)")
            #expect(game["enabled"] as? Bool == true && game["points"] as? Int == 12, "10 and the bonus 2: \(game)")
            #expect((game["companion"] as? [String: Any])?["name"] as? String == "Pip")
            let ledger = game["ledger"] as? [[String: Any]] ?? []
            #expect(ledger.map { $0["kind"] as? String ?? "" } == ["streakBonus", "reward"])
            let days = game["days"] as? [[String: Any]] ?? []
            #expect(days.map { $0["status"] as? String ?? "" } == ["kept"])
            #expect(days.first?["date"] as? String == "2030-01-07")
            #expect((game["badges"] as? [[String: Any]])?.first?["id"] as? String == "firstTask")
        }
    }
}
