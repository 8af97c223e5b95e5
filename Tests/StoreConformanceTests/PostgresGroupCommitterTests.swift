import DoableCore
@_spi(StoreWriting) @testable import DoableStore
import Synchronization
import Testing

/// Issue 32: how the PostgreSQL engine groups concurrent batches into shared transactions (the store's own commits
/// stood in for by closures that record what they were given).
@Suite("PostgreSQL group commit")
struct PostgresGroupCommitterTests {
    /// What the stand-in store was asked to commit: each call's batches, by title of their one task.
    final class Ledger: Sendable {
        let calls = Mutex<[(grouped: Bool, titles: [String])]>([])
        let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let failGroups = Mutex<(any Error)?>(nil)

        func record(_ grouped: Bool, _ batches: [WriteBatch]) {
            calls.withLock { $0.append((grouped, batches.map(Self.title))) }
        }

        static func title(_ batch: WriteBatch) -> String {
            guard case .task(.putTask(let task)) = batch.operations.first else { return "?" }
            return task.title
        }

        func single(_ batch: WriteBatch) async throws -> [Change] {
            record(false, [batch])
            if Self.title(batch) == "first" { await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } } }
            if Self.title(batch) == "conflicting" { throw StoreError.versionConflict(entity: "tasks", id: "x") }
            return [Self.change(for: batch)]
        }

        func group(_ batches: [WriteBatch]) async throws -> [[Change]] {
            record(true, batches)
            if let error = failGroups.withLock({ $0 }) { throw error }
            return batches.map { [Self.change(for: $0)] }
        }

        static func change(for batch: WriteBatch) -> Change {
            Change(
                accountID: makeAccount("ada").id, sequence: 1, entity: .task, entityID: title(batch), kind: .put,
                at: batch.now)
        }

        /// Waits until the first batch is being written (and holds its transaction open).
        func waitForFirst() async {
            while gate.withLock({ $0 == nil }) { await Task.yield() }
        }

        func releaseFirst() { gate.withLock { $0?.resume() } }
    }

    static func batch(_ title: String) -> WriteBatch {
        WriteBatch([.putTask(makeTask(in: makeInbox(of: makeAccount("ada")), title))])
    }

    /// Starts `first` (which the ledger holds open), then `others` while it is open, then lets it finish.
    static func commitWhileTheFirstIsOpen(
        _ committer: PostgresGroupCommitter, _ ledger: Ledger, others: [String]
    ) async -> [String: Result<[Change], any Error>] {
        await withTaskGroup(of: (String, Result<[Change], any Error>).self) { group in
            let commit: @Sendable (String) async -> (String, Result<[Change], any Error>) = { title in
                let result = await Result {
                    try await committer.commit(batch(title), single: ledger.single, group: ledger.group)
                }
                return (title, result)
            }
            group.addTask { await commit("first") }
            await ledger.waitForFirst()
            for title in others { group.addTask { await commit(title) } }
            // Everyone queued behind the open transaction before it ends.
            while committer.queued < others.count { await Task.yield() }
            ledger.releaseFirst()
            var results: [String: Result<[Change], any Error>] = [:]
            for await (title, result) in group { results[title] = result }
            return results
        }
    }

    @Test func SYNC1_batchesThatArriveWhileATransactionIsOpenShareTheNextOne() async throws {
        let committer = PostgresGroupCommitter(concurrency: 1)
        let ledger = Ledger()
        let others = (1...5).map { "task \($0)" }
        let results = await Self.commitWhileTheFirstIsOpen(committer, ledger, others: others)
        let calls = ledger.calls.withLock { $0 }
        #expect(calls.count == 2)
        #expect(calls.first?.grouped == false && calls.first?.titles == ["first"])
        #expect(calls.last?.grouped == true && calls.last?.titles == others)
        for title in ["first"] + others {
            #expect((try? results[title]?.get())?.first?.entityID == title, "\(title) got another batch's changes")
        }
    }

    @Test func SYNC1_aGroupThatFailsGoesAgainOneBatchAtATimeSoOnlyTheFaultyOneFails() async throws {
        let committer = PostgresGroupCommitter(concurrency: 1)
        let ledger = Ledger()
        ledger.failGroups.withLock { $0 = StoreError.versionConflict(entity: "tasks", id: "x") }
        let results = await Self.commitWhileTheFirstIsOpen(committer, ledger, others: ["a", "conflicting", "b"])
        let calls = ledger.calls.withLock { $0 }
        #expect(calls.map(\.grouped) == [false, true, false, false, false])
        #expect(calls.dropFirst(2).map(\.titles) == [["a"], ["conflicting"], ["b"]])
        #expect((try? results["a"]?.get()) != nil && (try? results["b"]?.get()) != nil)
        guard case .failure(StoreError.versionConflict) = results["conflicting"] else {
            Issue.record("the conflicting batch did not fail with its own conflict: \(String(describing: results["conflicting"]))")
            return
        }
    }

    @Test func SYNC1_aGroupWhoseCommitWasLostTellsEveryBatchAndWritesNothingTwice() async throws {
        let committer = PostgresGroupCommitter(concurrency: 1)
        let ledger = Ledger()
        ledger.failGroups.withLock { $0 = PostgresGroupCommitter.GroupFailure.outcomeUnknown(StoreError.unavailable) }
        let results = await Self.commitWhileTheFirstIsOpen(committer, ledger, others: ["a", "b"])
        #expect(ledger.calls.withLock { $0 }.map(\.grouped) == [false, true])
        for title in ["a", "b"] {
            guard case .failure(StoreError.unavailable) = results[title] else {
                Issue.record("\(title): \(String(describing: results[title]))")
                continue
            }
        }
    }

    @Test func SYNC1_batchesThatChangeWhoSeesAListOrAreHugeGoAlone() {
        let ada = makeAccount("ada")
        var list = makeList(ada, "Errands")
        #expect(PostgresGroupCommitter.isGroupable(WriteBatch([.putList(list)]), operationsPerGroup: 10))
        list.version = 2
        #expect(!PostgresGroupCommitter.isGroupable(WriteBatch([.putList(list)]), operationsPerGroup: 10))
        let member = ListMembership(
            listID: list.id, accountID: makeAccount("bob").id, role: .editor, rank: "a0", addedBy: ada.id,
            createdAt: epoch, updatedAt: epoch)
        #expect(!PostgresGroupCommitter.isGroupable(WriteBatch([.putMembership(member)]), operationsPerGroup: 10))
        let many = WriteBatch(Array(repeating: Self.batch("x").operations[0], count: 11))
        #expect(!PostgresGroupCommitter.isGroupable(many, operationsPerGroup: 10))
    }
}
