import DoableCore
import DoableDomain
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Testing
@testable import DoableArt

/// Issue 16 in the browser: the companion game's pages (GAME-1..5). Ann signs in through the web forms and plays;
/// the Domain arranges what a test is not about (tasks to complete, points to spend), and a manual clock passes days.
@Suite struct WebGameTests {
    /// Monday 23 November 2026, 12:00 UTC (members' days are UTC unless they choose a zone).
    static let monday = Timestamp(rfc3339: "2026-11-23T12:00:00Z")!
    static let day: Int64 = 86_400

    struct Player {
        let server: TestServer
        let web: WebClient
        let api: APIClient
        let token: String

        /// Ann as she is now (an `Identity` carries the account as it was when read: the game switch included).
        func identity() async throws -> Identity {
            try #require(try await server.domain.accounts.authenticate(secret: token))
        }

        func game() async throws -> GameView { try await server.domain.game.game(try await identity()) }

        /// A task made through the API; the clock must move a minute before it is completed for it to earn more
        /// than the anti-farming minimum.
        func task(_ title: String, minutes: Int? = nil) async throws -> TaskID {
            var fields: [String: Any] = ["title": title]
            if let minutes { fields["estimatedMinutes"] = minutes }
            return try #require(TaskID(try await api.createTask(token, fields)["id"] as? String ?? ""))
        }

        func complete(_ id: TaskID) async throws -> TaskView {
            try await server.domain.tasks.completeTask(try await identity(), id: id, includeSubtasks: false)
        }
    }

    private func player(_ server: TestServer, _ web: WebClient, _ api: APIClient, on: Bool = true) async throws
        -> Player
    {
        try await web.register("ann")
        let player = Player(server: server, web: web, api: api, token: try await web.apiToken("ann"))
        if on {
            let enabled = try await web.post("/game/enable")
            #expect(enabled.status == .seeOther && enabled.location == "/game")
        }
        return player
    }

    /// Whether a page's sidebar has the "Companion" entry.
    private func hasNavEntry(_ page: WebPageResponse) -> Bool {
        page.body.contains("<a href=\"/game\"") && page.body.contains("class=\"nav-points\"")
    }

    // MARK: Off and on

    @Test func GAME2_theGameIsOffUntilTurnedOnAndOffHidesEverythingButKeepsIt() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api, on: false)
            let off = try await web.get("/game")
            #expect(off.status == .ok)
            #expect(off.body.contains("<h1>The companion game</h1>"))
            #expect(off.body.contains("Turning it off loses nothing"))
            #expect(off.body.contains("Strict mode"))
            #expect(off.body.contains("action=\"/game/enable\""))
            #expect(off.body.contains("<label for=\"f-name\">Its name"), "issue 29: the member names it")
            #expect(off.body.contains(">Turn the game on</button>"))
            for path in ["/game/store", "/game/settings", "/game/companion"] {
                #expect(try await web.get(path).body.contains(">Turn the game on</button>"), "\(path) while off")
            }

            let on = try await web.post("/game/enable")
            #expect(on.status == .seeOther && on.location == "/game")
            let game = try await web.get("/game")
            #expect(game.body.contains("The game is on. Say hello to your companion!"), "the toast")
            #expect(game.body.contains("<h2 id=\"companion-heading\">Pip</h2>"))
            #expect(game.body.contains("Pip is an amber cat, feeling"))
            #expect(game.body.contains("<label for=\"level-progress\">Level 1 — 0 of 50 XP to level 2</label>"))
            #expect(game.body.contains("<progress id=\"level-progress\" max=\"50\" value=\"0\">"))
            #expect(game.body.contains(">Pet Pip</button>"))
            #expect(game.body.contains("<svg"), "the companion is drawn inline")
            #expect(game.body.contains("<h2 id=\"badges-heading\">Badges</h2>"))
            #expect(game.body.contains("First task"))
            // Sent twice (a second tab): still fine.
            #expect(try await web.post("/game/enable").status == .seeOther)

            // Renamed, turned off: the pages say what the game is again; on again, Biscuit is back.
            _ = try await server.domain.game.updateCompanion(try await ann.identity(), CompanionPatch(name: "Biscuit"))
            let disabled = try await web.post("/game/disable")
            #expect(disabled.status == .seeOther)
            #expect(try await web.get("/game").body.contains(">Turn the game on</button>"))
            #expect(try await ann.game().isEnabled == false)
            _ = try await web.post("/game/enable")
            #expect(try await web.get("/game").body.contains("<h2 id=\"companion-heading\">Biscuit</h2>"))
        }
    }

    @Test func GAME2_theTodayPanelShowsOnlyWhileTheGameIsOn() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await player(server, web, api, on: false)
            let off = try await web.get("/today")
            #expect(!off.body.contains("companion-today"))
            #expect(!off.body.contains("companion-art"))
            _ = try await web.post("/game/enable")
            let on = try await web.get("/today")
            #expect(on.body.contains("<section class=\"companion-today\" aria-labelledby=\"companion-today-heading\">"))
            #expect(on.body.contains("<h2 id=\"companion-today-heading\">Pip</h2>"))
            #expect(on.body.contains("<p class=\"companion-says\">"))
            #expect(on.body.contains("Streak 0 days · 0 points · level 1"))
            #expect(on.body.contains("<a href=\"/game\">Visit Pip</a>"))
            // After the day's tasks (docs/design.md: tasks before chrome).
            let panel = try #require(on.body.range(of: "companion-today"))
            let dueToday = try #require(on.body.range(of: "id=\"due-today\""))
            #expect(panel.lowerBound > dueToday.lowerBound)
            _ = try await web.post("/game/disable")
            #expect(!(try await web.get("/today").body.contains("companion-today")))
        }
    }

    @Test func GAME1_theNavigationHasACompanionEntryWithThePointsOnlyWhileTheGameIsOn() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api, on: false)
            #expect(!hasNavEntry(try await web.get("/today")))
            _ = try await web.post("/game/enable")
            let task = try await ann.task("Water the plants")
            clock.advance(seconds: 120)
            _ = try await ann.complete(task)
            let points = try await ann.game().profile.points
            #expect(points > 0)
            for path in ["/today", "/game/store", "/upcoming"] {
                let page = try await web.get(path)
                #expect(hasNavEntry(page), "\(path)")
                #expect(page.body.contains("Companion<span class=\"visually-hidden\"> (\(points) points)</span>"))
                #expect(page.body.contains(">\(points) pts</span>"))
            }
            #expect(try await web.get("/game").body.contains("<a href=\"/game\" aria-current=\"page\">"))
            _ = try await web.post("/game/disable")
            #expect(!hasNavEntry(try await web.get("/today")))
        }
    }

    // MARK: GAME-2: the companion

    @Test func GAME2_aNameOf31CharactersIsRefusedByTheFieldAndNothingIsSaved() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api)
            let form = try await web.get("/game/companion")
            #expect(form.body.contains("<label for=\"f-name\">Name</label>"))
            #expect(form.body.contains("<legend>Species</legend>"))
            #expect(form.body.contains("<legend>Colour</legend>"))
            #expect(form.body.contains("name=\"species\" value=\"cat\" checked>"))
            #expect(form.body.contains("name=\"color\" value=\"amber\" checked>"))
            let long = String(repeating: "x", count: 31)
            let refused = try await web.post("/game/companion", ["name": long, "species": "dog", "color": "sky"])
            #expect(refused.status == .badRequest)
            #expect(
                refused.body.contains(
                    "<p class=\"field-error\" id=\"f-name-error\">The companion&#39;s name must be 1 to 30 characters.</p>"))
            #expect(refused.body.contains("value=\"\(long)\""), "what was typed stays")
            #expect(refused.body.contains("name=\"species\" value=\"dog\" checked>"))
            #expect(try await ann.game().profile.companion == .default, "nothing saved")

            let odd = try await web.post("/game/companion", ["name": "Rex", "species": "unicorn", "color": "sky"])
            #expect(odd.body.contains("id=\"f-species-error\">Choose one of the listed options.</p>"))

            let saved = try await web.post("/game/companion", ["name": "  Biscuit ", "species": "dog", "color": "sky"])
            #expect(saved.status == .seeOther && saved.location == "/game")
            #expect(try await ann.game().profile.companion == Companion(name: "Biscuit", species: .dog, color: .sky))
            let game = try await web.get("/game")
            #expect(game.body.contains("Saved: Biscuit is a sky blue dog."))
            #expect(game.body.contains(">Pet Biscuit</button>"))
        }
    }

    @Test func GAME2_pettingSaysALineAndWiggles() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await player(server, web, api)
            let petted = try await web.post("/game/pet")
            #expect(petted.status == .seeOther && petted.location == "/game?petted=1")
            let page = try await web.get("/game?petted=1")
            #expect(CompanionLines.pettedLines.contains { page.body.contains("<p>Pip: “\(HTML("\($0)").markup)”</p>") })
            #expect(page.body.contains("class=\"companion-art petted\""))
        }
    }

    // MARK: GAME-1: rewards in the toast

    @Test func GAME1_completingATaskPutsTheRewardAndTheCompanionInTheToast() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api)
            let milk = try await ann.task("Buy milk")
            clock.advance(seconds: 120)
            let done = try await web.post("/tasks/\(milk)/complete", ["back": "/today"], fetch: true)
            #expect(done.status == .ok)
            let toast = try #require(done.json["toast"] as? [String: Any])
            let message = try #require(toast["message"] as? String)
            #expect(message.hasPrefix("Completed 'Buy milk' · +10 points, +10 XP · Pip: “"), "\(message)")
            #expect(CompanionLines.encouragements.contains { message.contains("Pip: “\($0)”") })
            #expect(message.hasSuffix(" Badge: First task"), "\(message)")
            #expect(toast["undo"] as? String != nil, "Undo stays")
            #expect(try await ann.game().profile.points == 10)

            // Without the script, the next page shows it.
            let bread = try await ann.task("Buy bread")
            clock.advance(seconds: 120)
            let plain = try await web.post("/tasks/\(bread)/complete", ["back": "/today"])
            #expect(plain.status == .seeOther)
            #expect(try await web.get("/today").body.contains("Completed &#39;Buy bread&#39; · +10 points, +10 XP · Pip: “"))

            // Off: as before the game.
            _ = try await web.post("/game/disable")
            let eggs = try await ann.task("Buy eggs")
            clock.advance(seconds: 120)
            let quiet = try await web.post("/tasks/\(eggs)/complete", ["back": "/today"], fetch: true)
            #expect((quiet.json["toast"] as? [String: Any])?["message"] as? String == "Completed 'Buy eggs'")
        }
    }

    // MARK: GAME-3: the store

    @Test func GAME3_buyingWithTooFewPointsSaysWhyAndChangesNothing() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api)
            let item = try #require(
                try await server.domain.game.storeCatalogue(try await ann.identity())
                    .map(\.item).filter { $0.price > 0 }.first)
            let store = try await web.get("/game/store")
            #expect(store.body.contains("You have <strong>0</strong> points to spend."))
            #expect(store.body.contains("<h3 class=\"store-name\" id=\"item-\(item.id)-name\">\(HTML("\(item.name)").markup)</h3>"))
            #expect(store.body.contains("id=\"item-\(item.id)-short\">You need \(item.price) more points.</p>"))
            #expect(store.body.contains("aria-disabled=\"true\" aria-describedby=\"item-\(item.id)-short\""))

            let refused = try await web.post("/game/store/\(item.id)/buy")
            #expect(refused.status == .seeOther)
            let after = try await web.get("/game/store")
            #expect(after.body.contains("costs \(item.price) points; you have 0."), "the domain's message in the toast")
            #expect(try await ann.game().profile.points == 0)
            #expect(try await server.domain.game.inventory(try await ann.identity()).isEmpty, "nothing bought")

            let script = try await web.post("/game/store/\(item.id)/buy", fetch: true)
            #expect(script.status == .conflict)
            #expect((script.json["error"] as? [String: Any])?["code"] as? String == "not_enough_points")
        }
    }

    @Test func GAME3_buyThenEquipPutsTheItemOnTheCompanion() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api)
            let item = try #require(
                try await server.domain.game.storeCatalogue(try await ann.identity())
                    .map(\.item).filter { $0.slot.isWorn }.min { $0.price < $1.price })
            // Enough points: tasks with a two-hour estimate earn 22 each.
            var tasks: [TaskID] = []
            for number in 0...(item.price / 22) { tasks.append(try await ann.task("Chore \(number)", minutes: 120)) }
            clock.advance(seconds: 120)
            for task in tasks { _ = try await ann.complete(task) }
            let before = try await ann.game().profile.points
            #expect(before >= item.price)

            let bought = try await web.post("/game/store/\(item.id)/buy")
            #expect(bought.status == .seeOther)
            let store = try await web.get("/game/store")
            #expect(store.body.contains("Bought \(HTML("\(item.name)").markup). \(before - item.price) points left."))
            #expect(store.body.contains("<p class=\"store-state is-owned\">Owned</p>"))
            #expect(store.body.contains("action=\"/game/inventory/\(item.id)/equip\""))
            #expect(try await ann.game().profile.points == before - item.price)

            let equipped = try await web.post("/game/inventory/\(item.id)/equip", fetch: true)
            #expect(equipped.status == .ok)
            #expect((equipped.json["toast"] as? [String: Any])?["message"] as? String == "Pip is wearing \(item.name).")
            let game = try await web.get("/game").body
            #expect(game.contains("wearing \(HTML("\(item.name)").markup)"), "the drawing's title names it")
            #expect(game.contains("<g class=\"item item-\(item.slot.rawValue)\""), "drawn in its slot")
            #expect(game.contains(item.svg), "the item's own drawing")
            #expect(try await web.get("/game/store").body.contains("action=\"/game/inventory/\(item.id)/unequip\""))

            _ = try await web.post("/game/inventory/\(item.id)/unequip")
            #expect(!(try await web.get("/game").body.contains("wearing \(HTML("\(item.name)").markup)")))
        }
    }

    // MARK: GAME-4: streaks

    @Test func GAME4_aBrokenStreakCanBeBoughtBackFromTheCompanionPage() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api)
            // Monday and Tuesday kept (a task done each day), Wednesday missed.
            for title in ["Monday's task", "Tuesday's task"] {
                let task = try await ann.task(title)
                clock.advance(seconds: 120)
                _ = try await ann.complete(task)
                clock.advance(seconds: Self.day - 120)
            }
            clock.advance(seconds: Self.day)
            let page = try await web.get("/game")
            #expect(page.body.contains("<h3 id=\"restore-heading\">Buy back your streak</h3>"))
            #expect(
                page.body.contains(
                    "Your 2-day streak broke on Wed 25 Nov. Buy it back for 40 points before Fri 27 Nov 23:59."))
            #expect(page.body.contains("<form method=\"post\" action=\"/game/streak/restore\">"))
            #expect(page.body.contains("id=\"restore-short\">You have 26 points: 14 more are needed.</p>"))
            #expect(
                page.body.contains(
                    "<li class=\"streak-day kept\"><span class=\"streak-date\">Mon 23 Nov</span> <span class=\"streak-status\">Kept</span>"))
            #expect(
                page.body.contains(
                    "<li class=\"streak-day missed\"><span class=\"streak-date\">Wed 25 Nov</span> <span class=\"streak-status\">Missed</span>"))
            #expect(page.body.contains("<span class=\"streak-status\">Today: Still open</span>"))

            let refused = try await web.post("/game/streak/restore")
            #expect(refused.status == .seeOther)
            #expect(
                try await web.get("/game").body.contains(
                    "Buying back the 2-day streak costs 40 points; you have 26."))
            #expect(try await ann.game().streak == 0)

            // Two more tasks today, and it is affordable.
            let more = [try await ann.task("Thursday 1"), try await ann.task("Thursday 2")]
            clock.advance(seconds: 120)
            for task in more { _ = try await ann.complete(task) }
            let bought = try await web.post("/game/streak/restore")
            #expect(bought.status == .seeOther)
            let after = try await web.get("/game").body
            #expect(after.contains("Streak bought back: 2 days and counting. 6 points left."))
            #expect(!after.contains("restore-heading"))
            #expect(after.contains("<span class=\"streak-status\">Bought back</span>"))
            #expect(try await ann.game().streak == 2)
        }
    }

    @Test func GAME4_weekdaysAndDaysOffAreSavedAndRefusalsShowByTheField() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api)
            let page = try await web.get("/game/settings")
            #expect(page.body.contains("<legend>Days of the week that do not count for the streak</legend>"))
            #expect(page.body.contains("> Strict mode</label>"))
            #expect(page.body.contains(">Turn the game off</button>"))

            let all = (0..<7).map { ("offWeekdays", String($0)) }
            let refused = try await web.post("/game/settings", [("part", "rules")] + all)
            #expect(refused.status == .badRequest)
            #expect(
                refused.body.contains(
                    "id=\"f-offWeekdays-error\">At least one day of the week must count for the streak.</p>"))
            #expect(try await ann.game().profile.offWeekdays.isEmpty)

            let saved = try await web.post(
                "/game/settings",
                [
                    ("part", "rules"), ("strict", "1"),
                    ("offWeekdays", "5"), ("offWeekdays", "6"),
                ])
            #expect(saved.status == .seeOther)
            var profile = try await ann.game().profile
            #expect(profile.isStrict && profile.offWeekdays == [5, 6])

            let past = try await web.post("/game/settings", [("part", "addDays"), ("offFrom", "2026-11-20")])
            #expect(past.status == .badRequest)
            #expect(past.body.contains("id=\"f-offFrom-error\">2026-11-20 is over: days off can be marked from today on"))
            #expect(past.body.contains("value=\"2026-11-20\""))
            let backwards = try await web.post(
                "/game/settings",
                [
                    ("part", "addDays"), ("offFrom", "2026-12-24"),
                    ("offThrough", "2026-12-20"),
                ])
            #expect(backwards.body.contains("id=\"f-offThrough-error\">The last day off cannot be before the first.</p>"))

            let holiday = try await web.post(
                "/game/settings",
                [
                    ("part", "addDays"), ("offFrom", "2026-12-24"),
                    ("offThrough", "2026-12-26"),
                ])
            #expect(holiday.status == .seeOther)
            profile = try await ann.game().profile
            #expect(profile.offDays == Set(["2026-12-24", "2026-12-25", "2026-12-26"].compactMap(CivilDate.init)))
            let listed = try await web.get("/game/settings").body
            #expect(listed.contains("3 days off added."))
            #expect(listed.contains("<span>Thursday 24 December 2026</span>"))
            _ = try await web.post("/game/settings", [("part", "removeDay"), ("day", "2026-12-25")])
            #expect(try await ann.game().profile.offDays.count == 2)
        }
    }

    // MARK: GAME-5: badges

    @Test func GAME5_badgesShowWithTheDateOnceEarnedAndTheRestAsStillToEarn() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api)
            let before = try await web.get("/game").body
            #expect(before.contains("No badge yet"))
            let task = try await ann.task("First of many")
            clock.advance(seconds: 120)
            _ = try await ann.complete(task)
            let page = try await web.get("/game").body
            #expect(page.contains("<li class=\"badge is-earned\" data-mark=\"1\"><strong class=\"badge-title\">First task</strong>"))
            #expect(page.contains("<span class=\"badge-date\">Earned Monday 23 November 2026</span>"))
            #expect(page.contains("<li class=\"badge is-locked\" data-mark=\"10\"><strong class=\"badge-title\">10 tasks</strong>"))
            #expect(page.contains("<progress max=\"10\" value=\"1\" aria-label=\"10 tasks: 1 of 10 tasks\">"), "how far along")
        }
    }
}

/// Issue 29 item 9: the companion is the member's to name as the game goes on, in the same change; no name is
/// refused by its field with what was chosen kept.
extension WebGameTests {
    @Test func GAME2_theMemberNamesItsCompanionAsItTurnsTheGameOn() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let ann = try await player(server, web, api, on: false)
            let unnamed = try await web.post("/game/enable", [("name", "  "), ("species", "fox")])
            #expect(unnamed.status == .badRequest)
            #expect(unnamed.body.contains("id=\"f-name-error\">The companion&#39;s name must be 1 to 30 characters."))
            #expect(unnamed.body.contains("value=\"fox\" checked"), "the species chosen is kept")
            #expect(try await server.domain.game.game(try await ann.identity()).isEnabled == false, "nothing half-done")

            let named = try await web.post("/game/enable", [("name", "Biscuit"), ("species", "fox")])
            #expect(named.status == .seeOther && named.location == "/game")
            let game = try await web.get("/game")
            #expect(game.body.contains("The game is on. Say hello to Biscuit!"))
            #expect(game.body.contains("<h2 id=\"companion-heading\">Biscuit</h2>") && game.body.contains("Biscuit is an amber fox"))
            // Badges say what earns them and how far along the member is; each medal carries its own mark.
            #expect(game.body.contains("data-mark=\"10\"><strong class=\"badge-title\">10 tasks</strong>"))
            #expect(game.body.contains("<span class=\"badge-summary\">Complete 10 tasks.</span>"))
            #expect(game.body.contains("<progress max=\"10\" value=\"0\" aria-label=\"10 tasks: 0 of 10 tasks\">"))
            #expect(game.body.contains("data-mark=\"7d\"") && game.body.contains("0 of 7 days"))
        }
    }
}
