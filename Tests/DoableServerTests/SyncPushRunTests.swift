import DoableCore
import DoableDomain
import Foundation
import Testing

/// Issue 32, item 4: a push's consecutive field edits of different tasks are applied together (one read ahead, one
/// transaction), with exactly the results, clocks and feed entries of applying them one at a time; on both engines.
@Suite("Sync push runs")
struct SyncPushRunTests {
    typealias Sync = SyncAPITests

    @Test(arguments: APIEngine.available)
    func SYNC1_SYNC2_editsOfAPushGoTogetherWithTheSameResultsAsOneAtATime(engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let token = try await api.register()
            let device = UUID().uuidString.lowercased()
            var ids: [String] = []
            for index in 0..<12 { ids.append(try await api.createTask(token, ["title": "Task \(index)"])["id"] as! String) }
            let cursor = try await Sync.pull(api, token).string("cursor")
            // A web edit of task 3's notes later than the device's clock: the device's notes lose, its title wins.
            _ = try await api.call(.patch, "/api/v1/tasks/\(ids[3])", token: token, json: ["notes": "from the web"])
            var mutations: [[String: Any]] = []
            func edit(_ id: String, _ fields: [String: Any], name: String = "task.update") {
                let args: [String: Any] = name == "task.update" ? ["id": id, "fields": fields] : ["id": id]
                mutations.append(
                    Sync.mutation(mutations.count + 1, name, args, clock: Sync.clock(-30, counter: mutations.count, node: device)))
            }
            for index in 0..<6 { edit(ids[index], ["title": "Edited \(index)", "priority": "high"]) }
            edit(ids[3], ["notes": "from the phone"])  // the same task again: a new run
            edit(ids[6], ["title": ""])  // refused: the title is required
            edit(TaskID.make().description, ["title": "Nobody"])  // refused: no such task
            edit(ids[7], [:], name: "task.complete")  // not an edit of fields: alone
            for index in 8..<12 { edit(ids[index], ["notes": "Note \(index)", "due": "2031-05-0\(index - 7)"]) }
            let pushed = try await Sync.push(api, token, client: device, mutations)
            #expect(pushed.status == .ok, "\(String(describing: pushed.json))")
            #expect(pushed["lastMutationId"] as? Int == mutations.count)
            #expect(
                Sync.statuses(pushed)
                    == Array(repeating: "applied", count: 7) + ["rejected", "rejected", "applied"]
                    + Array(repeating: "applied", count: 4))
            let results = pushed.array("results")
            #expect((results[6]["superseded"] as? [String]) == ["notes"])
            #expect((results[7]["error"] as? [String: Any])?["field"] as? String == "title")
            #expect((results[8]["error"] as? [String: Any])?["code"] as? String == "not_found")

            var tasks: [String: APIResponse] = [:]
            for id in ids { tasks[id] = try await api.call(.get, "/api/v1/tasks/\(id)", token: token) }
            for index in 0..<6 {
                #expect(tasks[ids[index]]?["title"] as? String == "Edited \(index)")
                #expect(tasks[ids[index]]?["priority"] as? String == "high")
            }
            #expect(tasks[ids[3]]?["notes"] as? String == "from the web")
            #expect(tasks[ids[6]]?["title"] as? String == "Task 6")
            #expect(tasks[ids[7]]?["status"] as? String == "completed")
            for index in 8..<12 {
                #expect(tasks[ids[index]]?["notes"] as? String == "Note \(index)")
                #expect(tasks[ids[index]]?["due"] as? String == "2031-05-0\(index - 7)")
            }
            // Another device pulling after the earlier cursor hears of every task that changed.
            let pages = try await Sync.pullAll(api, token, cursor: cursor)
            let heard = Set(pages.flatMap { $0.array("tasks") }.compactMap { $0["id"] as? String })
            #expect(heard.isSuperset(of: Set(ids[0..<6] + ids[7..<12])))
            #expect(!heard.contains(ids[6]))
            // The edits were stamped with the device's clocks: an older edit from a second device loses to them.
            let tablet = UUID().uuidString.lowercased()
            let older = try await Sync.push(
                api, token, client: tablet,
                [Sync.mutation(1, "task.update", ["id": ids[0], "fields": ["title": "Older"]], clock: Sync.clock(-60, node: tablet))])
            #expect(older.array("results").first?["superseded"] as? [String] == ["title"])
            // The same push again: every mutation is a duplicate, the rejections say why again, nothing changes twice.
            let again = try await Sync.push(api, token, client: device, mutations)
            #expect(
                Sync.statuses(again) == Array(repeating: "duplicate", count: 7) + ["rejected", "rejected"] + Array(repeating: "duplicate", count: 5))
            #expect(try await api.call(.get, "/api/v1/tasks/\(ids[0])", token: token).string("title") == "Edited 0")
        }
    }

    /// The same push sent twice at once (a device that timed out and retried): each mutation is applied once, and
    /// whichever push loses the race reports it as a duplicate instead of failing or applying it again.
    @Test(arguments: APIEngine.available)
    func SYNC1_aPushRacingItsOwnRetryAppliesEachEditOnce(engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let token = try await api.register()
            let device = UUID().uuidString.lowercased()
            var ids: [String] = []
            for index in 0..<40 { ids.append(try await api.createTask(token, ["title": "Task \(index)"])["id"] as! String) }
            let clocks = ids.indices.map { Sync.clock(counter: $0, node: device) }
            let renamed = ids
            @Sendable func renames() -> [[String: Any]] {
                renamed.enumerated().map { index, id in
                    Sync.mutation(index + 1, "task.update", ["id": id, "fields": ["title": "Renamed \(index)"]], clock: clocks[index])
                }
            }
            async let first = Sync.push(api, token, client: device, renames())
            async let second = Sync.push(api, token, client: device, renames())
            let answers = try await [first, second]
            for answer in answers {
                #expect(answer.status == .ok, "\(String(describing: answer.json))")
                #expect(answer["lastMutationId"] as? Int == ids.count)
            }
            let statuses = zip(Sync.statuses(answers[0]), Sync.statuses(answers[1]))
            #expect(statuses.allSatisfy { Set([$0, $1]) == ["applied", "duplicate"] })
            let history = try await api.call(.get, "/api/v1/tasks/\(ids[5])/activity", token: token)
            let edits = history.array("activity").filter { $0["action"] as? String == "edited" }
            #expect(edits.count == 1, "\(String(describing: history.json))")
            #expect(try await api.call(.get, "/api/v1/tasks/\(ids[39])", token: token).string("title") == "Renamed 39")
        }
    }

    /// An edit whose every field lost to a later write changes nothing but the device's progress; it stays in its
    /// run, which still goes in one transaction (it once wrote the progress twice and sent the run one at a time).
    @Test(arguments: APIEngine.available)
    func SYNC2_anEditWhollySupersededStaysInItsRunWhichGoesTogether(engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            let token = try await api.register()
            let identity = try #require(try await server.domain.accounts.authenticate(secret: token))
            var ids: [TaskID] = []
            for index in 0..<5 {
                ids.append(try #require(TaskID(try await api.createTask(token, ["title": "Task \(index)"])["id"] as! String)))
            }
            let device = UUID()
            let before = HybridTimestamp(milliseconds: Timestamp.now.milliseconds - 60_000, node: device.uuidString.lowercased())
            _ = try await api.call(.patch, "/api/v1/tasks/\(ids[2])", token: token, json: ["title": "From the web"])
            let mutations = ids.enumerated().map { index, id in
                var clock = before
                clock.counter = index
                return SyncMutation(
                    id: Int64(index + 1), name: "task.update", clock: clock, entityID: id.description,
                    operation: .success(.updateTask(id, TaskInput(title: "Pushed \(index)"))))
            }
            let outcome = try await server.domain.sync.push(identity, clientID: device, mutations: mutations)
            #expect(outcome.failure == nil)
            #expect(outcome.lastMutationID == 5)
            #expect(outcome.runsAppliedAlone == 0)
            #expect(outcome.results.map(\.status) == Array(repeating: .applied, count: 5))
            #expect(outcome.results[2].superseded == ["title"])
            #expect(try await api.call(.get, "/api/v1/tasks/\(ids[2])", token: token).string("title") == "From the web")
            #expect(try await api.call(.get, "/api/v1/tasks/\(ids[4])", token: token).string("title") == "Pushed 4")
        }
    }
}
