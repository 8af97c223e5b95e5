@_spi(StoreWriting) import DoableStore
import Foundation
import Logging
import PostgresNIO
import Testing

/// A storage engine the conformance suite runs against. Every test gets a fresh, empty store of its engine.
enum Engine: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// A `postgres://` URL to a server where the user may `CREATE DATABASE` (scripts/with-postgres.sh sets one).
    static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["DOABLE_TEST_DATABASE_URL"]
        return url?.isEmpty == false ? url : nil
    }()

    /// DOABLE_REQUIRE_POSTGRES=1: a missing DOABLE_TEST_DATABASE_URL fails the PostgreSQL cases instead of
    /// skipping them, so CI cannot pass without having run them.
    static let isPostgresRequired = ProcessInfo.processInfo.environment["DOABLE_REQUIRE_POSTGRES"] == "1"

    /// SQLite always; PostgreSQL when a server is configured (or required).
    static let available: [Engine] = postgresURL != nil || isPostgresRequired ? [.sqlite, .postgres] : [.sqlite]

    static let logger: Logger = {
        var logger = Logger(label: "doable.store.tests")
        logger.logLevel = .warning
        return logger
    }()
}

struct MissingTestDatabase: Error, CustomStringConvertible {
    var description: String {
        "DOABLE_REQUIRE_POSTGRES=1 but DOABLE_TEST_DATABASE_URL is not set: "
            + "run the tests through scripts/with-postgres.sh"
    }
}

/// Runs `body` with a fresh store of `engine`, then closes it and deletes its data, whether `body` threw or not.
/// `queryTimeout` is the store's time limit for one query.
func withStore(
    _ engine: Engine, queryTimeout: Duration = StoreLimits.defaultQueryTimeout,
    _ body: (any Store) async throws -> Void
) async throws {
    switch engine {
    case .sqlite:
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("doable-store-tests-\(UUID().uuidString.lowercased())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory, queryTimeout: queryTimeout)
        try await run(body, closing: store)
    case .postgres:
        try await TestDatabase.withFreshDatabase { url in
            let store = try await PostgresStore.connect(url: url, queryTimeout: queryTimeout, logger: Engine.logger)
            try await run(body, closing: store)
        }
    }
}

/// Closes `store` after `body` (an open SQLite pool that is dropped crashes debug test runs).
private func run(_ body: (any Store) async throws -> Void, closing store: any Store) async throws {
    do {
        try await body(store)
    } catch {
        try? await store.close()
        throw error
    }
    try await store.close()
}

/// Databases created for one test each on the server at DOABLE_TEST_DATABASE_URL, and dropped after it.
enum TestDatabase {
    static func withFreshDatabase(_ body: (String) async throws -> Void) async throws {
        guard let serverURL = Engine.postgresURL else { throw MissingTestDatabase() }
        let name = "doable_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await administer(serverURL) { client in
            // A linguistic default collation, as production servers usually have (en_US.UTF-8), so the suite
            // notices an ORDER BY or comparison that depends on it; plain CREATE DATABASE where ICU is missing.
            do {
                try await client.query(
                    """
                    CREATE DATABASE \(unescaped: name) TEMPLATE template0 ENCODING 'UTF8'
                    LOCALE_PROVIDER icu ICU_LOCALE 'en-US'
                    """, logger: Engine.logger)
            } catch {
                try await client.query("CREATE DATABASE \(unescaped: name)", logger: Engine.logger)
            }
        }
        var components = try #require(URLComponents(string: serverURL))
        components.path = "/" + name
        let url = try #require(components.string)
        do {
            try await body(url)
        } catch {
            try? await drop(name, serverURL: serverURL)
            throw error
        }
        try await drop(name, serverURL: serverURL)
    }

    static func drop(_ name: String, serverURL: String) async throws {
        try await administer(serverURL) { client in
            try await client.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)", logger: Engine.logger)
        }
    }

    /// Runs `body` with a client connected to the server's maintenance database (the URL's own).
    static func administer(_ serverURL: String, _ body: (PostgresClient) async throws -> Void) async throws {
        let client = PostgresClient(configuration: try PostgresURL(serverURL).clientConfiguration)
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await body(client)
    }
}
