import DoableCore
import Synchronization

/// Group commit for the PostgreSQL engine (issue 32). Batches that arrive while the store's group transactions are
/// busy wait, then go together into the next one: their rows one batch after the other, then all their feed entries
/// in one append, then one COMMIT. An account's feed sequence is a row every write to that account locks until it
/// commits, so writes to one account (a member's devices, a shared list) went one transaction at a time however many
/// connections there were; now a group holds that lock once for all of them, and a durable server pays one WAL
/// flush for the group.
///
/// Nothing is acknowledged before its group has committed. A group that fails before COMMIT wrote nothing, and each
/// of its batches then goes alone (`single`), so a batch that conflicts fails alone, with its own error, as before.
/// A group whose COMMIT was lost has an unknown outcome, like a single batch's: every batch in it is told so.
final class PostgresGroupCommitter: Sendable {
    /// Writes a group in one transaction; throws `GroupFailure.outcomeUnknown` when it cannot tell whether it
    /// committed, any other error when it did not.
    typealias Commit = @Sendable ([WriteBatch]) async throws -> [[Change]]

    enum GroupFailure: Error {
        /// The connection was lost during COMMIT, or the group outlived its deadline: it may have committed.
        case outcomeUnknown(any Error)
    }

    typealias Single = @Sendable (WriteBatch) async throws -> [Change]

    private struct Pending: Sendable {
        let batch: WriteBatch
        let finish: @Sendable (Result<[Change], any Error>) -> Void
    }

    private struct State {
        var queue: [Pending] = []
        var running = 0
    }

    /// How many group transactions may be open at once (each on a connection of the pool; reads need the others).
    let concurrency: Int
    /// The most operations one group carries; a bigger batch (an import) goes alone.
    let operationsPerGroup: Int
    private let state = Mutex(State())

    init(concurrency: Int, operationsPerGroup: Int = 2_000) {
        self.concurrency = max(1, concurrency)
        self.operationsPerGroup = operationsPerGroup
    }

    /// Whether `batch` may share a transaction with others. The feed reads each list's audience once for the whole
    /// group, after all of its rows: a batch that changes who may see a list (members, an owner, a list purged, an
    /// account deleted) would change it for the batches before it too, so it goes alone.
    static func isGroupable(_ batch: WriteBatch, operationsPerGroup: Int) -> Bool {
        batch.operations.count <= operationsPerGroup && !batch.changesWhoSeesLists
    }

    /// How many batches wait for a transaction.
    var queued: Int { state.withLock { $0.queue.count } }

    /// Commits `batch`, alone (`single`) or in a group with others (`group`); both are the store's own.
    func commit(_ batch: WriteBatch, single: @escaping Single, group: @escaping Commit) async throws -> [Change] {
        guard Self.isGroupable(batch, operationsPerGroup: operationsPerGroup) else { return try await single(batch) }
        return try await withCheckedThrowingContinuation { continuation in
            let pending = Pending(batch: batch, finish: { continuation.resume(with: $0) })
            let starts = state.withLock { state in
                state.queue.append(pending)
                guard state.running < concurrency else { return false }
                state.running += 1
                return true
            }
            if starts { Task { await self.drain(single: single, group: group) } }
        }
    }

    private func drain(single: Single, group: Commit) async {
        while true {
            let next = state.withLock { state -> [Pending] in
                var taken: [Pending] = []
                var operations = 0
                while let first = state.queue.first,
                    taken.isEmpty || operations + first.batch.operations.count <= operationsPerGroup
                {
                    taken.append(state.queue.removeFirst())
                    operations += first.batch.operations.count
                }
                if taken.isEmpty { state.running -= 1 }
                return taken
            }
            guard !next.isEmpty else { return }
            await write(next, single: single, group: group)
        }
    }

    private func write(_ pending: [Pending], single: Single, group: Commit) async {
        if pending.count == 1 {
            let result = await Result { try await single(pending[0].batch) }
            pending[0].finish(result)
            return
        }
        // Every group writes its batches in the order of their actors, so that two groups with batches of the same
        // members lock those members' rows (game profiles, days) in one order and queue instead of deadlocking: a
        // deadlock is only found after `deadlock_timeout` (1 s), and completions with the game on collapsed to 24 a
        // second at 32 connections. One actor's batches keep their order.
        let pending = pending.enumerated().sorted { left, right in
            let (a, b) = (left.element.batch.actorID?.description ?? "", right.element.batch.actorID?.description ?? "")
            return a == b ? left.offset < right.offset : a < b
        }.map(\.element)
        do {
            let changes = try await group(pending.map(\.batch))
            for (waiting, changes) in zip(pending, changes) { waiting.finish(.success(changes)) }
        } catch GroupFailure.outcomeUnknown(let error) {
            for waiting in pending { waiting.finish(.failure(error)) }
        } catch {
            // Nothing of the group was written: each batch alone, so that only the one at fault fails.
            for waiting in pending {
                let result = await Result { try await single(waiting.batch) }
                waiting.finish(result)
            }
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
