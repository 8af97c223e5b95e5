public import DoableCore
public import Foundation
import GRDB
import ServiceLifecycle
import Synchronization

/// The embedded engine: one SQLite file in WAL mode (concurrent readers, one writer).
public final class SQLiteStore: Store {
    let pool: DatabasePool
    let path: String
    let committer: SQLiteGroupCommitter
    let checkpointer: SQLiteCheckpointer
    private let isClosed = Atomic<Bool>(false)

    /// How long one read may run before it is interrupted with `StoreError.timedOut` (issue 10, finding 19).
    let queryTimeout: Duration

    /// Opens (creating if needed) `doable.sqlite` in `directory` and runs pending migrations.
    public init(directory: URL, queryTimeout: Duration = StoreLimits.defaultQueryTimeout) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // Every acknowledged commit is on disk before the response leaves.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(SQLiteCheckpointer.writerThresholdPages)")
        }
        let path = directory.appendingPathComponent("doable.sqlite").path
        self.path = path
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.makeWriterDurable(pool)
        try SQLiteSchema.migrator.migrate(pool)
        committer = SQLiteGroupCommitter(pool: pool)
        checkpointer = try SQLiteCheckpointer(path: path)
        self.queryTimeout = queryTimeout
    }

    @_spi(StoreWriting) public func commit(_ batch: WriteBatch) async throws -> [Change] {
        try await committer.commit(batch)
    }

    @_spi(StoreWriting) public func commitTogether(_ batches: [WriteBatch]) async throws -> [[Change]] {
        try WriteBatch.requireSharingATransaction(batches)
        return try await committer.write { db in
            let writer = SQLiteWriter(db: db)
            return try batches.map { try writer.apply($0) }
        }
    }

    /// Q-6 on power loss: every acknowledged commit is on stable storage. `prepareDatabase` asks for
    /// `synchronous = FULL`, but `DatabasePool` then sets its writer to `NORMAL` when it turns WAL on (which syncs
    /// the log only at checkpoints), so the writer is set again once the pool is open, and read back: a server
    /// whose writer does not sync every commit does not start.
    static func makeWriterDurable(_ pool: DatabasePool) throws {
        let mode = try pool.writeWithoutTransaction { db -> Int in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            return try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
        }
        guard mode == 2 else { throw DurabilityError("SQLite's writer runs with synchronous = \(mode), not FULL (2)") }
    }

    /// The writer's `synchronous` setting, as SQLite reports it (2 is FULL).
    public func writerSynchronousMode() async throws -> Int {
        try await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// Runs a read in one transaction on one of GRDB's reader connections.
    ///
    /// Reads run on GRDB's own dispatch queues, never on the calling task's thread: a read is blocking work, and
    /// Swift's cooperative pool has one thread per core, so two long reads there used to stop every other request,
    /// `/healthz` included (issue 10, finding 17). Each read is bounded by `queryTimeout`, and cancelling the
    /// calling task interrupts it (GRDB calls `sqlite3_interrupt`).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let timeout = queryTimeout
        return try await SQLiteQueryDeadline.mapping {
            try await pool.read { db in
                try SQLiteQueryDeadline.run(db, timeout: timeout) { try body(db) }
            }
        }
    }

    /// A read of one statement, without GRDB's BEGIN and COMMIT around it: a single statement reads one
    /// snapshot anyway, and the two extra statements were a good part of a small read's cost.
    func readOneStatement<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let timeout = queryTimeout
        return try await SQLiteQueryDeadline.mapping {
            try await pool.unsafeRead { db in
                try SQLiteQueryDeadline.run(db, timeout: timeout) { try body(db) }
            }
        }
    }

    func fetchOne<T: Sendable>(_ sql: String, _ arguments: StatementArguments, _ map: @escaping @Sendable (Row) throws -> T)
        async throws -> T?
    {
        try await readOneStatement { db in try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments).map(map) }
    }

    func fetchOne<T: Sendable>(
        _ sql: String, _ arguments: StatementArguments, _ map: @escaping @Sendable (SQLiteColumns) throws -> T
    ) async throws -> T? {
        try await fetchAll(sql, arguments, map).first
    }

    func fetchAll<T: Sendable>(_ sql: String, _ arguments: StatementArguments, _ map: @escaping @Sendable (Row) throws -> T)
        async throws -> [T]
    {
        try await readOneStatement { db in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(map) }
    }

    func fetchAll<T: Sendable>(
        _ sql: String, _ arguments: StatementArguments, _ map: @escaping @Sendable (SQLiteColumns) throws -> T
    ) async throws -> [T] {
        try await readOneStatement { db in try SQLiteRows.fetchAll(db, sql: sql, arguments: arguments, map) }
    }

    public func account(id: AccountID) async throws -> Account? {
        try await fetchOne(
            "SELECT \(SQLiteRows.accountColumns) FROM accounts WHERE id = ?", [id.description],
            SQLiteRows.account)
    }

    public func account(login: String) async throws -> Account? {
        let key = Rules.matchKey(login)
        return try await fetchOne(
            """
            SELECT \(SQLiteRows.accountColumns) FROM accounts WHERE email_key = ? OR username_key = ? LIMIT 1
            """, [key, key], SQLiteRows.account)
    }

    public func credential(secretHash: String) async throws -> Credential? {
        try await fetchOne(
            "SELECT \(SQLiteRows.credentialColumns) FROM credentials WHERE secret_hash = ?", [secretHash],
            SQLiteRows.credential)
    }

    public func credentials(of accountID: AccountID) async throws -> [Credential] {
        try await fetchAll(
            """
            SELECT \(SQLiteRows.credentialColumns) FROM credentials WHERE account_id = ? ORDER BY created_at, id
            """, [accountID.description], SQLiteRows.credential)
    }

    public func list(id: ListID) async throws -> TaskList? {
        try await fetchOne(
            "SELECT \(SQLiteRows.listColumns) FROM lists WHERE id = ?", [id.description],
            SQLiteRows.list)
    }

    public func lists(ownerID: AccountID) async throws -> [TaskList] {
        try await fetchAll(
            """
            SELECT \(SQLiteRows.listColumns) FROM lists WHERE owner_id = ? AND deleted_at IS NULL ORDER BY rank, id
            """, [ownerID.description], SQLiteRows.list)
    }

    public func openTaskCounts(listIDs: [ListID]) async throws -> [ListID: Int] {
        guard !listIDs.isEmpty else { return [:] }
        // One JSON array argument: an account may have more lists than SQLite takes variables in one statement.
        let rows = try await fetchAll(
            """
            SELECT list_id, count(*) AS open FROM tasks
            WHERE list_id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL AND status != 'completed'
            GROUP BY list_id
            """, [Self.jsonArray(listIDs.map(\.description))]
        ) { row in
            (SQLiteRows.id(row, "list_id") as ListID, row["open"] as Int)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func label(id: LabelID) async throws -> Label? {
        try await fetchOne("SELECT * FROM labels WHERE id = ?", [id.description], SQLiteRows.label)
    }

    public func labels(ownerID: AccountID) async throws -> [Label] {
        try await fetchAll(
            "SELECT * FROM labels WHERE owner_id = ? ORDER BY name_key, id", [ownerID.description],
            SQLiteRows.label)
    }

    public func trash(ownerID: AccountID) async throws -> (lists: [TaskList], tasks: [TaskItem]) {
        let owner = ownerID.description
        let lists = try await fetchAll(
            """
            SELECT \(SQLiteRows.listColumns) FROM lists
            WHERE owner_id = ? AND deleted_at IS NOT NULL ORDER BY deleted_at DESC, id
            """, [owner], SQLiteRows.list)
        let tasks = try await fetchAll(
            """
            SELECT \(SQLiteRows.taskColumns) FROM tasks
            WHERE owner_id = ? AND deleted_at IS NOT NULL AND trashed_with = id ORDER BY deleted_at DESC, id
            """, [owner], SQLiteRows.task)
        return (lists, tasks)
    }

    public func expiredTrash(before cutoff: Timestamp, limit: Int) async throws
        -> (lists: [TaskList], tasks: [TaskItem])
    {
        let lists = try await fetchAll(
            """
            SELECT \(SQLiteRows.listColumns) FROM lists WHERE deleted_at IS NOT NULL AND deleted_at < ?
            ORDER BY deleted_at, id LIMIT ?
            """, [cutoff.milliseconds, limit], SQLiteRows.list)
        let tasks = try await fetchAll(
            """
            SELECT \(SQLiteRows.taskColumns) FROM tasks WHERE deleted_at IS NOT NULL AND deleted_at < ?
            ORDER BY deleted_at, id LIMIT ?
            """, [cutoff.milliseconds, limit], SQLiteRows.task)
        return (lists, tasks)
    }

    public func changes(accountID: AccountID, after sequence: Int64, limit: Int) async throws -> [Change] {
        try await fetchAll(
            "SELECT * FROM changes WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            [accountID.description, sequence, limit], SQLiteRows.change)
    }

    public func feedBounds(accountID: AccountID) async throws -> (floor: Int64, latest: Int64) {
        try await fetchOne("SELECT feed_floor, change_seq FROM accounts WHERE id = ?", [accountID.description]) {
            (floor: $0["feed_floor"] as Int64, latest: $0["change_seq"] as Int64)
        } ?? (0, 0)
    }

    /// Account by account, so that no write waits long: the entries before each one's first entry newer than
    /// `cutoff` go (found along the feed's own key), and the floor rises to the last of them.
    @_spi(StoreWriting) public func purgeFeed(before cutoff: Timestamp, limit: Int) async throws -> Int {
        let accounts = try await fetchAll("SELECT id, feed_floor FROM accounts", []) {
            ($0["id"] as String, $0["feed_floor"] as Int64)
        }
        var purged = 0
        for (account, floor) in accounts where purged < limit {
            let newest =
                try await fetchOne(
                    """
                    SELECT max(seq) AS newest FROM changes WHERE account_id = ? AND seq > ? AND at < ?
                    """, [account, floor, cutoff.milliseconds]
                ) { $0["newest"] as Int64? } ?? nil
            guard let newest else { continue }
            purged += try await pool.write { db -> Int in
                try db.execute(sql: "DELETE FROM changes WHERE account_id = ? AND seq <= ?", arguments: [account, newest])
                let count = db.changesCount
                try db.execute(
                    sql: "UPDATE accounts SET feed_floor = ? WHERE id = ? AND feed_floor < ?",
                    arguments: [newest, account, newest])
                return count
            }
        }
        return purged
    }

    public func latestSequence(accountID: AccountID) async throws -> Int64 {
        try await fetchOne("SELECT change_seq FROM accounts WHERE id = ?", [accountID.description]) {
            $0["change_seq"] as Int64
        } ?? 0
    }

    public func ping() async throws {
        _ = try await fetchOne("SELECT 1 AS one", []) { $0["one"] as Int }
    }

    /// Migrations ran when the store was opened.
    public func prepare() async throws {}

    /// While the server runs: checkpoints a few times a second; at graceful shutdown (this service stops last,
    /// after the server finished its requests) closes the database.
    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.checkpointer.interval) }
            await checkpointer.checkpoint()
        }
        try await close()
    }

    public func feedSignals() -> AsyncStream<FeedSignal> {
        let (stream, continuation) = AsyncStream<FeedSignal>.makeStream(bufferingPolicy: .bufferingNewest(64))
        do {
            let poller = try SQLiteFeedPoller(path: path, interval: .milliseconds(200), continuation: continuation)
            continuation.onTermination = { _ in poller.stop() }
            poller.start()
        } catch {
            continuation.finish()
        }
        return stream
    }

    public func close() async throws {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        try checkpointer.close()
        try pool.close()
    }
}
