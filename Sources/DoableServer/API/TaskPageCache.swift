import DoableCore
import DoableDomain
import NIOCore
import Synchronization

/// Rendered task pages, kept while nothing of their account has changed: a page is served again only when the
/// account's change-feed sequence — read with the caller's credential on every request, written in the same
/// transaction as every change — is still the one seen before the page was read, and no task on it has become
/// overdue since. So a cached page is never staler than one rendered afresh, whichever process wrote, and
/// repeated reads of a list (devices polling, a reloaded page) skip the database and the encoder.
/// Entries are bounded by total size; the oldest go first.
public final class TaskPageCache: Sendable {
    struct Key: Hashable {
        let account: AccountID
        let query: String
    }

    struct Entry {
        let changeSequence: Int64
        let validUntil: Timestamp?
        let body: ByteBuffer
        let order: Int
    }

    struct State {
        var entries: [Key: Entry] = [:]
        var insertionOrder: [(Key, Int)] = []
        var head = 0
        var bytes = 0
        var nextOrder = 0
    }

    public let capacityBytes: Int
    private let state = Mutex(State())

    /// `capacityBytes` 0 turns the cache off.
    public init(capacityBytes: Int = 16 << 20) { self.capacityBytes = capacityBytes }

    /// The bytes of pages kept now (for `/metrics`).
    public var bytesInUse: Int { state.withLock { $0.bytes } }

    func body(account: Account, query: String, now: Timestamp) -> ByteBuffer? {
        guard capacityBytes > 0 else { return nil }
        return state.withLock { state in
            let key = Key(account: account.id, query: query)
            guard let entry = state.entries[key] else { return nil }
            guard entry.changeSequence == account.changeSequence, entry.validUntil.map({ now < $0 }) ?? true else {
                state.entries[key] = nil
                state.bytes -= entry.body.readableBytes
                return nil
            }
            return entry.body
        }
    }

    /// Keeps `body`, rendered from a read made after `account` was read, until the account changes or
    /// `validUntil` comes.
    func store(_ body: ByteBuffer, account: Account, query: String, validUntil: Timestamp?) {
        guard capacityBytes > 0, body.readableBytes <= capacityBytes / 8 else { return }
        state.withLock { state in
            let key = Key(account: account.id, query: query)
            if let old = state.entries[key] { state.bytes -= old.body.readableBytes }
            let order = state.nextOrder
            state.nextOrder += 1
            state.entries[key] = Entry(changeSequence: account.changeSequence, validUntil: validUntil, body: body,
                                       order: order)
            state.insertionOrder.append((key, order))
            state.bytes += body.readableBytes
            while state.bytes > capacityBytes, state.head < state.insertionOrder.count {
                let (oldest, oldestOrder) = state.insertionOrder[state.head]
                state.head += 1
                if let entry = state.entries[oldest], entry.order == oldestOrder {
                    state.entries[oldest] = nil
                    state.bytes -= entry.body.readableBytes
                }
            }
            // Replaced and dropped entries leave stale marks behind; rebuild the order when they pile up.
            if state.insertionOrder.count - state.head > 2 * state.entries.count + 1024 {
                state.insertionOrder = state.entries.map { ($0.key, $0.value.order) }.sorted { $0.1 < $1.1 }
                state.head = 0
            }
        }
    }

    /// When the first of `tasks` that is not overdue yet becomes overdue; a page showing them must be rendered
    /// again then.
    static func firstOverdueMoment(of tasks: [TaskView], after now: Timestamp) -> Timestamp? {
        tasks.compactMap { view -> Timestamp? in
            guard view.task.status != .completed, let due = view.task.due else { return nil }
            let passes = due.passesAt
            return passes > now ? passes : nil
        }.min()
    }
}
