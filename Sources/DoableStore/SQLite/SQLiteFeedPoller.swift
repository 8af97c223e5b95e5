import DoableCore
import Dispatch
import GRDB
import Synchronization

/// Notices commits made by other processes on the same file (`doable admin seed`, a second server): SQLite has no
/// NOTIFY, so a connection of its own asks `PRAGMA data_version`, which changes whenever another connection
/// committed, and then reads which accounts' feeds advanced. Commits of this process are signalled directly and
/// seen here too; consumers ignore what they already know.
final class SQLiteFeedPoller: Sendable {
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "doable.sqlite.feed-poller")
    private let continuation: AsyncStream<FeedSignal>.Continuation
    private let interval: DispatchTimeInterval
    private struct State {
        var dataVersion: Int64?
        var sequences: [AccountID: Int64] = [:]
        var stopped = false
    }
    private let state = Mutex(State())

    init(path: String, interval: DispatchTimeInterval, continuation: AsyncStream<FeedSignal>.Continuation) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = "doable.sqlite.feed-poller"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = interval
        self.continuation = continuation
    }

    func start() { queue.async { [self] in poll() } }

    func stop() {
        state.withLock { $0.stopped = true }
        queue.async { [connection] in try? connection.close() }
    }

    private func poll() {
        guard !state.withLock({ $0.stopped }) else { return }
        do {
            let (version, rows) = try connection.inDatabase { db -> (Int64, [(AccountID, Int64)]?) in
                let version = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                guard version != state.withLock({ $0.dataVersion }) else { return (version, nil) }
                let rows = try Row.fetchAll(db, sql: "SELECT id, change_seq FROM accounts WHERE change_seq > 0")
                    .map { (SQLiteRows.id($0, "id") as AccountID, $0["change_seq"] as Int64) }
                return (version, rows)
            }
            if let rows {
                let advanced = state.withLock { state -> [AccountID: Int64] in
                    let isFirst = state.dataVersion == nil
                    state.dataVersion = version
                    var advanced: [AccountID: Int64] = [:]
                    for (account, sequence) in rows where (state.sequences[account] ?? 0) < sequence {
                        state.sequences[account] = sequence
                        if !isFirst { advanced[account] = sequence }
                    }
                    return advanced
                }
                if !advanced.isEmpty { continuation.yield(.advanced(advanced)) }
            }
        } catch {
            // The file is busy or went away for a moment: look again next time, and have consumers look too.
            state.withLock { $0.dataVersion = nil }
            continuation.yield(.unknown)
        }
        queue.asyncAfter(deadline: .now() + interval) { [self] in poll() }
    }
}
