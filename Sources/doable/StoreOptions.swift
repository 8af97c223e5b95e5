import ArgumentParser
import DoableStore
import Foundation
import Logging

/// Where the data lives: an embedded SQLite database in a folder, or PostgreSQL.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "Folder of the embedded SQLite database (env DOABLE_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["DOABLE_DATA_DIR"] ?? "./doable-data"

    @Option(name: .long, help: "postgres://user:password@host:port/database to use PostgreSQL (env DOABLE_DATABASE_URL).")
    var databaseURL: String = ProcessInfo.processInfo.environment["DOABLE_DATABASE_URL"] ?? ""

    @Option(name: .long, help: "Seconds one database query may run before it is stopped (env DOABLE_QUERY_TIMEOUT).")
    var queryTimeout: Double = ProcessInfo.processInfo.environment["DOABLE_QUERY_TIMEOUT"].flatMap(Double.init) ?? 5

    func validate() throws {
        guard queryTimeout > 0, queryTimeout <= 3_600 else {
            throw ValidationError("--query-timeout must be more than 0 and at most 3600 seconds.")
        }
    }

    /// Where the data is, for messages (without a password).
    var targetDescription: String {
        if databaseURL.isEmpty { return "the SQLite database in \(dataDir)" }
        if let url = try? PostgresURL(databaseURL) { return "PostgreSQL at \(url.description)" }
        return "PostgreSQL"
    }

    var queryTimeLimit: Duration { .milliseconds(Int64((queryTimeout * 1_000).rounded(.up))) }

    /// A store ready for use, for the admin tools: they close it themselves.
    func openStore(logger: Logger) async throws -> any Store {
        if !databaseURL.isEmpty {
            return try await PostgresStore.connect(url: databaseURL, queryTimeout: queryTimeLimit, logger: logger)
        }
        return try SQLiteStore(directory: URL(fileURLWithPath: dataDir), queryTimeout: queryTimeLimit)
    }

    /// A store for a server, which runs it as its first service and prepares it before serving.
    /// PostgreSQL's settings are checked as the server starts unless `allowUnsafeDurability`.
    func storeForServer(logger: Logger, allowUnsafeDurability: Bool = false) throws -> any Store {
        if !databaseURL.isEmpty {
            let store = PostgresStore(url: try PostgresURL(databaseURL), queryTimeout: queryTimeLimit, logger: logger)
            store.requiresDurableSettings = !allowUnsafeDurability
            return store
        }
        return try SQLiteStore(directory: URL(fileURLWithPath: dataDir), queryTimeout: queryTimeLimit)
    }
}
