import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

/// What only the PostgreSQL engine has: URLs, schemas and several processes starting at once (OPS-1, OPS-2).
extension StoreConformanceTests {
    static let hasPostgres = Engine.available.contains(.postgres)

    @Test
    func OPS1_postgresURLIsParsedLikeLibpq() throws {
        let url = try PostgresURL(
            "postgresql://app%40corp:p%3As%2Fw@db.example.com:6543/doable?sslmode=require&schema=tenant_1")
        #expect(url.username == "app@corp")
        #expect(url.password == "p:s/w")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6543)
        #expect(url.database == "doable")
        #expect(url.tlsMode == .require)
        #expect(url.schema == "tenant_1")

        let minimal = try PostgresURL("postgres://doable@localhost")
        #expect(minimal.port == 5432)
        #expect(minimal.database == "doable")
        #expect(minimal.password == nil)
        #expect(minimal.tlsMode == .prefer)
        #expect(minimal.schema == nil)
        #expect(minimal.poolSize == 10 && minimal.clientConfiguration.options.maximumConnections == 11)
        let pooled = try PostgresURL("postgres://doable@localhost/doable?pool_size=4")
        #expect(pooled.clientConfiguration.options.maximumConnections == 5, "pool_size queries and one feed listener")
        #expect("\(pooled)".hasSuffix("pool_size=4"))

        let socket = try PostgresURL("postgres://doable@/doable?host=/var/run/postgresql")
        #expect(socket.unixSocketDirectory == "/var/run/postgresql")
        #expect(socket.clientConfiguration.unixSocketPath == "/var/run/postgresql/.s.PGSQL.5432")

        for invalid in [
            "mysql://u@h/db", "postgres://h/db", "postgres://u@h/db?sslmode=maybe",
            "postgres://u@h/db?schema=Bad-Name", "postgres://u@h:0/db", "postgres://u@h/db?pool_size=0",
            "postgres://u@h/db?pool_size=lots",
        ] {
            #expect(throws: PostgresURL.Invalid.self, "\(invalid)") { try PostgresURL(invalid) }
        }
        let refusal = #expect(throws: PostgresURL.Invalid.self) {
            try PostgresURL("postgres://u:hunter2@h/db?sslmode=bogus")
        }
        #expect(refusal?.description.contains("hunter2") == false)
        #expect(!"\(url)".contains("p:s/w") && !"\(url)".contains("p%3As%2Fw"))
        #expect("\(url)" == "postgres://app%40corp:***@db.example.com:6543/doable?sslmode=require&schema=tenant_1")
    }

    @Test(.enabled(if: hasPostgres))
    func OPS2_concurrentStartsMigrateOnceAndShareTheData() async throws {
        try await TestDatabase.withFreshDatabase { url in
            let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await PostgresStore.connect(url: url, logger: Engine.logger) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            do {
                let (ada, _) = try await stores[0].register("ada")
                let seenByLast = try await stores[3].account(login: "ADA")
                #expect(seenByLast == ada)
                // Starting again over a migrated database changes nothing.
                let again = try await PostgresStore.connect(url: url, logger: Engine.logger)
                let seenAgain = try await again.account(id: ada.id)
                try await again.close()
                #expect(seenAgain == ada)
            } catch {
                for store in stores { try? await store.close() }
                throw error
            }
            for store in stores { try await store.close() }
        }
    }

    @Test(.enabled(if: hasPostgres))
    func OPS1_schemaOptionKeepsInstancesApartInOneDatabase() async throws {
        try await TestDatabase.withFreshDatabase { url in
            let first = try await PostgresStore.connect(url: withSchema(url, "tenant_a"), logger: Engine.logger)
            let second = try await PostgresStore.connect(url: withSchema(url, "tenant_b"), logger: Engine.logger)
            do {
                let (adaA, _) = try await first.register("ada")
                let (adaB, _) = try await second.register("ada")
                let inA = try await first.account(login: "ada")
                let inB = try await second.account(login: "ada")
                let crossed = try await first.account(id: adaB.id)
                #expect(inA == adaA)
                #expect(inB == adaB)
                #expect(crossed == nil)
            } catch {
                try? await first.close()
                try? await second.close()
                throw error
            }
            try await first.close()
            try await second.close()
        }
    }

    func withSchema(_ url: String, _ schema: String) throws -> String {
        var components = try #require(URLComponents(string: url))
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "schema", value: schema)]
        return try #require(components.string)
    }
}
