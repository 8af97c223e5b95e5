import DoableCore
@_spi(StoreWriting) @testable import DoableStore
import Foundation
import PostgresNIO
import Testing

/// Issue 10 (hardening), the findings whose fault was in the stores: each test names its finding.
extension StoreConformanceTests {
    // MARK: Findings 2 and 18: multi-value filters are one bound array

    @Test(arguments: Engine.available)
    func TASK7_issue10_18_aHundredLabelFilterAnswersInMilliseconds(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let labels = (0..<120).map { makeLabel(ada, "label \($0)") }
            _ = try await store.commit(WriteBatch(labels.map { .putLabel($0) }, now: epoch))
            let all = makeTask(in: inbox, "Every label", rank: "a1") { $0.labelIDs = labels.prefix(100).map(\.id) }
            let half = makeTask(in: inbox, "Half of them", rank: "a2") { $0.labelIDs = labels.prefix(50).map(\.id) }
            try await store.put([all, half])

            var query = TaskQuery(ownerID: ada.id)
            query.labelIDs = labels.prefix(100).map(\.id)
            let clock = ContinuousClock()
            _ = try await store.tasks(matching: query)  // warm up the connection
            let start = clock.now
            let matching = try await store.tasks(matching: query)
            let elapsed = clock.now - start
            #expect(matching.map(\.id) == [all.id])
            // Before issue 10 this took many seconds; the bound leaves room for a loaded two-core machine.
            #expect(elapsed < .seconds(2), "a 100-label filter took \(elapsed)")

            // Far beyond what the API allows (100): the statement keeps its shape, no engine limit is met.
            query.labelIDs = labels.prefix(100).map(\.id) + (0..<1_000).map { _ in LabelID.make() }
            query.statuses = Array(repeating: .pending, count: 1_000)
            query.priorities = Array(repeating: .none, count: 1_000)
            let none = try await store.tasks(matching: query)
            #expect(none.isEmpty)
            query.labelIDs = labels.prefix(50).map(\.id) + labels.prefix(50).map(\.id)
            let duplicated = try await store.tasks(matching: query)
            #expect(Set(duplicated.map(\.id)) == [all.id, half.id], "a label given twice is one label")
        }
    }

    @Test(arguments: Engine.available)
    func LIST4_issue10_2_openCountsForMoreListsThanAStatementTakesVariables(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            try await store.put([makeTask(in: inbox, "Open")])
            let ids = [inbox.id] + (0..<40_000).map { _ in ListID.make() }
            let counts = try await store.openTaskCounts(listIDs: ids)
            #expect(counts == [inbox.id: 1])
            _ = ada
        }
    }

    // MARK: Finding 5: NFC and NFD spellings are one text

    @Test(arguments: Engine.available)
    func TASK7_issue10_5_searchFindsCafeWhicheverFormIsTyped(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let task = makeTask(in: inbox, "Caf\u{E9} cr\u{E8}me")  // stored as the domain stores it: NFC
            try await store.put([task])
            for typed in ["caf\u{E9}", "cafe\u{301}", "CAFE\u{301} cre\u{300}me"] {
                var query = TaskQuery(ownerID: ada.id)
                query.text = typed
                let found = try await store.tasks(matching: query)
                #expect(found.map(\.id) == [task.id], "searching \(typed.unicodeScalars.map { $0.value })")
            }
        }
    }

    @Test(arguments: Engine.available)
    func LIST1_issue10_5_namesAreUniqueAcrossNormalizationForms(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, _) = try await store.register("ada")
            try await store.write(.putList(makeList(ada, "Caf\u{E9}")), .putLabel(makeLabel(ada, "Caf\u{E9}")))
            let list = await error { try await store.write(.putList(makeList(ada, "CAFE\u{301}"))) }
            let label = await error { try await store.write(.putLabel(makeLabel(ada, "cafe\u{301}"))) }
            #expect(list as? StoreError == .duplicate(key: "name"))
            #expect(label as? StoreError == .duplicate(key: "name"))
        }
    }

    // MARK: Finding 14: no parent cycle, even from concurrent moves; bounded tree walks

    @Test(arguments: Engine.available)
    func TASK4_issue10_14_twoConcurrentMovesCannotMakeACycle(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (_, inbox) = try await store.register("ada")
            for round in 0..<10 {
                let x = makeTask(in: inbox, "X \(round)", rank: "a1")
                let y = makeTask(in: inbox, "Y \(round)", rank: "a2")
                try await store.put([x, y])
                // Both moves were validated against the same reads, as two requests at once would be.
                let xUnderY = edited(x) { $0.parentID = y.id }
                let yUnderX = edited(y) { $0.parentID = x.id }
                async let first = error { try await store.write(.putTask(xUnderY)) }
                async let second = error { try await store.write(.putTask(yUnderX)) }
                let errors = await [first, second]
                #expect(errors.filter { $0 == nil }.count == 1, "exactly one move commits: \(errors)")
                #expect(errors.contains { isVersionConflict($0) }, "the other is a conflict to retry: \(errors)")
                let storedX = try await store.task(id: x.id)
                let storedY = try await store.task(id: y.id)
                #expect(storedX?.parentID == nil || storedY?.parentID == nil)
            }
            // A task under itself, and under its own grandchild, are refused as well.
            let a = makeTask(in: inbox, "A", rank: "b1")
            let b = makeTask(in: inbox, "B", rank: "b2", parent: a)
            let c = makeTask(in: inbox, "C", rank: "b3", parent: b)
            try await store.put([a, b, c])
            #expect(isVersionConflict(await error { try await store.write(.putTask(edited(a) { $0.parentID = a.id })) }))
            #expect(isVersionConflict(await error { try await store.write(.putTask(edited(a) { $0.parentID = c.id })) }))
        }
    }

    @Test(arguments: Engine.available)
    func TASK4_issue10_14_treeWalksStopAtTheDepthBound(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (_, inbox) = try await store.register("ada")
            var chain = [makeTask(in: inbox, "Root")]
            for level in 1...(Rules.maximumTaskDepth + 5) {
                chain.append(makeTask(in: inbox, "Level \(level)", parent: chain[level - 1]))
            }
            try await store.put(chain)
            let below = try await store.descendants(of: chain[0].id)
            let progress = try await store.progress(of: [chain[0].id])
            #expect(below.count == Rules.maximumTaskDepth)
            #expect(progress[chain[0].id]?.total == Rules.maximumTaskDepth)
            // Hanging a task below the bound is refused.
            let leaf = makeTask(in: inbox, "Leaf", rank: "z")
            try await store.put([leaf])
            let moved = await error { try await store.write(.putTask(edited(leaf) { $0.parentID = chain.last!.id })) }
            #expect(isVersionConflict(moved))
        }
    }

    // MARK: Finding 19: every query has a time limit; finding 17: a long read blocks nobody else

    @Test(.timeLimit(.minutes(1)), arguments: Engine.available)
    func OPS3_issue10_19_aRunawayQueryStopsAtTheTimeLimit(engine: Engine) async throws {
        try await withStore(engine, queryTimeout: .milliseconds(300)) { store in
            let clock = ContinuousClock()
            let start = clock.now
            let stopped = await error { try await runawayQuery(store) }
            #expect(stopped as? StoreError == .timedOut, "\(String(describing: stopped))")
            #expect(clock.now - start < .seconds(5))
            // The connection is fine afterwards.
            try await store.ping()
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: Engine.available)
    func OPS3_issue10_17_longReadsLeaveTheOtherRequestsRunning(engine: Engine) async throws {
        try await withStore(engine, queryTimeout: .seconds(3)) { store in
            let clock = ContinuousClock()
            try await withThrowingTaskGroup(of: Void.self) { group in
                // As many stuck reads as the cooperative pool has threads, and one more.
                for _ in 0...min(ProcessInfo.processInfo.activeProcessorCount, 3) {
                    group.addTask { _ = await error { try await runawayQuery(store) } }
                }
                try await Task.sleep(for: .milliseconds(300))
                let start = clock.now
                try await store.ping()
                let (ada, _) = try await store.register("ada")
                _ = try await store.tasks(matching: TaskQuery(ownerID: ada.id))
                // Blocked, it would wait for the stuck reads' 3-second limit.
                #expect(clock.now - start < .milliseconds(2_500), "other work waited \(clock.now - start)")
                try await group.waitForAll()
            }
        }
    }
}

/// A query that never ends by itself.
private func runawayQuery(_ store: any Store) async throws {
    if let store = store as? SQLiteStore {
        _ = try await store.fetchOne(
            """
            WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter) SELECT count(*) AS n FROM counter
            """, []
        ) { row in row["n"] as Int64 }
    } else if let store = store as? PostgresStore {
        _ = try await store.fetchOne("SELECT pg_sleep(600) IS NULL AS slept") { try $0["slept"] as Bool }
    }
}
