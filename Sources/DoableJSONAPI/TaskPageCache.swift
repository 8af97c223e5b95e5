import DoableCore
import DoableDomain
import NIOCore
import Synchronization

/// Rendered task pages, kept while nothing of their account has changed: a page is served again only when the
/// account's change-feed sequence — read with the caller's credential on every request, written in the same
/// transaction as every change — is still the one seen before the page was read, and no task on it has become
/// overdue since. So a cached page is never staler than one rendered afresh, whichever process wrote, and
/// repeated reads of a list (devices polling, a reloaded page) skip the database and the encoder.
///
/// The cache is bounded by bytes, counting for each entry its body, its key (the query string is the caller's to
/// choose, up to the URI limit) and a fixed `entryOverhead`; the least recently used entries go first.
public final class TaskPageCache: Sendable {
    struct Key: Hashable {
        let account: AccountID
        let query: String
    }

    struct Entry {
        let changeSequence: Int64
        let validUntil: Timestamp?
        let body: ByteBuffer
    }

    /// One slot of the recency list; `newer` and `older` are slot indices, -1 at the ends.
    struct Slot {
        var key: Key
        var entry: Entry
        var cost: Int
        var newer: Int
        var older: Int
    }

    struct State {
        var index: [Key: Int] = [:]
        var slots: [Slot?] = []
        var freeSlots: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0

        mutating func unlink(_ position: Int) {
            let slot = slots[position]!
            if slot.newer >= 0 { slots[slot.newer]!.older = slot.older } else { newest = slot.older }
            if slot.older >= 0 { slots[slot.older]!.newer = slot.newer } else { oldest = slot.newer }
        }

        mutating func linkAsNewest(_ position: Int) {
            slots[position]!.newer = -1
            slots[position]!.older = newest
            if newest >= 0 { slots[newest]!.newer = position }
            newest = position
            if oldest < 0 { oldest = position }
        }

        mutating func remove(_ position: Int) {
            unlink(position)
            let slot = slots[position]!
            index[slot.key] = nil
            bytes -= slot.cost
            slots[position] = nil
            freeSlots.append(position)
        }

        mutating func insert(_ key: Key, _ entry: Entry, cost: Int) {
            let slot = Slot(key: key, entry: entry, cost: cost, newer: -1, older: -1)
            let position: Int
            if let free = freeSlots.popLast() {
                slots[free] = slot
                position = free
            } else {
                slots.append(slot)
                position = slots.count - 1
            }
            index[key] = position
            bytes += cost
            linkAsNewest(position)
        }
    }

    /// What an entry costs beyond its body and query text: the dictionary entry, the slot, the buffer's and the
    /// string's storage headers. An estimate on the high side, so that many tiny pages cannot exceed the bound.
    static let entryOverhead = 256

    let capacityBytes: Int
    private let state = Mutex(State())

    /// `capacityBytes` 0 turns the cache off.
    public init(capacityBytes: Int = 16 << 20) { self.capacityBytes = capacityBytes }

    /// The bytes the cache holds now (bodies, keys and per-entry overhead), at most `capacityBytes`: for metrics.
    public var bytes: Int { state.withLock { $0.bytes } }

    /// The number of pages the cache holds now: for metrics.
    var entries: Int { state.withLock { $0.index.count } }

    static func cost(query: String, body: ByteBuffer) -> Int {
        body.readableBytes + query.utf8.count + entryOverhead
    }

    func body(account: Account, query: String, now: Timestamp) -> ByteBuffer? {
        guard capacityBytes > 0 else { return nil }
        return state.withLock { state in
            let key = Key(account: account.id, query: query)
            guard let position = state.index[key], let entry = state.slots[position]?.entry else { return nil }
            guard entry.changeSequence == account.changeSequence, entry.validUntil.map({ now < $0 }) ?? true else {
                state.remove(position)
                return nil
            }
            state.unlink(position)
            state.linkAsNewest(position)
            return entry.body
        }
    }

    /// Keeps `body`, rendered from a read made after `account` was read, until the account changes or
    /// `validUntil` comes.
    func store(_ body: ByteBuffer, account: Account, query: String, validUntil: Timestamp?) {
        let cost = Self.cost(query: query, body: body)
        guard capacityBytes > 0, cost <= capacityBytes / 8 else { return }
        state.withLock { state in
            let key = Key(account: account.id, query: query)
            if let position = state.index[key] { state.remove(position) }
            state.insert(
                key, Entry(changeSequence: account.changeSequence, validUntil: validUntil, body: body),
                cost: cost)
            while state.bytes > capacityBytes, state.oldest >= 0 { state.remove(state.oldest) }
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
