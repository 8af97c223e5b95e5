import DoableCore
import GRDB
import Synchronization

/// Group commit for the SQLite engine. Batches that arrive while a transaction is being written wait, then all
/// go into the next transaction together, each in its own savepoint: one fsync acknowledges many writes, a
/// batch that fails is rolled back alone, and nothing is acknowledged before it is on disk.
final class SQLiteGroupCommitter: Sendable {
    private struct Pending: Sendable {
        let batch: WriteBatch
        let continuation: CheckedContinuation<[Change], any Error>
    }

    private struct State {
        var queue: [Pending] = []
        var isDraining = false
    }

    private let pool: DatabasePool
    private let state = Mutex(State())

    init(pool: DatabasePool) { self.pool = pool }

    func commit(_ batch: WriteBatch) async throws -> [Change] {
        try await withCheckedThrowingContinuation { continuation in
            let shouldDrain = state.withLock { state in
                state.queue.append(Pending(batch: batch, continuation: continuation))
                if state.isDraining { return false }
                state.isDraining = true
                return true
            }
            if shouldDrain { Task { await self.drain() } }
        }
    }

    private func drain() async {
        while true {
            let group = state.withLock { state in
                let group = state.queue
                state.queue = []
                if group.isEmpty { state.isDraining = false }
                return group
            }
            guard !group.isEmpty else { return }
            let batches = group.map(\.batch)
            do {
                let results = try await pool.write { db in
                    batches.map { batch in
                        Result<[Change], any Error> {
                            var changes: [Change] = []
                            do {
                                try db.inSavepoint {
                                    changes = try SQLiteWriter(db: db).apply(batch)
                                    return .commit
                                }
                            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                                throw SQLiteWriter.storeError(for: error)
                            }
                            return changes
                        }
                    }
                }
                for (pending, result) in zip(group, results) { pending.continuation.resume(with: result) }
            } catch {
                for pending in group { pending.continuation.resume(throwing: error) }
            }
        }
    }
}
