import Dispatch
import Foundation
import GRDB
import Synchronization

/// Copies the write-ahead log into the database file from its own connection and thread, a few times a second,
/// while the store's service runs. Left to SQLite, the checkpoint runs inside whichever commit crosses the
/// threshold, and that request (and every write queued behind it) waited for it: 150–200 ms at p99 under load. A
/// passive checkpoint takes no lock that writers or readers wait for. Should it fall behind (or not run at all, as
/// in the admin tools), the writer still checkpoints past `writerThresholdPages`.
final class SQLiteCheckpointer: Sendable {
    static let writerThresholdPages = 4_096
    let interval: Duration
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "doable.sqlite.checkpoint")
    private let closed = Atomic<Bool>(false)

    init(path: String, interval: Duration = .milliseconds(200)) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "doable.sqlite.checkpoint"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = interval
    }

    /// One passive checkpoint, on the checkpointer's own thread. One that fails (the disk is full, say) is tried
    /// again next time; commits are unaffected.
    func checkpoint() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                if !closed.load(ordering: .acquiring) {
                    _ = try? connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
                }
                continuation.resume()
            }
        }
    }

    func close() throws {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.sync {}
        try connection.close()
    }
}
