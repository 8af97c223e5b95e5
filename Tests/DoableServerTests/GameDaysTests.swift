import DoableCore
import Foundation
import Testing

/// GAME-4 and GAME-5 over simulated days, on every engine: days off neither break nor extend a streak, a perfect week
/// and a seven-day streak earn their badges (each a notification), and the evening warning goes once, after the
/// rules' hour, outside quiet hours, and only while the streak is at stake.
@Suite("Game days", .serialized)
struct GameDaysTests {
    /// Monday 7 January 2030, 10:00 UTC (members are in UTC).
    static let monday = GameAPITests.start

    /// Creates a task due on the clock's day, lets the anti-farming minute pass, and completes it.
    static func keepToday(_ api: APIClient, _ token: String, _ clock: ShiftedClock, title: String) async throws {
        let day = clock.now().civilDate.description
        let task = try await api.createTask(token, ["title": title, "due": day])
        clock.pass(seconds: 120)
        _ = try await GameAPITests.complete(api, token, task["id"] as? String ?? "")
        clock.pass(seconds: -120)
    }

    static func notifications(_ api: APIClient, _ token: String, kind: String) async throws -> [[String: Any]] {
        try await api.call(.get, "/api/v1/notifications", token: token).array("notifications")
            .filter { $0["kind"] as? String == kind }
    }

    @Test(arguments: APIEngine.available)
    func GAME4_GAME5_aWeekWithADayOffIsPerfectAndTheSeventhKeptDayEarnsTheStreakBadge(_ engine: APIEngine)
        async throws
    {
        let clock = ShiftedClock(Self.monday)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await GameAPITests.enable(api, ann)
            // Saturdays off (weekday 5): Saturday neither breaks nor extends the streak.
            let off = try await api.call(.patch, "/api/v1/game", token: ann, json: ["offWeekdays": [5]])
            #expect(off.status == .ok)
            for day in 0..<8 {
                if day != 5 { try await Self.keepToday(api, ann, clock, title: "Day \(day)") }
                clock.pass(days: 1)
            }
            // Tuesday of the next week: Monday to Sunday and the next Monday are closed.
            let game = try await GameAPITests.game(api, ann)
            let streak = GameAPITests.streak(game)
            #expect(streak["current"] as? Int == 7, "\(streak)")
            let statuses = (streak["days"] as? [[String: Any]] ?? []).map { $0["status"] as? String ?? "" }
            #expect(statuses.suffix(8) == ["kept", "kept", "kept", "kept", "kept", "off", "kept", "kept"])
            let badges = (game["badges"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(Set(badges) == ["firstTask", "perfectWeek", "streak7"], "\(badges)")
            // Streak bonuses: 2 × the streak, at most 10 days counted: days 1…5, then 6 and 7 after the day off.
            let ledger = try await GameAPITests.ledger(api, ann)
            let bonuses = ledger.filter { $0["kind"] as? String == "streakBonus" }.compactMap { $0["points"] as? Int }
            #expect(bonuses.sorted() == [2, 4, 6, 8, 10, 12, 14])
            #expect(try await Self.notifications(api, ann, kind: "badgeEarned").count == 3)
            // Each badge once: closing more days awards nothing again.
            try await Self.keepToday(api, ann, clock, title: "Tuesday again")
            clock.pass(days: 1)
            let later = try await GameAPITests.game(api, ann)
            #expect((later["badges"] as? [[String: Any]])?.count == 3)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME4_theEveningWarningGoesOnceAfterTheHourAndNotInQuietHours(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.monday)
        try await EngineServer.run(engine, clock: clock.now) { api, server in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            // Ben's quiet hours cover the evening until 23:00.
            let quiet = try await api.call(
                .patch, "/api/v1/me", token: ben,
                json: [
                    "preferences": ["quietHours": ["start": "18:00", "end": "23:00", "mode": "silent"]]
                ])
            #expect(quiet.status == .ok, "\(String(describing: quiet.json))")
            for token in [ann, ben] {
                try await GameAPITests.enable(api, token)
                try await Self.keepToday(api, token, clock, title: "Monday's chore")
            }
            // Tuesday: each has a task due today still open.
            clock.pass(days: 1)
            for token in [ann, ben] {
                _ = try await api.createTask(token, ["title": "Tuesday's chore", "due": clock.now().civilDate.description])
            }
            _ = try await server.domain.game.runGameDays()  // 10:00: days closed, too early to warn
            #expect(try await Self.notifications(api, ann, kind: "streakAtRisk").isEmpty)

            clock.pass(seconds: 10 * 3600)  // 20:00
            _ = try await server.domain.game.runGameDays()
            _ = try await server.domain.game.runGameDays()
            let warnings = try await Self.notifications(api, ann, kind: "streakAtRisk")
            #expect(warnings.count == 1, "once a day")
            #expect((warnings.first?["title"] as? String)?.contains("1-day streak") == true, "\(warnings)")
            #expect(try await Self.notifications(api, ben, kind: "streakAtRisk").isEmpty, "quiet hours")

            clock.pass(seconds: 3 * 3600 + 1800)  // 23:30, after Ben's quiet hours
            _ = try await server.domain.game.runGameDays()
            #expect(try await Self.notifications(api, ben, kind: "streakAtRisk").count == 1)
            #expect(try await Self.notifications(api, ann, kind: "streakAtRisk").count == 1)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME4_noWarningWhenTodayIsKeptOrThereIsNoStreak(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(Self.monday)
        try await EngineServer.run(engine, clock: clock.now) { api, server in
            let ann = try await api.register("ann")
            let cat = try await api.register("cat")
            try await GameAPITests.enable(api, ann)
            try await GameAPITests.enable(api, cat)
            try await Self.keepToday(api, ann, clock, title: "Monday's chore")
            clock.pass(days: 1)
            try await Self.keepToday(api, ann, clock, title: "Tuesday's chore")  // today kept already
            _ = try await api.createTask(cat, ["title": "Open", "due": clock.now().civilDate.description])
            clock.pass(seconds: 11 * 3600)  // 21:00
            _ = try await server.domain.game.runGameDays()
            #expect(try await Self.notifications(api, ann, kind: "streakAtRisk").isEmpty, "today is kept")
            #expect(try await Self.notifications(api, cat, kind: "streakAtRisk").isEmpty, "no streak to lose")
        }
    }
}
