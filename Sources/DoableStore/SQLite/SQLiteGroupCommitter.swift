import DoableCore
import GRDB
import Synchronization

/// Group commit for the SQLite engine. Batches that arrive while a transaction is being written wait, then all
/// go into the next transaction together, each in its own savepoint: one fsync acknowledges many writes, a
/// batch that fails is rolled back alone, and nothing is acknowledged before it is on disk. Small writes outside
/// the write path (the scheduler's claims, delivery attempts) join the same transactions through `write`.
final class SQLiteGroupCommitter: Sendable {
    private struct Pending: Sendable {
        let work: @Sendable (Database) throws -> any Sendable
        let finish: @Sendable (Result<any Sendable, any Error>) -> Void
    }

    private struct State {
        var queue: [Pending] = []
        var isDraining = false
    }

    private let pool: DatabasePool
    private let state = Mutex(State())

    init(pool: DatabasePool) { self.pool = pool }

    func commit(_ batch: WriteBatch) async throws -> [Change] {
        try await write { db in try SQLiteWriter(db: db).apply(batch) }
    }

    /// Runs `work` in a savepoint of the next group transaction; returns its result once that transaction is on disk.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let pending = Pending(
                work: { db in try work(db) },
                finish: { result in
                    // The result is the one `work` returned, so the cast holds.
                    continuation.resume(with: result.map { $0 as! T })  // swiftlint:disable:this force_cast
                })
            let shouldDrain = state.withLock { state in
                state.queue.append(pending)
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
            let works = group.map(\.work)
            do {
                let results = try await pool.write { db in
                    works.map { work in
                        Result<any Sendable, any Error> {
                            var result: any Sendable = ()
                            do {
                                try db.inSavepoint {
                                    result = try work(db)
                                    return .commit
                                }
                            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                                throw SQLiteWriter.storeError(for: error)
                            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                                throw StoreError.storageFull
                            }
                            return result
                        }
                    }
                }
                for (pending, result) in zip(group, results) { pending.finish(result) }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                // The commit itself found no room (the log could not grow): nothing of the group was written.
                for pending in group { pending.finish(.failure(StoreError.storageFull)) }
            } catch {
                for pending in group { pending.finish(.failure(error)) }
            }
        }
    }
}
