public import DoableCore
import Foundation
public import Logging
import Metrics
import NIOCore
import NIOPosix
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The shared engine: PostgreSQL through a PostgresNIO connection pool, for several `doable serve` processes
/// behind a load balancer (OPS-2).
///
/// In a server the pool runs as the store's service (`run()`, first in the service group, so it stops last) and
/// `prepare()` migrates before serving. Tools and tests use `connect(url:logger:)`, which runs the pool in a task
/// of the store's own until `close()`.
public final class PostgresStore: Store {
    let client: PostgresClient
    let logger: Logger
    let channel: String
    private let ownedRun = Mutex<Task<Void, Never>?>(nil)

    /// Every statement on the store's connections runs under `statement_timeout` = `queryTimeout` (issue 10,
    /// finding 19); a statement that meets it is cancelled by the server and reported as `StoreError.timedOut`.
    public init(url: PostgresURL, queryTimeout: Duration = StoreLimits.defaultQueryTimeout, logger: Logger) {
        var configuration = url.clientConfiguration
        self.queryTimeout = queryTimeout
        let milliseconds = max(
            1,
            queryTimeout.components.seconds * 1_000
                + queryTimeout.components.attoseconds / 1_000_000_000_000_000)
        configuration.options.additionalStartupParameters.append(("statement_timeout", "\(milliseconds)"))
        // Issue 10, finding 16: every query left 2-3 KB behind for a minute. Each time the pool parks a connection
        // it starts a keep-alive timer (30 s) and, for connections above `minimumConnections`, an idle timer (60 s),
        // each a task sleeping on the clock, and cancels them when the connection is leased again. On Linux a
        // cancelled sleep keeps its task until its deadline passes, so under load tens of thousands of dead timers
        // piled up. A fixed pool (all connections are minimum connections: no idle timer) without keep-alive
        // queries (the connections are busy; a broken one fails its query and is replaced) parks without timers.
        configuration.options.minimumConnections = configuration.options.maximumConnections
        configuration.options.keepAliveBehavior = nil
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        probeConfiguration = url.probeConfiguration
        channel = PostgresFeedListener.channel(schema: url.schema)
        schema = url.schema
        groupCommitter = PostgresGroupCommitter(concurrency: max(1, url.poolSize / 2))
        self.logger = logger
    }

    let schema: String?
    let queryTimeout: Duration
    /// Issue 32: concurrent writes share transactions, at most half the pool's connections at a time (the rest
    /// serve reads).
    let groupCommitter: PostgresGroupCommitter
    /// Issue 34: how long a caller waits at most, whatever a connection does. The server stops a statement at
    /// `queryTimeout`; a connection ended under a query (pg_terminate_backend, a crash) can leave PostgresNIO waiting
    /// for an answer that never comes, and the caller is then told 503 instead of waiting with it.
    var readDeadline: Duration { queryTimeout + .seconds(2) }
    var writeDeadline: Duration { queryTimeout * 4 }
    /// Issue 34: whether the server answers, known without waiting (see `PostgresAvailability`).
    let availability = PostgresAvailability()
    let probeConfiguration: PostgresConnection.Configuration?

    /// Connects to the database at a `postgres://` URL (see `PostgresURL` for its options), runs the pool until
    /// `close()` and runs pending migrations.
    public static func connect(
        url: String, queryTimeout: Duration = StoreLimits.defaultQueryTimeout, logger: Logger
    ) async throws -> PostgresStore {
        try await connect(url: PostgresURL(url), queryTimeout: queryTimeout, logger: logger)
    }

    public static func connect(
        url: PostgresURL, queryTimeout: Duration = StoreLimits.defaultQueryTimeout, logger: Logger
    ) async throws -> PostgresStore {
        let store = PostgresStore(url: url, queryTimeout: queryTimeout, logger: logger)
        let (started, starting) = AsyncStream<Void>.makeStream()
        let task = Task {
            starting.finish()
            await store.client.run()
        }
        // Leasing a connection before `run()` began only logs a warning, but a misleading one.
        for await _ in started {}
        store.ownedRun.withLock { $0 = task }
        do {
            try await store.prepare()
        } catch {
            try? await store.close()
            throw error
        }
        return store
    }

    public func prepare() async throws {
        do {
            try await PostgresSchema.migrate(client, schema: schema, logger: logger)
        } catch {
            throw Self.unwrap(error)
        }
        if requiresDurableSettings { try await checkDurableSettings() }
    }

    /// Set by `doable serve` (unless `--allow-unsafe-durability`): `prepare()` then refuses a server that would not keep
    /// acknowledged commits through a power cut.
    public var requiresDurableSettings: Bool {
        get { durabilityRequired.load(ordering: .relaxed) }
        set { durabilityRequired.store(newValue, ordering: .relaxed) }
    }
    private let durabilityRequired = Atomic<Bool>(false)

    /// Q-6: with `fsync = off` a power cut can lose or corrupt committed data; with `synchronous_commit = off` a
    /// commit is acknowledged before its WAL is flushed. Either makes the server's 201 a promise it cannot keep.
    public func checkDurableSettings() async throws {
        let settings = try await fetchAll(
            """
            SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit')
            """
        ) { (try $0["name"] as String, try $0["setting"] as String) }
        let unsafe = settings.filter { $0.1 == "off" }.map { "\($0.0) = off" }
        guard unsafe.isEmpty else {
            throw DurabilityError(
                """
                PostgreSQL runs with \(unsafe.joined(separator: " and ")): a power cut could lose writes Doable has \
                already acknowledged. Turn it on in postgresql.conf (the default), or start Doable with \
                --allow-unsafe-durability (DOABLE_ALLOW_UNSAFE_DURABILITY=1) for a throwaway database.
                """)
        }
    }

    /// The connection pool and the availability probe, until graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.client.run() }
                if let configuration = self.probeConfiguration {
                    group.addTask { await self.availability.probe(configuration: configuration, logger: self.logger) }
                }
            }
        }
    }

    public func feedSignals() -> AsyncStream<FeedSignal> {
        let (stream, continuation) = AsyncStream<FeedSignal>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let task = Task { [client, channel, logger] in
            await PostgresFeedListener.listen(client: client, channel: channel, logger: logger, into: continuation)
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    @_spi(StoreWriting) public func commit(_ batch: WriteBatch) async throws -> [Change] {
        guard !batch.isEmpty else { return [] }
        return try await groupCommitter.commit(
            batch, single: { try await self.commitAlone($0) }, group: { try await self.commitGroup($0) })
    }

    /// One batch in a transaction of its own.
    func commitAlone(_ batch: WriteBatch) async throws -> [Change] {
        try await onceMoreIfLostBeforeCommit {
            try await withDeadline(writeDeadline, orThrow: StoreError.timedOut) { [self, client, logger, channel] in
                try await unlessDown { started in
                    try await client.withTransaction(logger: logger) { connection in
                        started.set()
                        return try await PostgresWriter(connection: connection, logger: logger, channel: channel)
                            .apply(batch)
                    }
                }
            }
        }
    }

    /// `transaction`, once more if the connection was lost before COMMIT was sent; its failure as a `StoreError`.
    ///
    /// Issue 34: a connection lost before COMMIT was sent (a backend ended by pg_terminate_backend, a server restart)
    /// committed nothing: the write goes once more, on another connection. Lost during COMMIT, the outcome is unknown,
    /// so it is not retried: the caller is told 503 and tries again, and the domain's preconditions refuse a second
    /// copy of what did commit.
    private func onceMoreIfLostBeforeCommit<T>(_ transaction: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await transaction()
            } catch {
                if attempt == 1, Self.lostBeforeCommit(error) {
                    Counter(label: "doable_database_write_retries_total").increment()
                    continue
                }
                throw Self.storeError(for: PostgresWriter.storeError(for: Self.unwrap(error)))
            }
        }
    }

    @_spi(StoreWriting) public func commitTogether(_ batches: [WriteBatch]) async throws -> [[Change]] {
        try WriteBatch.requireSharingATransaction(batches)
        // One batch goes the way of every other write, sharing transactions with other requests' batches.
        if batches.count == 1 { return [try await commit(batches[0])] }
        do {
            return try await onceMoreIfLostBeforeCommit { try await commitGroup(batches) }
        } catch PostgresGroupCommitter.GroupFailure.outcomeUnknown(let error) {
            throw error
        }
    }

    /// Several batches in one transaction (`PostgresGroupCommitter`): their rows in order, then their feed entries.
    func commitGroup(_ batches: [WriteBatch]) async throws -> [[Change]] {
        do {
            return try await withDeadline(writeDeadline, orThrow: StoreError.timedOut) { [self, client, logger, channel] in
                try await unlessDown { started in
                    try await client.withTransaction(logger: logger) { connection in
                        started.set()
                        let writer = PostgresWriter(connection: connection, logger: logger, channel: channel)
                        try await writer.applyOperations(batches)
                        return try await writer.appendChanges(batches)
                    }
                }
            }
        } catch let error as StoreError where error == .timedOut || error == .unavailable {
            // Past its deadline the transaction may still commit; the server down: each batch alone would only wait.
            throw PostgresGroupCommitter.GroupFailure.outcomeUnknown(error)
        } catch let error as PostgresTransactionError where error.commitError.map(Self.isConnectionLoss) ?? false {
            throw PostgresGroupCommitter.GroupFailure.outcomeUnknown(StoreError.unavailable)
        }
    }

    /// `work`, or `StoreError.unavailable` at once while the server is down, and as soon as it is found down while
    /// `work` waits for a connection; a write that holds one (`started`) finishes what it does.
    func unlessDown<T: Sendable>(_ work: @escaping @Sendable (LeaseFlag) async throws -> T) async throws -> T {
        guard !availability.isDown else { throw StoreError.unavailable }
        let started = LeaseFlag()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work(started) }
            group.addTask { [availability] in
                await availability.waitUntilDown()
                return nil
            }
            while let outcome = try await group.next() {
                if let value = outcome {
                    group.cancelAll()
                    return value
                }
                if !started.isSet {
                    group.cancelAll()
                    throw StoreError.unavailable
                }
            }
            throw StoreError.unavailable
        }
    }

    /// The transaction failed on a lost connection before its COMMIT went out: nothing of it was written.
    static func lostBeforeCommit(_ error: any Error) -> Bool {
        guard let failure = error as? PostgresTransactionError, failure.commitError == nil else { return false }
        return isConnectionLoss(failure.closureError ?? failure.beginError)
    }

    /// A lost or refused connection, or a server shutting down or starting up.
    static func isConnectionLoss(_ error: (any Error)?) -> Bool {
        guard let error else { return false }
        if let error = error as? PSQLError {
            if [.serverClosedConnection, .connectionError, .uncleanShutdown, .clientClosedConnection]
                .contains(error.code)
            {
                return true
            }
            if let state = error.serverInfo?[.sqlState] {
                return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
            }
            return false
        }
        return error is ChannelError || error is IOError || error is NIOConnectionError
    }

    /// Errors every statement can meet, as `StoreError`s: `statement_timeout` (57014) is `timedOut`; a deadlock or
    /// serialization failure (40P01, 40001: two writers waiting on each other, e.g. on the parent-change lock) is a
    /// `versionConflict`, which the domain retries from fresh reads.
    static func storeError(for error: any Error) -> any Error {
        if isConnectionLoss(error) { return StoreError.unavailable }
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return error }
        switch state {
        case "57014": return StoreError.timedOut
        case "53100": return StoreError.storageFull
        case "40P01", "40001": return StoreError.versionConflict(entity: "row", id: state)
        default: return error
        }
    }

    /// The error that made a transaction fail, rather than the wrapper PostgresNIO puts around it.
    static func unwrap(_ error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.closureError ?? error.commitError ?? error.beginError ?? error
    }

    func fetchAll<T>(_ query: PostgresQuery, _ map: (PostgresRecord) throws -> T) async throws -> [T] {
        do {
            // A read waiting for a connection when the server is found down is abandoned (503): it changed nothing.
            let rows = try await withDeadline(readDeadline, orThrow: StoreError.timedOut) { [self, client, logger] in
                try await unlessDown { _ in
                    var rows: [PostgresRow] = []
                    for try await row in try await client.query(query, logger: logger) { rows.append(row) }
                    return rows
                }
            }
            return try rows.map { try map(PostgresRecord($0)) }
        } catch {
            throw Self.storeError(for: error)
        }
    }

    func fetchOne<T>(_ query: PostgresQuery, _ map: (PostgresRecord) throws -> T) async throws -> T? {
        try await fetchAll(query, map).first
    }

    public func account(id: AccountID) async throws -> Account? {
        try await fetchOne(
            "SELECT \(unescaped: PostgresRows.accountColumns) FROM accounts WHERE id = \(id.uuid)",
            PostgresRows.account)
    }

    public func account(login: String) async throws -> Account? {
        let key = Rules.matchKey(login)
        return try await fetchOne(
            """
            SELECT \(unescaped: PostgresRows.accountColumns) FROM accounts
            WHERE email_key = \(key) OR username_key = \(key) LIMIT 1
            """, PostgresRows.account)
    }

    /// The credential and its account in one round trip: every authenticated request makes it.
    public func identity(secretHash: String) async throws -> (Credential, Account)? {
        try await fetchOne(
            """
            SELECT \(unescaped: PostgresRows.accountColumns), \(unescaped: PostgresRows.joinedCredentialColumns)
            FROM credentials c JOIN accounts ON accounts.id = c.account_id WHERE c.secret_hash = \(secretHash)
            """
        ) { row in (try PostgresRows.credential(row, prefix: "credential_"), try PostgresRows.account(row)) }
    }

    public func credential(secretHash: String) async throws -> Credential? {
        try await fetchOne(
            """
            SELECT \(unescaped: PostgresRows.credentialColumns) FROM credentials WHERE secret_hash = \(secretHash)
            """
        ) { try PostgresRows.credential($0) }
    }

    public func credentials(of accountID: AccountID) async throws -> [Credential] {
        try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.credentialColumns) FROM credentials WHERE account_id = \(accountID.uuid)
            ORDER BY created_at, id
            """
        ) { try PostgresRows.credential($0) }
    }

    public func list(id: ListID) async throws -> TaskList? {
        try await fetchOne(
            "SELECT \(unescaped: PostgresRows.listColumns) FROM lists WHERE id = \(id.uuid)",
            PostgresRows.list)
    }

    public func lists(ownerID: AccountID) async throws -> [TaskList] {
        try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.listColumns) FROM lists
            WHERE owner_id = \(ownerID.uuid) AND deleted_at IS NULL ORDER BY rank, id
            """, PostgresRows.list)
    }

    public func openTaskCounts(listIDs: [ListID]) async throws -> [ListID: Int] {
        guard !listIDs.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT list_id, count(*) AS open FROM tasks
            WHERE list_id = ANY(\(listIDs.map(\.uuid))) AND deleted_at IS NULL AND status <> 'completed'
            GROUP BY list_id
            """
        ) { row in (try row.id("list_id") as ListID, Int(try row["open"] as Int64)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func label(id: LabelID) async throws -> Label? {
        try await fetchOne(
            "SELECT \(unescaped: PostgresRows.labelColumns) FROM labels WHERE id = \(id.uuid)",
            PostgresRows.label)
    }

    public func labels(ownerID: AccountID) async throws -> [Label] {
        try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.labelColumns) FROM labels WHERE owner_id = \(ownerID.uuid)
            ORDER BY name_key, id
            """, PostgresRows.label)
    }

    public func trash(ownerID: AccountID) async throws -> (lists: [TaskList], tasks: [TaskItem]) {
        let lists = try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.listColumns) FROM lists
            WHERE owner_id = \(ownerID.uuid) AND deleted_at IS NOT NULL ORDER BY deleted_at DESC, id
            """, PostgresRows.list)
        let tasks = try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t
            WHERE t.owner_id = \(ownerID.uuid) AND t.deleted_at IS NOT NULL AND t.trashed_with = t.id::text
            ORDER BY t.deleted_at DESC, t.id
            """, PostgresRows.task)
        return (lists, tasks)
    }

    public func expiredTrash(before cutoff: Timestamp, limit: Int) async throws
        -> (lists: [TaskList], tasks: [TaskItem])
    {
        let lists = try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.listColumns) FROM lists
            WHERE deleted_at IS NOT NULL AND deleted_at < \(cutoff.milliseconds) ORDER BY deleted_at, id LIMIT \(limit)
            """, PostgresRows.list)
        let tasks = try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t
            WHERE t.deleted_at IS NOT NULL AND t.deleted_at < \(cutoff.milliseconds) ORDER BY t.deleted_at, t.id
            LIMIT \(limit)
            """, PostgresRows.task)
        return (lists, tasks)
    }

    public func changes(accountID: AccountID, after sequence: Int64, limit: Int) async throws -> [Change] {
        try await fetchAll(
            """
            SELECT account_id, seq, entity, entity_id, kind, at, actor_id, list_id FROM changes
            WHERE account_id = \(accountID.uuid) AND seq > \(sequence) ORDER BY seq LIMIT \(limit)
            """, PostgresRows.change)
    }

    public func feedBounds(accountID: AccountID) async throws -> (floor: Int64, latest: Int64) {
        try await fetchOne("SELECT feed_floor, change_seq FROM accounts WHERE id = \(accountID.uuid)") {
            (floor: try $0["feed_floor"] as Int64, latest: try $0["change_seq"] as Int64)
        } ?? (0, 0)
    }

    /// Account by account, so that no transaction holds many rows: what is older than `cutoff` goes, and the
    /// floor rises to the last sequence that went.
    @_spi(StoreWriting) public func purgeFeed(before cutoff: Timestamp, limit: Int) async throws -> Int {
        let accounts = try await fetchAll("SELECT id, feed_floor FROM accounts") {
            (try $0.id("id") as AccountID, try $0["feed_floor"] as Int64)
        }
        var purged = 0
        for (account, floor) in accounts where purged < limit {
            let due =
                try await fetchOne(
                    """
                    SELECT max(seq) AS seq FROM changes
                    WHERE account_id = \(account.uuid) AND seq > \(floor) AND at < \(cutoff.milliseconds)
                    """
                ) { try $0["seq"] as Int64? } ?? nil
            guard due != nil else { continue }
            let rows = try await client.withTransaction(logger: logger) { connection -> [PostgresRecord] in
                let writer = PostgresWriter(connection: connection, logger: logger, channel: channel)
                return try await writer.fetch(
                    """
                    WITH newest AS (
                        SELECT max(seq) AS seq FROM changes
                        WHERE account_id = \(account.uuid) AND seq > \(floor) AND at < \(cutoff.milliseconds)
                    ), gone AS (
                        DELETE FROM changes c USING newest
                        WHERE c.account_id = \(account.uuid) AND c.seq <= newest.seq RETURNING 1
                    ), raised AS (
                        UPDATE accounts a SET feed_floor = newest.seq FROM newest
                        WHERE a.id = \(account.uuid) AND newest.seq IS NOT NULL AND a.feed_floor < newest.seq
                        RETURNING 1
                    )
                    SELECT (SELECT count(*) FROM gone) AS purged
                    """)
            }
            purged += Int(try rows.first?["purged"] as Int64? ?? 0)
        }
        return purged
    }

    public func latestSequence(accountID: AccountID) async throws -> Int64 {
        try await fetchOne("SELECT change_seq FROM accounts WHERE id = \(accountID.uuid)") {
            try $0["change_seq"] as Int64
        } ?? 0
    }

    public func ping() async throws {
        _ = try await fetchOne("SELECT 1 AS one") { try $0["one"] as Int32 }
    }

    public func close() async throws {
        guard
            let task = ownedRun.withLock({ task in
                defer { task = nil }; return task
            })
        else { return }
        task.cancel()
        await task.value
    }
}

/// Whether a write got its connection and began (then it is not abandoned when the server is found down).
final class LeaseFlag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
