import DoableCore
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// GAME-1, GAME-2, GAME-4 and GAME-5 through the REST API, on every engine: turning the game on, the companion,
/// rewards and taking them back, streaks over simulated days and their buy-back, badges. The store, the admin's
/// tools, the plans and the export are in `GameAPITests+Store.swift`.
@Suite("Game API", .serialized)
struct GameAPITests {
    /// Monday 7 January 2030, 10:00 UTC: members are in UTC, so each test's days start from a known weekday.
    static let start = Timestamp(rfc3339: "2030-01-07T10:00:00Z")!

    static func enable(_ api: APIClient, _ token: String) async throws {
        let on = try await api.call(.patch, "/api/v1/game", token: token, json: ["enabled": true])
        #expect(on.status == .ok && on["enabled"] as? Bool == true, "\(String(describing: on.json))")
    }

    static func game(_ api: APIClient, _ token: String) async throws -> APIResponse {
        let game = try await api.call(.get, "/api/v1/game", token: token)
        #expect(game.status == .ok, "\(String(describing: game.json))")
        return game
    }

    static func complete(_ api: APIClient, _ token: String, _ id: String) async throws -> APIResponse {
        let done = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token)
        #expect(done.status == .ok, "complete: \(String(describing: done.json))")
        return done
    }

    static func reward(_ response: APIResponse) -> [String: Any] { response["reward"] as? [String: Any] ?? [:] }

    static func ledger(_ api: APIClient, _ token: String) async throws -> [[String: Any]] {
        try await api.call(.get, "/api/v1/game/ledger", token: token).array("entries")
    }

    static func streak(_ game: APIResponse) -> [String: Any] { game["streak"] as? [String: Any] ?? [:] }

    @Test(arguments: APIEngine.available)
    func GAME1_theGameIsOptInAndTurningItOnTwiceIsAConflict(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let off = try await Self.game(api, ann)
            #expect(off["enabled"] as? Bool == false && off["points"] as? Int == 0 && off["level"] as? Int == 1)
            #expect((off["rules"] as? [String: Any])?["basePoints"] as? Int == 10)
            #expect((off["companion"] as? [String: Any])?["svgUrl"] as? String == "/api/v1/game/companion.svg")

            // With the game off, completing earns nothing and the task carries no reward.
            let task = try await api.createTask(ann, ["title": "Water the plants"])
            let done = try await Self.complete(api, ann, try #require(task["id"] as? String))
            #expect(done["reward"] == nil)
            let early = try await api.call(.patch, "/api/v1/game/companion", token: ann, json: ["name": "Biscuit"])
            #expect(early.status == .conflict && early.errorCode == "game_off")

            try await Self.enable(api, ann)
            let twice = try await api.call(.patch, "/api/v1/game", token: ann, json: ["enabled": true])
            #expect(twice.status == .conflict && twice.errorCode == "game_already_on" && twice.errorField == "enabled")
            let settings = try await api.call(
                .patch, "/api/v1/game", token: ann,
                json: ["strict": true, "offWeekdays": [6, 5]])
            #expect(settings.status == .ok && settings["strict"] as? Bool == true)
            #expect(Self.streak(settings)["offWeekdays"] as? [Int] == [5, 6])

            // Bad input names the field.
            let refusals: [(json: Any?, raw: String?, field: String?)] = [
                (["offWeekdays": [7]], nil, "offWeekdays"),
                (["offWeekdays": [0, 1, 2, 3, 4, 5, 6]], nil, "offWeekdays"),
                (["offDays": ["2000-01-01"]], nil, "offDays"),
                (["offDays": ["soon"]], nil, "offDays"),
                (["enabled": "yes"], nil, "enabled"),
                (["mode": "hard"], nil, "mode"),
                (nil, "{\"enabled\": tru", nil),
            ]
            for refusal in refusals {
                let response = try await api.call(
                    .patch, "/api/v1/game", token: ann, json: refusal.json,
                    rawBody: refusal.raw)
                #expect(
                    response.status == .badRequest && response.errorField == refusal.field,
                    "\(String(describing: refusal.json)) \(refusal.raw ?? ""): \(response.object)")
            }

            let turnedOff = try await api.call(.patch, "/api/v1/game", token: ann, json: ["enabled": false])
            #expect(turnedOff.status == .ok && turnedOff["enabled"] as? Bool == false)
            let offTwice = try await api.call(.patch, "/api/v1/game", token: ann, json: ["enabled": false])
            #expect(offTwice.status == .conflict && offTwice.errorCode == "game_already_off")
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME2_theMemberNamesAndDressesTheCompanionWhichAnswersWhenPetted(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            try await Self.enable(api, ann)
            let named = try await api.call(
                .patch, "/api/v1/game/companion", token: ann,
                json: ["name": "  Biscuit ", "species": "fox", "color": "teal"])
            #expect(named.status == .ok, "\(String(describing: named.json))")
            let companion = try #require(named["companion"] as? [String: Any])
            #expect(companion["name"] as? String == "Biscuit" && companion["species"] as? String == "fox")
            #expect(companion["color"] as? String == "teal" && companion["level"] as? Int == 1)
            #expect((companion["equipped"] as? [Any])?.isEmpty == true)
            // The name before SPEC's, `colour`, still reads.
            let renamed = try await api.call(.patch, "/api/v1/game/companion", token: ann, json: ["colour": "moss"])
            #expect((renamed["companion"] as? [String: Any])?["color"] as? String == "moss")
            #expect(["happy", "neutral", "sad"].contains(companion["mood"] as? String ?? ""))
            #expect((companion["greeting"] as? String)?.isEmpty == false)

            let refusals: [([String: Any], String)] = [
                (["name": String(repeating: "n", count: 31)], "name"), (["name": "   "], "name"),
                (["species": "unicorn"], "species"), (["color": "plaid"], "color"), (["colour": "plaid"], "colour"), (["name": 7], "name"),
                (["mood": "happy"], "mood"),
            ]
            for (body, field) in refusals {
                let response = try await api.call(.patch, "/api/v1/game/companion", token: ann, json: body)
                #expect(
                    response.status == .badRequest && response.errorField == field,
                    "\(body): \(String(describing: response.json))")
            }
            let thirty = try await api.call(
                .patch, "/api/v1/game/companion", token: ann,
                json: ["name": String(repeating: "n", count: 30)])
            #expect(thirty.status == .ok)

            let petted = try await api.call(.post, "/api/v1/game/companion/pet", token: ann)
            #expect(petted.status == .ok && (petted["says"] as? String)?.isEmpty == false)
            #expect(["happy", "neutral", "sad"].contains(petted.string("mood")))
            let again = try await api.call(.post, "/api/v1/game/companion/pet", token: ann)
            #expect(again.string("says") != petted.string("says"), "never the same line twice in a row")

            for path in ["/api/v1/game/companion.svg", "/api/v1/game/home.svg"] {
                let picture = try await api.fetch(path, token: ann)
                #expect(picture.status == .ok && picture.headers[.contentType] == "image/svg+xml")
                let svg = String(decoding: picture.bytes, as: UTF8.self)
                #expect(svg.hasPrefix("<svg") && !svg.contains("<script"), "\(path): \(svg.prefix(80))")
            }
            #expect(try await api.fetch("/api/v1/game/companion.svg", token: nil).status == .unauthorized)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME1_completingPaysOnceAndUncompletingTakesTheRewardBack(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await Self.enable(api, ann)
            let task = try await api.createTask(
                ann,
                [
                    "title": "Write the report", "estimatedMinutes": 30,
                    "due": clock.today.adding(days: 2).description,
                ])
            let id = try #require(task["id"] as? String)
            clock.pass(seconds: 300)

            // Base 10, a 30-minute estimate +3, two days early +4.
            let first = Self.reward(try await Self.complete(api, ann, id))
            #expect(first["points"] as? Int == 17 && first["xp"] as? Int == 17, "\(first)")
            #expect((first["message"] as? String)?.hasPrefix("+17 points and 17 XP") == true, "\(first)")
            let parts = first["parts"] as? [[String: Any]] ?? []
            #expect(parts.map { $0["label"] as? String ?? "" } == ["Base", "30-minute estimate", "2 days early"])
            #expect(first["onTime"] as? Bool == true && first["late"] as? Bool == false)
            #expect(first["totalPoints"] as? Int == 17 && first["level"] as? Int == 1)
            #expect(first["badges"] as? [String] == ["firstTask"])
            #expect(((first["companion"] as? [String: Any])?["says"] as? String)?.isEmpty == false)
            var game = try await Self.game(api, ann)
            #expect(game["points"] as? Int == 17 && game["xp"] as? Int == 17 && game["completedCount"] as? Int == 1)
            #expect(try await api.call(.get, "/api/v1/tasks/\(id)", token: ann)["reward"] == nil)

            // Un-completing takes it back; completing again pays once more: once, net.
            let reopened = try await api.call(.post, "/api/v1/tasks/\(id)/reopen", token: ann)
            #expect(reopened.status == .ok && reopened["reward"] == nil)
            game = try await Self.game(api, ann)
            #expect(game["points"] as? Int == 0 && game["xp"] as? Int == 0 && game["completedCount"] as? Int == 0)
            let second = Self.reward(try await Self.complete(api, ann, id))
            #expect(second["points"] as? Int == 17 && second["badges"] as? [String] == [])
            let again = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: ann)
            #expect(again.status == .ok && again["reward"] == nil, "completing a completed task pays nothing")
            game = try await Self.game(api, ann)
            #expect(game["points"] as? Int == 17 && game["completedCount"] as? Int == 1)
            let entries = try await Self.ledger(api, ann)
            #expect(entries.map { $0["kind"] as? String ?? "" } == ["reward", "reversal", "reward"])
            #expect(entries.reduce(0) { $0 + ($1["points"] as? Int ?? 0) } == 17, "the ledger adds up to the points")
            #expect(entries.first?["date"] as? String == clock.today.description)
            let page = try await api.call(.get, "/api/v1/game/ledger?limit=1", token: ann).array("entries")
            #expect(page.count == 1)
            let before = try await api.call(.get, "/api/v1/game/ledger?before=yesterday", token: ann)
            #expect(before.status == .badRequest && before.errorField == "before")
            let tooMany = try await api.call(.get, "/api/v1/game/ledger?limit=501", token: ann)
            #expect(tooMany.status == .badRequest && tooMany.errorField == "limit")
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME1_aTaskMadeAndDoneAtOnceEarnsTheMinimumAndTheTrashDoesNotPay(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await Self.enable(api, ann)
            let quick = try await api.createTask(ann, ["title": "Tick a box", "estimatedMinutes": 120])
            let farmed = Self.reward(try await Self.complete(api, ann, try #require(quick["id"] as? String)))
            #expect(farmed["points"] as? Int == 1, "\(farmed)")

            let task = try await api.createTask(ann, ["title": "Sort the mail"])
            let id = try #require(task["id"] as? String)
            clock.pass(seconds: 120)
            #expect(Self.reward(try await Self.complete(api, ann, id))["points"] as? Int == 10)
            #expect(try await Self.game(api, ann)["points"] as? Int == 11)
            #expect(try await api.call(.delete, "/api/v1/tasks/\(id)", token: ann).status == .noContent)
            let restored = try await api.call(.post, "/api/v1/tasks/\(id)/restore", token: ann)
            #expect(restored.status == .ok && restored["reward"] == nil)
            #expect(try await Self.game(api, ann)["points"] as? Int == 11)
            #expect(try await Self.ledger(api, ann).count == 2)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME1_aLateCompletionEarnsLessAndNothingInStrictMode(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await Self.enable(api, ann)
            let today = clock.today.description
            let kind = try await api.createTask(ann, ["title": "Pay the rent", "due": today, "estimatedMinutes": 60])
            let strict = try await api.createTask(ann, ["title": "Renew the pass", "due": today])
            clock.pass(days: 2)

            let late = Self.reward(try await Self.complete(api, ann, try #require(kind["id"] as? String)))
            #expect(
                late["points"] as? Int == 2 && late["late"] as? Bool == true && late["onTime"] as? Bool == false,
                "25% of the base 10, no bonus: \(late)")
            #expect(try await api.call(.patch, "/api/v1/game", token: ann, json: ["strict": true]).status == .ok)
            let nothing = Self.reward(try await Self.complete(api, ann, try #require(strict["id"] as? String)))
            #expect(nothing["points"] as? Int == 0 && nothing["late"] as? Bool == true, "\(nothing)")
            #expect((nothing["message"] as? String)?.hasPrefix("No points") == true)
            #expect(try await Self.game(api, ann)["points"] as? Int == 2)
        }
    }

    /// Creates a task due today and completes it a few minutes later (the estimate makes it pay 16).
    static func keepToday(_ api: APIClient, _ token: String, _ clock: ShiftedClock) async throws {
        let task = try await api.createTask(
            token,
            [
                "title": "Daily chore", "due": clock.today.description,
                "estimatedMinutes": 60,
            ])
        clock.pass(seconds: 120)
        _ = try await complete(api, token, try #require(task["id"] as? String))
    }

    @Test(arguments: APIEngine.available)
    func GAME4_aStreakGrowsOverDaysBreaksOnAMissedDayAndCanBeBoughtBack(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await Self.enable(api, ann)
            for day in 0..<3 {
                try await Self.keepToday(api, ann, clock)
                let today = Self.streak(try await Self.game(api, ann))["today"] as? [String: Any]
                #expect(
                    today?["kept"] as? Bool == true && today?["done"] as? Int == 1,
                    "day \(day): \(String(describing: today))")
                if day == 1 {
                    let nothing = try await api.call(.post, "/api/v1/game/streak/restore", token: ann)
                    #expect(nothing.status == .conflict && nothing.errorCode == "no_streak_to_restore")
                }
                clock.pass(days: 1)
            }
            var game = try await Self.game(api, ann)
            var streak = Self.streak(game)
            #expect(streak["current"] as? Int == 3 && streak["best"] as? Int == 3, "\(streak)")
            let days = streak["days"] as? [[String: Any]] ?? []
            #expect(days.map { $0["status"] as? String ?? "" } == ["kept", "kept", "kept"])
            #expect(days.map { $0["bonus"] as? Int ?? -1 } == [2, 4, 6])
            // Three tasks of 16 and the streak bonuses 2 + 4 + 6.
            #expect(game["points"] as? Int == 60)
            #expect(streak["restore"] is NSNull)

            // A task due today stays open: the day is missed, the streak breaks, and it may be bought back.
            _ = try await api.createTask(ann, ["title": "Forgotten", "due": clock.today.description])
            clock.pass(days: 1)
            game = try await Self.game(api, ann)
            streak = Self.streak(game)
            #expect(streak["current"] as? Int == 0 && streak["best"] as? Int == 3)
            let offer = try #require(streak["restore"] as? [String: Any], "\(streak)")
            #expect(offer["lostStreak"] as? Int == 3 && offer["cost"] as? Int == 45, "30 + 5 × 3: \(offer)")
            #expect(offer["day"] as? String == clock.today.adding(days: -1).description)
            let restored = try await api.call(.post, "/api/v1/game/streak/restore", token: ann)
            #expect(restored.status == .ok, "\(String(describing: restored.json))")
            streak = Self.streak(restored)
            #expect(streak["current"] as? Int == 3 && streak["restore"] is NSNull)
            #expect((streak["days"] as? [[String: Any]])?.last?["status"] as? String == "restored")
            #expect(restored["points"] as? Int == 15)
            let spent = try await Self.ledger(api, ann).first
            #expect(spent?["kind"] as? String == "streakRestore" && spent?["points"] as? Int == -45)
            let twice = try await api.call(.post, "/api/v1/game/streak/restore", token: ann)
            #expect(twice.status == .conflict && twice.errorCode == "no_streak_to_restore")
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME4_buyingBackAStreakWithTooFewPointsIsRefused(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await Self.enable(api, ann)
            let task = try await api.createTask(ann, ["title": "Quick one", "due": clock.today.description])
            _ = try await Self.complete(api, ann, try #require(task["id"] as? String))
            clock.pass(days: 1)
            _ = try await api.createTask(ann, ["title": "Forgotten", "due": clock.today.description])
            clock.pass(days: 1)
            let game = try await Self.game(api, ann)
            let offer = try #require(Self.streak(game)["restore"] as? [String: Any])
            #expect(offer["cost"] as? Int == 35 && game["points"] as? Int == 3, "1 + the bonus 2: \(game.object)")
            let poor = try await api.call(.post, "/api/v1/game/streak/restore", token: ann)
            #expect(poor.status == .conflict && poor.errorCode == "not_enough_points")
            #expect(try await Self.game(api, ann)["points"] as? Int == 3)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME5_badgesForTheFirstTaskAndTenTasksAreAwardedOnceWithTheirDate(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await Self.enable(api, ann)
            var ids: [String] = []
            for number in 1...11 {
                ids.append(try #require(try await api.createTask(ann, ["title": "Task \(number)"])["id"] as? String))
            }
            clock.pass(seconds: 120)
            var earned: [[String]] = []
            for id in ids.prefix(10) {
                earned.append(Self.reward(try await Self.complete(api, ann, id))["badges"] as? [String] ?? [])
            }
            #expect(earned == [["firstTask"]] + Array(repeating: [], count: 8) + [["tasks10"]], "\(earned)")
            // Taking one back and doing another does not award them again.
            _ = try await api.call(.post, "/api/v1/tasks/\(ids[9])/reopen", token: ann)
            #expect(Self.reward(try await Self.complete(api, ann, ids[10]))["badges"] as? [String] == [])

            let badges = try await api.call(.get, "/api/v1/game/badges", token: ann).array("badges")
            #expect(badges.count == 9)
            let byID = Dictionary(uniqueKeysWithValues: badges.map { ($0["id"] as? String ?? "", $0) })
            #expect(byID["firstTask"]?["earned"] as? Bool == true && byID["tasks10"]?["earned"] as? Bool == true)
            #expect((byID["firstTask"]?["awardedAt"] as? String)?.hasPrefix("2030-01-07") == true)
            #expect(byID["tasks100"]?["earned"] as? Bool == false && byID["tasks100"]?["awardedAt"] is NSNull)
            let game = try await Self.game(api, ann)
            #expect((game["badges"] as? [[String: Any]])?.map { $0["id"] as? String ?? "" } == ["firstTask", "tasks10"])
            let notes = try await api.call(.get, "/api/v1/notifications", token: ann).array("notifications")
            #expect(notes.count { ($0["title"] as? String)?.hasPrefix("Badge earned") == true } == 2)
        }
    }
}

/// A clock that runs with the real one from `start`, moved on by the test to pass minutes and days.
final class ShiftedClock: Sendable {
    let start: Timestamp
    let realStart = Timestamp.now
    let shift = Mutex<Int64>(0)
    /// Whether time goes on by itself; a clock that does not moves only when told (`pass`).
    let ticks: Bool

    init(_ start: Timestamp, ticks: Bool = true) {
        self.start = start
        self.ticks = ticks
    }

    @Sendable func now() -> Timestamp {
        let elapsed = ticks ? Timestamp.now.milliseconds - realStart.milliseconds : 0
        return Timestamp(milliseconds: start.milliseconds + elapsed + shift.withLock { $0 } * 1000)
    }

    func pass(seconds: Int64) { shift.withLock { $0 += seconds } }

    func pass(days: Int) { pass(seconds: Int64(days) * 86_400) }

    /// Today in UTC (the members' default time zone).
    var today: CivilDate { now().civilDate }
}
