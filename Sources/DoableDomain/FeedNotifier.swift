public import DoableCore
import Synchronization

/// Wakes the consumers of the change feed (live events, the page cache, later reminders, sync and CalDAV) when an
/// account's feed advances. It carries no data: a woken consumer reads the feed from its own cursor, so a missed,
/// repeated or reordered signal costs a read, never an entry. Signals come from this process's commits at once
/// and from every process on the database through the store's `feedSignals()` (`FeedNotifierService`).
public final class FeedNotifier: Sendable {
    public enum Wake: Sendable, Equatable {
        /// The account's feed may have advanced.
        case changed
        /// Nothing happened for a while: the consumer may send a heartbeat (and looks at the feed anyway).
        case heartbeat
    }

    private struct Listener {
        let account: AccountID
        let continuation: AsyncStream<Wake>.Continuation
    }

    private struct State {
        var latest: [AccountID: Int64] = [:]
        /// Per account, the count of signals when its feed last advanced; `everyone` when all were told to look.
        var marks: [AccountID: UInt64] = [:]
        var everyone: UInt64 = 0
        var signals: UInt64 = 0
        var listeners: [Int: Listener] = [:]
        var byAccount: [AccountID: Set<Int>] = [:]
        var nextID = 0
        var isClosed = false
    }

    private let state = Mutex(State())

    public init() {}

    /// The highest sequence seen signalled for the account, if any.
    public func latestSignalled(_ account: AccountID) -> Int64? {
        state.withLock { $0.latest[account] }
    }

    /// A number that grows whenever the account's feed is signalled to have advanced (or everyone is told to look):
    /// a read of the feed begun at a mark sees every entry signalled up to it, so consumers woken at the same mark
    /// may share one read (Q-8: the event streams of one account).
    public func mark(of account: AccountID) -> UInt64 {
        state.withLock { max($0.marks[account] ?? 0, $0.everyone) }
    }

    /// After a commit of this process.
    public func signal(_ changes: [Change]) {
        guard !changes.isEmpty else { return }
        var advanced: [AccountID: Int64] = [:]
        for change in changes { advanced[change.accountID] = max(advanced[change.accountID] ?? 0, change.sequence) }
        signal(advanced)
    }

    /// Feeds that reached these sequences; listeners of an account are woken only if its sequence is new.
    public func signal(_ advanced: [AccountID: Int64]) {
        let woken = state.withLock { state -> [AsyncStream<Wake>.Continuation] in
            var woken: [AsyncStream<Wake>.Continuation] = []
            for (account, sequence) in advanced where (state.latest[account] ?? 0) < sequence {
                state.latest[account] = sequence
                state.signals += 1
                state.marks[account] = state.signals
                for id in state.byAccount[account] ?? [] {
                    if let listener = state.listeners[id] { woken.append(listener.continuation) }
                }
            }
            return woken
        }
        for continuation in woken { continuation.yield(.changed) }
    }

    /// Credentials of the account ended (sign out, sign out everywhere, a password change, a revoked token): its
    /// listeners are woken as for a heartbeat, which makes each check its credential now rather than at the next
    /// heartbeat (issue 10, finding 9: within a second). Only this process's listeners hear it; another process's
    /// streams notice at their next heartbeat.
    public func recheckCredentials(of account: AccountID) {
        let woken = state.withLock { state in
            (state.byAccount[account] ?? []).compactMap { state.listeners[$0]?.continuation }
        }
        for continuation in woken { continuation.yield(.heartbeat) }
    }

    /// Something may have been missed (a lost database connection): every listener looks again.
    public func signalEveryone() {
        let all = state.withLock { state -> [AsyncStream<Wake>.Continuation] in
            state.latest = [:]
            state.marks = [:]
            state.signals += 1
            state.everyone = state.signals
            return state.listeners.values.map(\.continuation)
        }
        for continuation in all { continuation.yield(.changed) }
    }

    /// Wakes for `account`'s feed, and a heartbeat after every `heartbeat` without one. The stream ends when the
    /// consumer stops iterating or the notifier closes (graceful shutdown); wakes that pile up fold into one.
    public func listen(to account: AccountID, heartbeat: Duration) -> AsyncStream<Wake> {
        let (stream, continuation) = AsyncStream<Wake>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.isClosed else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.listeners[id] = Listener(account: account, continuation: continuation)
            state.byAccount[account, default: []].insert(id)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                if Task.isCancelled { break }
                continuation.yield(.heartbeat)
            }
        }
        continuation.onTermination = { [weak self] _ in
            ticker.cancel()
            self?.state.withLock { state in
                state.listeners[id] = nil
                state.byAccount[account]?.remove(id)
                if state.byAccount[account]?.isEmpty == true { state.byAccount[account] = nil }
            }
        }
        return stream
    }

    /// How many consumers listen now (for metrics and tests).
    public var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// Ends every listener's stream and refuses new ones: the server is stopping.
    public func close() {
        let all = state.withLock { state -> [AsyncStream<Wake>.Continuation] in
            state.isClosed = true
            return state.listeners.values.map(\.continuation)
        }
        for continuation in all { continuation.finish() }
    }
}
