import DoableCore
import Foundation
import HTTPTypes
import Testing

/// Issue 34: every completion is recorded, whichever way it came. Completing a parent "with all its subtasks"
/// completes each subtask as if by itself (statistics and, with the game on, its reward), and a task imported as
/// completed counts in statistics on the day it was done, without a reward (GAME-1, GAME-6, TASK-4, INTEROP-5).
@Suite("Completion records", .serialized)
struct CompletionRecordTests {
    @Test(arguments: APIEngine.available)
    func GAME6_GAME1_subtasksCompletedWithTheirParentCountAndPay(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(GameAPITests.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await GameAPITests.enable(api, ann)
            let parent = try #require(try await api.createTask(ann, ["title": "Move house"])["id"] as? String)
            var children: [String] = []
            for title in ["Pack books", "Pack kitchen"] {
                children.append(
                    try #require(
                        try await api.createTask(ann, ["title": title, "parentId": parent])["id"]
                            as? String))
            }
            clock.pass(seconds: 300)
            let done = try await api.call(
                .post, "/api/v1/tasks/\(parent)/complete", token: ann,
                json: ["includeSubtasks": true])
            #expect(done.status == .ok, "\(String(describing: done.json))")
            for child in children {
                #expect(try await api.call(.get, "/api/v1/tasks/\(child)", token: ann).string("status") == "completed")
            }
            let week = try await StatsAPITests.stats(api, ann)
            #expect(week["completed"] as? Int == 3, "the parent and both subtasks: \(week.object)")
            let ledger = try await GameAPITests.ledger(api, ann)
            #expect(ledger.map { $0["kind"] as? String } == ["reward", "reward", "reward"])
            let game = try await GameAPITests.game(api, ann)
            #expect(game["completedCount"] as? Int == 3)
            #expect(
                game["points"] as? Int == ledger.reduce(0) { $0 + ($1["points"] as? Int ?? 0) },
                "one profile row adds up every reward of the batch")

            // Reopening a subtask takes its own reward back, as for any task.
            #expect(try await api.call(.post, "/api/v1/tasks/\(children[0])/reopen", token: ann).status == .ok)
            #expect(try await GameAPITests.game(api, ann)["completedCount"] as? Int == 2)
            #expect(try await StatsAPITests.stats(api, ann)["completed"] as? Int == 2)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME6_INTEROP5_tasksImportedAsCompletedCountInStatisticsWithoutAReward(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(GameAPITests.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await GameAPITests.enable(api, ann)
            let yesterday = clock.today.adding(days: -1)
            let compact = yesterday.description.replacingOccurrences(of: "-", with: "")
            let file = """
                [{"uuid":"t-done","description":"Draw charts","status":"completed","end":"\(compact)T120000Z"},
                {"uuid":"t-open","description":"Write the report","status":"pending"}]
                """
            let answer = try await api.upload(
                "/api/v1/imports", token: ann, bytes: Array(file.utf8),
                contentType: "application/json")
            #expect(answer.status == .created, "\(String(describing: answer.json))")
            let week = try await StatsAPITests.stats(api, ann)
            #expect(week["completed"] as? Int == 1 && week["pending"] as? Int == 1, "\(week.object)")
            let buckets = week.array("buckets")
            #expect(
                buckets.first { $0["date"] as? String == yesterday.description }?["completed"] as? Int == 1
                    || buckets.dropLast().last?["completed"] as? Int == 1,
                "counted on the day it was done: \(buckets)")
            #expect(try await GameAPITests.ledger(api, ann).isEmpty, "no reward for work done elsewhere")
            #expect(try await GameAPITests.game(api, ann)["points"] as? Int == 0)
        }
    }
}
