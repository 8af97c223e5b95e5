import DoableCore
import Dispatch
import GRDB
import GRDBSQLite

/// A time limit for one SQLite read (issue 10, finding 19), through SQLite's progress handler: every thousand
/// virtual-machine steps SQLite asks whether to go on, and past the deadline the answer is no, which ends the
/// statement with SQLITE_INTERRUPT. The handler is set on the connection for the read and removed after it.
final class SQLiteQueryDeadline: @unchecked Sendable {
    /// Read and written only on the connection's queue, inside `run`.
    private var isExpired = false
    private let deadline: UInt64

    private init(timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        deadline = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
    }

    /// Runs `body` on `db` with a time limit; an interrupted statement past the deadline becomes
    /// `StoreError.timedOut`.
    static func run<T>(_ db: Database, timeout: Duration, _ body: () throws -> T) throws -> T {
        let limit = SQLiteQueryDeadline(timeout: timeout)
        let connection = db.sqliteConnection
        sqlite3_progress_handler(
            connection, 1_000,
            { context in
                let limit = Unmanaged<SQLiteQueryDeadline>.fromOpaque(context!).takeUnretainedValue()
                guard DispatchTime.now().uptimeNanoseconds >= limit.deadline else { return 0 }
                limit.isExpired = true
                return 1
            }, Unmanaged.passUnretained(limit).toOpaque())
        defer { sqlite3_progress_handler(connection, 0, nil, nil) }
        do {
            return try withExtendedLifetime(limit) { try body() }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT && limit.isExpired {
            throw StoreError.timedOut
        }
    }

    /// Runs a read, turning an interruption by cancellation into `CancellationError`.
    static func mapping<T>(_ read: () async throws -> T) async throws -> T {
        do {
            return try await read()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw CancellationError()
        }
    }
}
