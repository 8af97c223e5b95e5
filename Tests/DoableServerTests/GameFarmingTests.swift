import DoableCore
import Foundation
import Testing

/// GAME-1 and issue 27, finding 4: points cannot be farmed. A repeating task pays once per occurrence period and
/// never for an occurrence whose day has not come; the anti-farming window runs from the server's own first write
/// of the task, not from a creation time a client supplied. On every engine.
@Suite("Game: no farming", .serialized)
struct GameFarmingTests {
    @Test(arguments: APIEngine.available)
    func GAME1_aRepeatingTaskDueLaterCannotBeCompletedAheadForPoints(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(GameAPITests.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await GameAPITests.enable(api, ann)
            // Issue 27's farm: daily, a 240-minute estimate, due in 10 days, completed 25 times in a row.
            let farm = try await api.createTask(
                ann,
                [
                    "title": "Stretch", "estimatedMinutes": 240,
                    "due": clock.today.adding(days: 10).description,
                    "recurrence": "FREQ=DAILY",
                ])
            let id = try #require(farm["id"] as? String)
            clock.pass(seconds: 300)
            for time in 1...25 {
                let reward = GameAPITests.reward(try await GameAPITests.complete(api, ann, id))
                #expect(reward["points"] as? Int == 0 && reward["xp"] as? Int == 0, "completion \(time): \(reward)")
                #expect(
                    (reward["message"] as? String)?.hasPrefix("No points: this occurrence's day has not come") == true,
                    "\(reward)")
            }
            var game = try await GameAPITests.game(api, ann)
            #expect(
                game["points"] as? Int == 0 && game["level"] as? Int == 1 && game["completedCount"] as? Int == 0,
                "\(String(describing: game.json))")
            #expect((game["badges"] as? [Any] ?? []).isEmpty, "no badge from uncounted completions")
            #expect(try await GameAPITests.ledger(api, ann).isEmpty)

            // A daily task due today pays today, once; a later occurrence pays on its own day.
            let daily = try await api.createTask(
                ann,
                [
                    "title": "Water the plants", "estimatedMinutes": 30,
                    "due": clock.today.description, "recurrence": "FREQ=DAILY",
                ])
            let dailyID = try #require(daily["id"] as? String)
            clock.pass(seconds: 300)
            let today = GameAPITests.reward(try await GameAPITests.complete(api, ann, dailyID))
            #expect(today["points"] as? Int == 19, "(10 + 3) × 1.5: \(today)")
            let ahead = GameAPITests.reward(try await GameAPITests.complete(api, ann, dailyID))
            #expect(ahead["points"] as? Int == 0, "tomorrow's occurrence, done today: \(ahead)")
            // That took Tuesday's occurrence: Wednesday's is next, and pays on Wednesday.
            clock.pass(days: 2)
            let tomorrow = GameAPITests.reward(try await GameAPITests.complete(api, ann, dailyID))
            #expect(tomorrow["points"] as? Int == 19, "\(tomorrow)")
            // (Points also hold Monday's streak bonus; XP is the rewards alone.)
            game = try await GameAPITests.game(api, ann)
            #expect(game["xp"] as? Int == 38 && game["completedCount"] as? Int == 2, "\(String(describing: game.json))")
            let rewards = try await GameAPITests.ledger(api, ann).filter { $0["kind"] as? String == "reward" }
            #expect(rewards.map { $0["points"] as? Int ?? 0 } == [19, 19])
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME1_aWeeklyTaskPaysOncePerWeekWithTheEarlyBonusInsideItsWeek(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(GameAPITests.start)  // Monday
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await GameAPITests.enable(api, ann)
            let weekly = try await api.createTask(
                ann,
                [
                    "title": "Clean the bathroom",
                    "due": clock.today.adding(days: 4).description,
                    "recurrence": "FREQ=WEEKLY",
                ])
            let id = try #require(weekly["id"] as? String)
            clock.pass(seconds: 300)
            // Friday's occurrence opened on Saturday: done Monday, 4 days early, (10 + 8) × 1.5.
            let done = GameAPITests.reward(try await GameAPITests.complete(api, ann, id))
            #expect(done["points"] as? Int == 27, "\(done)")
            // Next Friday's occurrence opens on Saturday: not yet.
            clock.pass(days: 2)
            let early = GameAPITests.reward(try await GameAPITests.complete(api, ann, id))
            #expect(
                (early["message"] as? String)?.contains("it opens on") == true && early["points"] as? Int == 0,
                "\(early)")
            let task = try await api.call(.get, "/api/v1/tasks/\(id)", token: ann)
            #expect(task.string("due") == clock.today.adding(days: 16).description, "it still moved on")
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME1_theFarmingWindowRunsFromTheServersInsertNotAClientsCreatedTime(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            try await GameAPITests.enable(api, ann)
            let calendar = """
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                PRODID:-//Farm//EN\r
                BEGIN:VTODO\r
                UID:farm-1@example.com\r
                CREATED:20000101T000000Z\r
                DTSTAMP:20000101T000000Z\r
                SUMMARY:Backdated\r
                END:VTODO\r
                END:VCALENDAR\r

                """
            let imported = try await api.upload(
                "/api/v1/imports", token: ann, bytes: Array(calendar.utf8),
                contentType: "text/calendar")
            #expect(imported.status == .created || imported.status == .ok, "\(String(describing: imported.json))")
            let task = try #require(try await api.tasks(ann, "limit=500").first { $0["title"] as? String == "Backdated" })
            #expect((task["createdAt"] as? String)?.hasPrefix("2000-01-01") == true, "the client's time is kept")
            let reward = GameAPITests.reward(try await GameAPITests.complete(api, ann, try #require(task["id"] as? String)))
            #expect(reward["points"] as? Int == 1, "made and done within 60 seconds of the server storing it: \(reward)")
        }
    }
}
