import DoableCore
import DoableDomain
import DoableServer
import DoableDelivery
@_spi(StoreWriting) import DoableStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
@testable import DoableHTTP

/// A storage engine the API tests run against: SQLite always; PostgreSQL when scripts/with-postgres.sh gives a
/// server (DOABLE_TEST_DATABASE_URL), and then required with DOABLE_REQUIRE_POSTGRES=1.
enum APIEngine: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["DOABLE_TEST_DATABASE_URL"]
        return url?.isEmpty == false ? url : nil
    }()

    static let isPostgresRequired = ProcessInfo.processInfo.environment["DOABLE_REQUIRE_POSTGRES"] == "1"

    static let available: [APIEngine] = postgresURL != nil || isPostgresRequired ? [.sqlite, .postgres] : [.sqlite]

    static let logger: Logger = {
        var logger = Logger(label: "doable.api.tests")
        logger.logLevel = .warning
        return logger
    }()
}

struct NoTestDatabase: Error, CustomStringConvertible {
    var description: String {
        "DOABLE_REQUIRE_POSTGRES=1 but DOABLE_TEST_DATABASE_URL is not set: "
            + "run the tests through scripts/with-postgres.sh"
    }
}

/// A fresh Doable on one engine for one test: SQLite in a temporary folder, or a schema of its own on the
/// PostgreSQL server (left behind in the throwaway cluster of scripts/with-postgres.sh).
struct EngineServer {
    let store: any Store
    let domain: Domain
    let limiter = SignInLimiter(limits: .init())
    private let directory: URL?

    /// MKT-12: the map and address search the router is given (none unless a test sets them).
    var marketMap = MarketMapSettings()

    private init(
        store: any Store, directory: URL?, clock: @escaping @Sendable () -> Timestamp, currency: CurrencyCode = .euro,
        policy: AccountPolicy = AccountPolicy()
    ) {
        self.store = store
        self.directory = directory
        domain = Domain(
            store: store, passwords: PasswordHasher(cost: 4), clock: clock, currency: currency, accountPolicy: policy)
    }

    static func make(
        _ engine: APIEngine, clock: @escaping @Sendable () -> Timestamp = { .now }, currency: CurrencyCode = .euro,
        policy: AccountPolicy = AccountPolicy()
    ) async throws -> EngineServer {
        switch engine {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("doable-api-test-\(UUID().uuidString)")
            return EngineServer(
                store: try SQLiteStore(directory: directory), directory: directory, clock: clock, currency: currency,
                policy: policy)
        case .postgres:
            guard let server = APIEngine.postgresURL else { throw NoTestDatabase() }
            var components = try #require(URLComponents(string: server))
            let schema = "doable_api_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            components.queryItems =
                (components.queryItems ?? []) + [
                    URLQueryItem(name: "schema", value: schema), URLQueryItem(name: "pool_size", value: "4"),
                ]
            let store = try await PostgresStore.connect(url: try #require(components.string), logger: APIEngine.logger)
            return EngineServer(store: store, directory: nil, clock: clock, currency: currency, policy: policy)
        }
    }

    /// Runs `body` against the router, then closes the store (and removes the SQLite folder).
    func run(_ body: @Sendable (APIClient) async throws -> Void) async throws {
        let app = Application(router: buildRouter(domain: domain, limiter: limiter, marketMap: marketMap))
        do {
            try await app.test(.router) { client in try await body(APIClient(client: client)) }
        } catch {
            await close()
            throw error
        }
        await close()
    }

    private func close() async {
        try? await store.close()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    static func run(
        _ engine: APIEngine, clock: @escaping @Sendable () -> Timestamp = { .now }, currency: CurrencyCode = .euro,
        marketMap: MarketMapSettings = MarketMapSettings(), policy: AccountPolicy = AccountPolicy(),
        _ body: @Sendable (APIClient, EngineServer) async throws -> Void
    ) async throws {
        var made = try await make(engine, clock: clock, currency: currency, policy: policy)
        made.marketMap = marketMap
        let server = made
        try await server.run { api in try await body(api, server) }
    }
}

/// A response whose body is kept as bytes (a photo).
struct RawResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let bytes: [UInt8]
}

extension APIClient {
    /// Sends `bytes` as the body (a photo) and parses the JSON answer.
    @discardableResult
    func upload(_ path: String, token: String?, bytes: [UInt8], contentType: String? = "image/png") async throws
        -> APIResponse
    {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let contentType { headers[.contentType] = contentType }
        return try await client.execute(
            uri: path, method: .post, headers: headers,
            body: ByteBuffer(bytes: bytes)
        ) { response in
            let data = Data(response.body.readableBytesView)
            let json = data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return APIResponse(status: response.status, headers: response.headers, json: json)
        }
    }

    /// A GET whose answer is kept as bytes.
    func fetch(_ path: String, token: String?) async throws -> RawResponse {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: path, method: .get, headers: headers) { response in
            RawResponse(
                status: response.status, headers: response.headers,
                bytes: Array(response.body.readableBytesView))
        }
    }

    /// The caller's account id.
    func accountID(_ token: String) async throws -> String {
        try await call(.get, "/api/v1/me", token: token).string("id")
    }
}

/// Photos as their first bytes say (TASK-11): the rest of the bytes is never decoded.
enum TestPhoto {
    static func png(_ size: Int = 200) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x2A, count: max(0, size - 8))
    }

    static func jpeg(_ size: Int = 200) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x11, count: max(0, size - 4))
    }

    static let html = Array("<!doctype html><html><script>alert(1)</script></html>".utf8)
}
