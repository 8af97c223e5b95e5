import DoableCore
import DoableDomain
import DoableHTTP
import NIOCore
import Synchronization

/// the event streams of one account woken by one change read its feed once, not once each. A stream asks for
/// the page after its cursor; a read of the same account's feed after the same cursor that is still under way and
/// began at the account's current notifier mark (so it sees every entry signalled so far) is shared, with its
/// events encoded once. A page depends on the account and the cursor only, so a stream still sees its own
/// account's feed and nothing else, from its own cursor.
final class EventPages: Sendable {
    /// One read of a feed, ready to write: the events as bytes, or word that the cursor cannot be served.
    enum Page: Sendable {
        /// `count` entries (none: nothing new), the last one's sequence `last`; `namesAccount` when one of them is
        /// an account's own entry (a disabling among them), after which the stream checks its credential.
        case changes(ByteBuffer, count: Int, last: Int64, namesAccount: Bool)
        case reset(latest: Int64)
    }

    private struct Key: Hashable {
        let account: AccountID
        let after: Int64
    }

    private struct Read {
        let mark: UInt64
        let id: Int
        let page: Task<Page, any Error>
    }

    private struct State {
        var reads: [Key: Read] = [:]
        var nextID = 0
    }

    let domain: Domain
    let pageSize: Int
    let readLimit: Duration
    private let state = Mutex(State())

    init(domain: Domain, pageSize: Int, readLimit: Duration) {
        self.domain = domain
        self.pageSize = pageSize
        self.readLimit = readLimit
    }

    /// The identity's feed after `cursor`, at most `pageSize` entries, read at least as late as the last signal.
    func page(_ identity: Identity, after cursor: Int64) async throws -> Page {
        let key = Key(account: identity.account.id, after: cursor)
        let mark = domain.notifier.mark(of: key.account)
        let (domain, pageSize, readLimit) = (domain, pageSize, readLimit)
        let page = state.withLock { state -> Task<Page, any Error> in
            if let read = state.reads[key], read.mark == mark { return read.page }
            let id = state.nextID
            state.nextID += 1
            let page = Task { [weak self] in
                defer { self?.finish(key, id) }
                return try await withDeadline(readLimit, orThrow: StoreError.timedOut) {
                    try Self.encode(await domain.feed(identity, after: cursor, limit: pageSize))
                }
            }
            state.reads[key] = Read(mark: mark, id: id, page: page)
            return page
        }
        return try await page.value
    }

    private func finish(_ key: Key, _ id: Int) {
        state.withLock { state in
            if state.reads[key]?.id == id { state.reads[key] = nil }
        }
    }

    /// How many reads are under way (for tests).
    var readsUnderWay: Int { state.withLock { $0.reads.count } }

    static func encode(_ page: FeedPage) throws -> Page {
        switch page {
        case .reset(let latest):
            return .reset(latest: latest)
        case .changes(let changes, _):
            var buffer = ByteBuffer()
            for change in changes {
                SSEEvent.write(
                    event: "change", id: change.sequence,
                    data: String(decoding: try StreamingJSONEncoder.encode(ChangeDTO(change)), as: UTF8.self),
                    into: &buffer)
            }
            return .changes(
                buffer, count: changes.count, last: changes.last?.sequence ?? 0,
                namesAccount: changes.contains { $0.entity == .account })
        }
    }
}
