import DoableCore
import Dispatch
import GRDB
import Synchronization

/// Notices commits made by other processes on the same file (`doable admin seed`, a second server): SQLite has no
/// NOTIFY, so a connection of its own asks `PRAGMA data_version`, which changes whenever another connection
/// committed, and then reads which accounts' feeds advanced and whose credentials changed (issue 27: a token
/// revoked through one process ends its event streams in every process within a poll, not at the next
/// heartbeat). Commits of this process are signalled directly and seen here too; consumers ignore what they
/// already know, and a credential check that finds every credential still valid changes nothing.
final class SQLiteFeedPoller: Sendable {
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "doable.sqlite.feed-poller")
    private let continuation: AsyncStream<FeedSignal>.Continuation
    private let interval: DispatchTimeInterval
    private struct State {
        var dataVersion: Int64?
        /// Whether the sequences were read once: the first read only sets the baseline.
        var isPrimed = false
        var sequences: [AccountID: Int64] = [:]
        /// Per account, how many credentials it has and the sum of their row ids: any sign-in or revocation
        /// changes it.
        var credentialMarks: [AccountID: CredentialMark] = [:]
        var stopped = false
    }
    private let state = Mutex(State())

    struct CredentialMark: Equatable {
        var count: Int64
        var rowIDs: Int64
    }

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
            typealias Read = (rows: [(AccountID, Int64)], marks: [AccountID: CredentialMark])
            let (version, read) = try connection.inDatabase { db -> (Int64, Read?) in
                let version = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                guard version != state.withLock({ $0.dataVersion }) else { return (version, nil) }
                let rows = try Row.fetchAll(db, sql: "SELECT id, change_seq FROM accounts WHERE change_seq > 0")
                    .map { (SQLiteRows.id($0, "id") as AccountID, $0["change_seq"] as Int64) }
                var marks: [AccountID: CredentialMark] = [:]
                for row in try Row.fetchAll(
                    db,
                    sql: """
                        SELECT account_id, count(*) AS n, sum(rowid) AS ids FROM credentials GROUP BY account_id
                        """)
                {
                    marks[SQLiteRows.id(row, "account_id")] = CredentialMark(count: row["n"], rowIDs: row["ids"])
                }
                return (version, (rows, marks))
            }
            if let read {
                let (advanced, changed) = state.withLock { state -> ([AccountID: Int64], Set<AccountID>) in
                    let isFirst = !state.isPrimed
                    state.isPrimed = true
                    state.dataVersion = version
                    var advanced: [AccountID: Int64] = [:]
                    for (account, sequence) in read.rows where (state.sequences[account] ?? 0) < sequence {
                        state.sequences[account] = sequence
                        if !isFirst { advanced[account] = sequence }
                    }
                    var changed = Set<AccountID>()
                    if !isFirst {
                        for account in Set(state.credentialMarks.keys).union(read.marks.keys)
                        where state.credentialMarks[account] != read.marks[account] {
                            changed.insert(account)
                        }
                    }
                    state.credentialMarks = read.marks
                    return (advanced, changed)
                }
                if !advanced.isEmpty { FeedSignal.advanced(advanced).send(to: continuation) }
                if !changed.isEmpty { FeedSignal.credentialsEnded(changed).send(to: continuation) }
            }
        } catch {
            // The file is busy or went away for a moment: look again next time, and have consumers look too.
            state.withLock { $0.dataVersion = nil }
            continuation.yield(.unknown)
        }
        queue.asyncAfter(deadline: .now() + interval) { [self] in poll() }
    }
}
