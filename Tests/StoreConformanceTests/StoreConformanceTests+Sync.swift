import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

/// Issue 14: a device's handled mutations, its rejections, field clocks and full-sync pages, on every engine.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func SYNC1_aDevicesMutationsAdvanceOneByOneAndAReplayedOneFailsAsADuplicate(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let device = UUID()
            #expect(try await store.syncClient(id: device) == nil)
            let task = makeTask(in: inbox, "Offline task")
            try await store.write(.putTask(task), .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 1))
            #expect(try await store.syncClient(id: device)?.lastMutationID == 1)
            #expect(try await store.syncClient(id: device)?.accountID == ann.id)
            // The same mutation again (a retried push) rolls its whole batch back: nothing of it is written.
            let again = makeTask(in: inbox, "Written twice?")
            await #expect(throws: StoreError.duplicate(key: "mutation")) {
                try await store.write(.putTask(again), .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 1))
            }
            #expect(try await store.task(id: again.id) == nil)
            // Skipping a number fails the same way; the next one in order goes through.
            await #expect(throws: StoreError.duplicate(key: "mutation")) {
                try await store.write(.advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 3))
            }
            let rejection = SyncRejection(
                clientID: device, mutationID: 2, name: "task.update", entityID: "x",
                code: "in_trash", field: nil, message: "The task is in the trash.", at: at(5))
            try await store.write(
                .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 2),
                .recordSyncRejection(rejection))
            #expect(try await store.syncClient(id: device)?.lastMutationID == 2)
            #expect(try await store.syncRejections(clientID: device, from: 1, through: 5) == [rejection])
            #expect(try await store.syncRejections(clientID: device, from: 3, through: 5).isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func SYNC2_fieldClocksKeepTheLaterClockOfEachField(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (_, inbox) = try await store.register("ann")
            let task = makeTask(in: inbox, "Clocked")
            let id = task.id.description
            let early = HybridTimestamp(milliseconds: 1_000, node: "a").description
            let late = HybridTimestamp(milliseconds: 2_000, node: "b").description
            try await store.write(.putTask(task), .stampFieldClocks(entityID: id, fields: ["title", "due"], clock: late))
            try await store.write(.stampFieldClocks(entityID: id, fields: ["title", "notes"], clock: early))
            #expect(
                try await store.fieldClocks(entityIDs: [id, UUID().uuidString.lowercased()])
                    == [id: ["title": late, "due": late, "notes": early]])
            try await store.write(.purgeTask(task))
            #expect(try await store.fieldClocks(entityIDs: [id]).isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func SYNC4_aFullSyncPagesThroughTheTasksOfTheListsInIdOrderTrashedOnesIncluded(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (_, other) = try await store.register("bob")
            let errands = makeList(ann, "Errands")
            try await store.write(.putList(errands))
            var tasks = (0..<5).map { makeTask(in: $0 % 2 == 0 ? inbox : errands, "Task \($0)") }
            tasks[3].deletedAt = at(1)
            tasks[3].trashedWith = tasks[3].id.description
            for task in tasks { try await store.write(.putTask(task)) }
            try await store.write(.putTask(makeTask(in: other, "Not Ann's")))
            let sorted = tasks.map(\.id).sorted()
            let first = try await store.tasks(listIDs: [inbox.id, errands.id], after: nil, limit: 3)
            #expect(first.map(\.id) == Array(sorted.prefix(3)))
            let rest = try await store.tasks(listIDs: [inbox.id, errands.id], after: first.last?.id, limit: 3)
            #expect(rest.map(\.id) == Array(sorted.suffix(2)))
        }
    }
}

/// Issue 32, item 4: a push's edits committed in one transaction (`Store.commitTogether`), on every engine.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func SYNC1_batchesCommittedTogetherAreWrittenInOrderWithTheirOwnFeedEntriesAllOrNone(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let device = UUID()
            let first = makeTask(in: inbox, "First")
            let second = makeTask(in: inbox, "Second", rank: "a1")
            try await store.write(.putTask(first), .putTask(second))
            let cursor = try await store.changes(accountID: ann.id, after: 0, limit: 100).last?.sequence ?? 0
            func edit(_ task: TaskItem, _ title: String, version: Int64, mutation: Int64) -> WriteBatch {
                var edited = task
                edited.title = title
                edited.version = version
                return WriteBatch(
                    [.putTask(edited), .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: mutation)], now: at(10), actor: ann.id)
            }
            let changes = try await store.commitTogether([
                edit(first, "First, renamed", version: 2, mutation: 1), edit(second, "Second, renamed", version: 2, mutation: 2),
            ])
            #expect(changes.map { $0.map(\.entityID) } == [[first.id.description], [second.id.description]])
            let sequences = changes.flatMap { $0.map(\.sequence) }
            #expect(sequences == [cursor + 1, cursor + 2])
            #expect(try await store.task(id: first.id)?.title == "First, renamed")
            #expect(try await store.task(id: second.id)?.title == "Second, renamed")
            #expect(try await store.syncClient(id: device)?.lastMutationID == 2)

            // A stale version in the second batch: the first is not written either, nor is the device's progress.
            await #expect(throws: StoreError.self) {
                try await store.commitTogether([
                    edit(first, "Lost", version: 3, mutation: 3), edit(second, "Stale", version: 2, mutation: 4),
                ])
            }
            #expect(try await store.task(id: first.id)?.title == "First, renamed")
            #expect(try await store.syncClient(id: device)?.lastMutationID == 2)
            #expect(try await store.changes(accountID: ann.id, after: cursor + 2, limit: 100).isEmpty)

            // A batch that changes who sees a list may not share a transaction.
            let (bob, _) = try await store.register("bob")
            await #expect(throws: StoreError.self) {
                try await store.commitTogether([
                    edit(first, "Not written", version: 3, mutation: 3),
                    WriteBatch([.putMembership(makeMembership(inbox, bob, .editor))], now: at(11)),
                ])
            }
            #expect(try await store.task(id: first.id)?.title == "First, renamed")
            #expect(try await store.changes(accountID: ann.id, after: cursor + 2, limit: 100).isEmpty)
        }
    }

    /// History lines, field clocks and devices' progress of batches committed together are written as if one by one
    /// (PostgreSQL writes them last, one statement per kind): every line, each field's latest clock, the device's
    /// progress once for consecutive mutations, and nothing of a task purged later in the same transaction.
    @Test(arguments: Engine.available)
    func SYNC1_historyClocksAndProgressOfBatchesTogetherAreWrittenAsIfOneByOne(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let device = UUID()
            let kept = makeTask(in: inbox, "Kept")
            let purged = makeTask(in: inbox, "Purged", rank: "a1")
            try await store.write(.putTask(kept), .putTask(purged))
            let id = kept.id.description
            func clock(_ milliseconds: Int64) -> String { HybridTimestamp(milliseconds: milliseconds, node: "d").description }
            func line(_ task: TaskItem, _ fields: [String], _ second: Int64) -> WriteBatch.Operation {
                .addActivity(
                    TaskActivity(id: .make(at: at(second)), taskID: task.id, actorID: ann.id, action: .edited, fields: fields, at: at(second)))
            }
            var renamed = kept
            renamed.version = 2
            renamed.title = "Kept, renamed"
            var purgedTwice = purged
            purgedTwice.version = 2
            _ = try await store.commitTogether([
                WriteBatch(
                    [
                        .putTask(renamed), line(kept, ["title"], 1),
                        .stampFieldClocks(entityID: id, fields: ["title", "notes"], clock: clock(2_000)),
                        .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 1),
                    ], now: at(1)),
                WriteBatch(
                    [
                        line(kept, ["notes"], 2), .stampFieldClocks(entityID: id, fields: ["notes", "due"], clock: clock(3_000)),
                        .stampFieldClocks(entityID: id, fields: ["title"], clock: clock(1_000)),
                        .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 2),
                    ], now: at(2)),
                WriteBatch(
                    [
                        .putTask(purgedTwice), line(purged, ["title"], 3),
                        .stampFieldClocks(entityID: purged.id.description, fields: ["title"], clock: clock(3_000)),
                        .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 3),
                    ], now: at(3)),
                WriteBatch([.purgeTask(purgedTwice), .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 4)], now: at(4)),
            ])
            #expect(
                try await store.activity(taskID: kept.id, limit: 10).map(\.fields).sorted { $0.joined() < $1.joined() } == [["notes"], ["title"]])
            #expect(try await store.activity(taskID: purged.id, limit: 10).isEmpty)
            #expect(try await store.fieldClocks(entityIDs: [id]) == [id: ["title": clock(2_000), "notes": clock(3_000), "due": clock(3_000)]])
            #expect(try await store.fieldClocks(entityIDs: [purged.id.description]).isEmpty)
            #expect(try await store.task(id: purged.id) == nil)
            #expect(try await store.syncClient(id: device)?.lastMutationID == 4)
            // Progress that skips a number fails the whole transaction, as the batch alone would.
            await #expect(throws: StoreError.duplicate(key: "mutation")) {
                try await store.commitTogether([
                    WriteBatch([line(kept, ["due"], 5), .advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 5)], now: at(5)),
                    WriteBatch([.advanceSyncClient(clientID: device, accountID: ann.id, mutationID: 7)], now: at(5)),
                ])
            }
            #expect(try await store.syncClient(id: device)?.lastMutationID == 4)
            #expect(try await store.activity(taskID: kept.id, limit: 10).count == 2)
        }
    }
}
