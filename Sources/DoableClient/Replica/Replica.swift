public import DoableCore
public import Foundation
import GRDB

/// SYNC-3, SYNC-4: the device's copy of everything its account sees, in one SQLite file (GRDB).
///
/// It keeps the state at the last pulled cursor (the *base*), the *outbox* of changes made here and not yet shown
/// back by a pull, the rejections the server reported, and a little metadata (the client id, the cursor, the hybrid
/// clock). Every read returns the base with the pending changes replayed on top, the way the server will apply
/// them, so a change shows at once and never flickers away while it is on its way. The base changes only by pulls
/// (through ``SyncEngine``).
///
/// Every method is synchronous and safe to call from any thread; a local change is one short write transaction.
public final class Replica: Sendable {
    let database: any DatabaseWriter
    /// The wall clock: what the hybrid clock ticks from, and what new ids are made at.
    let now: @Sendable () -> Timestamp
    private let identity: LockedValue<UUID>
    let cache = ReplicaCache()

    /// The device's client id: made when the replica file is created and kept with it (a new one after
    /// ``clearAll()``, since a client id belongs to the account that first pushed with it).
    public var clientID: UUID { identity.value }

    /// Opens (or creates) the replica file at `path`, with concurrent reads (WAL). `clock` is the wall clock; tests
    /// and simulations inject their own.
    public convenience init(path: String, clock: @escaping @Sendable () -> Timestamp = { .now }) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "DoableClient.Replica"
        try self.init(database: try DatabasePool(path: path, configuration: configuration), clock: clock)
    }

    /// A replica that lives in memory only, for tests and previews.
    public static func inMemory(clock: @escaping @Sendable () -> Timestamp = { .now }) throws -> Replica {
        try Replica(database: try DatabaseQueue(), clock: clock)
    }

    init(database: any DatabaseWriter, clock: @escaping @Sendable () -> Timestamp) throws {
        try ReplicaSchema.migrator.migrate(database)
        let clientID = try database.write { db in try Meta.clientID(db) }
        self.database = database
        self.now = clock
        self.identity = LockedValue(clientID)
    }

    /// Closes the file. The replica must not be used afterwards.
    public func close() throws {
        try database.close()
    }

    /// Logs out: forgets everything the replica holds, pending changes included, and takes a new client id.
    public func clearAll() throws {
        let newID = try database.write { db in
            for table in ReplicaSchema.allTables { try db.execute(sql: "DELETE FROM \(table)") }
            return try Meta.clientID(db)
        }
        cache.clear()
        identity.value = newID
    }
}

/// A value shared between threads behind a lock.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Reads and changes the value in one step.
    func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&stored) }
    }
}
