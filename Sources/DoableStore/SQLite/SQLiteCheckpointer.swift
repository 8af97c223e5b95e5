import Dispatch
import Foundation
import GRDB
import Synchronization

/// Copies the write-ahead log into the database file from its own connection and thread, a few times a second.
/// Left to SQLite, the checkpoint runs inside whichever commit crosses the threshold, and that request (and every
/// write queued behind it) waited for it: 150–200 ms at p99 under load. A passive checkpoint takes no lock that
/// writers or readers wait for. Should it fall behind, the writer still checkpoints past `writerThresholdPages`.
final class SQLiteCheckpointer: Sendable {
    static let writerThresholdPages = 4_096
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "doable.sqlite.checkpoint")
    private let stopped = Atomic<Bool>(false)
    private let interval: DispatchTimeInterval

    init(path: String, interval: DispatchTimeInterval = .milliseconds(200)) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "doable.sqlite.checkpoint"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = interval
        schedule()
    }

    private func schedule() {
        queue.asyncAfter(deadline: .now() + interval) { [self] in
            guard !stopped.load(ordering: .acquiring) else { return }
            // A checkpoint that fails (the disk is full, say) is tried again next time; commits are unaffected.
            _ = try? connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
            schedule()
        }
    }

    func stop() throws {
        stopped.store(true, ordering: .releasing)
        queue.sync {}
        try connection.close()
    }
}
