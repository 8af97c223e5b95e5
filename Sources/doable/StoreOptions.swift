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

    /// A store ready for use, for the admin tools: they close it themselves.
    func openStore(logger: Logger) async throws -> any Store {
        if !databaseURL.isEmpty {
            return try await PostgresStore.connect(url: databaseURL, logger: logger)
        }
        return try SQLiteStore(directory: URL(fileURLWithPath: dataDir))
    }

    /// A store for a server, which runs it as its first service and prepares it before serving.
    func storeForServer(logger: Logger) throws -> any Store {
        if !databaseURL.isEmpty {
            return PostgresStore(url: try PostgresURL(databaseURL), logger: logger)
        }
        return try SQLiteStore(directory: URL(fileURLWithPath: dataDir))
    }
}
