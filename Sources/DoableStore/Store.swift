public import DoableCore
public import ServiceLifecycle

/// Everything Doable keeps, behind one protocol with one engine per database (SQLite, PostgreSQL).
///
/// There is exactly one way to change data: `commit(_:)`, which applies a `WriteBatch` in one transaction
/// together with the change-feed entries it produces. Engines hold no business rules; the domain operations
/// in DoableDomain decide what a batch contains. The write side is SPI (`StoreWriting`): only DoableDomain (and
/// tests) import it, so no other module can commit around the domain's validation and its publishing.
///
/// A store is also the `Service` that keeps its engine going while a server runs (PostgreSQL's connection pool,
/// SQLite's checkpoints); listed first in the server's service group, it stops last and closes the database.
/// Tools that open a store without a service group call `close()` themselves.
public protocol Store: Service, Sendable, AccountStore, AccountSecurityStore, TaskStore, SharingStore, ReminderStore, PhotoStore, MarketStore,
    CalendarStore, GameStore,
    SyncStore
{
    /// Waits for the database and brings its schema up to date; called before the server starts serving.
    func prepare() async throws
    /// Applies every operation of the batch atomically and returns the feed entries it appended.
    /// Throws `StoreError.versionConflict` when a row changed since it was read, and
    /// `StoreError.duplicate` when a unique key (email, username, list or label name) is taken.
    @_spi(StoreWriting) func commit(_ batch: WriteBatch) async throws -> [Change]
    /// Applies several batches in one transaction, in order, all or none: the feed entries of each, as `commit` would
    /// give them. For a device's push (SYNC-1), whose edits then cost one transaction and one flush together. No
    /// batch may change who sees a list (`WriteBatch.changesWhoSeesLists`); such a batch fails the call with
    /// `StoreError.integrity` and nothing is written.
    @_spi(StoreWriting) func commitTogether(_ batches: [WriteBatch]) async throws -> [[Change]]
    /// A secret of this installation, made from `candidate` the first time it is asked for and the same for every
    /// process on the database ever after (it signs the links in emails).
    @_spi(StoreWriting) func serverSecret(named name: String, candidate: String) async throws -> String
    /// Drops feed entries older than `cutoff`, raising each account's floor; returns how many went.
    @_spi(StoreWriting) func purgeFeed(before cutoff: Timestamp, limit: Int) async throws -> Int
    /// Deletes up to `limit` rows of each kind older than `cutoff` (issue 26's retention): notifications, finished
    /// deliveries (their attempts with them) and sync rejections. Returns how many rows went.
    @_spi(StoreWriting) func purgeRecords(before cutoff: Timestamp, limit: Int) async throws -> Int
    /// Feed advances committed by any process on this database (this one included), until the task is
    /// cancelled: SQLite polls the file for commits of other processes, PostgreSQL listens for NOTIFY.
    func feedSignals() -> AsyncStream<FeedSignal>
    /// A cheap round trip to the database, for `/readyz`.
    func ping() async throws
    func close() async throws
}

/// What a store reports of its change feed advancing.
public enum FeedSignal: Sendable, Equatable {
    /// These accounts' feeds reached at least these sequences.
    case advanced([AccountID: Int64])
    /// Changes may have been missed (a lost connection): every consumer should look again.
    case unknown
    /// Credentials of these accounts ended in another process (issue 27): their open streams check theirs now.
    case credentialsEnded(Set<AccountID>)

    /// Yields the signal; when the buffer is full and an older one had to go, says `.unknown` after it, so that
    /// the consumer looks at every feed instead of missing the dropped one.
    func send(to continuation: AsyncStream<FeedSignal>.Continuation) {
        if case .dropped = continuation.yield(self) { continuation.yield(.unknown) }
    }
}

/// Limits every engine applies.
public enum StoreLimits {
    /// How long one query may run: far above any query Doable makes (a search at 1M tasks takes under 50 ms), so
    /// that only a runaway query meets it. `doable serve --query-timeout` changes it.
    public static let defaultQueryTimeout: Duration = .seconds(5)
}
