import DoableCore
@_spi(StoreWriting) @testable import DoableStore
import Foundation
import PostgresNIO
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

/// Q-3 and issue 32, item 3: the plans PostgreSQL chooses for the reads every page makes, on a table with the shape
/// of a real one (many accounts, lists of hundreds of tasks) and statistics gathered.
extension StoreConformanceTests {
    @Test(.enabled(if: hasPostgres))
    func Q3_aPageOfAListWalksARankIndexAndStopsInsteadOfSortingTheList() async throws {
        try await TestDatabase.withFreshDatabase { url in
            let store = try await PostgresStore.connect(url: url, logger: Engine.logger)
            do {
                var pageOf: TaskQuery?
                for name in ["ada", "bob", "cy", "dee"] {
                    let (account, _) = try await store.register(name)
                    for number in 0..<3 {
                        let list = makeList(account, "List \(number)", rank: "a\(number)")
                        let tasks = (0..<400).map { makeTask(in: list, "Task \($0)", rank: "b\(1000 + $0)") }
                        _ = try await store.commit(WriteBatch([.putList(list)] + tasks.map { .putTask($0) }))
                        var query = TaskQuery(ownerID: account.id)
                        query.listID = list.id
                        query.limit = 51
                        pageOf = query
                    }
                }
                _ = try await store.fetchAll("ANALYZE tasks") { _ in () }
                let statement = try PostgresStore.statement(matching: try #require(pageOf))
                let plan = try await store.fetchAll(
                    PostgresQuery(unsafeSQL: "EXPLAIN " + statement.sql, binds: statement.binds)
                ) { try $0["QUERY PLAN"] as String }.joined(separator: "\n")
                // Either rank index gives the page in order: the list's, or the owner's with the list as a filter
                // (every list ranks its tasks alike, so that reads a few rows per row of the page).
                #expect(
                    plan.contains("Index Scan using tasks_list_rank") || plan.contains("Index Scan using tasks_owner_rank"),
                    "\(plan)")
                #expect(!plan.contains("Sort") && !plan.contains("Bitmap"), "the page read the whole list and sorted it:\n\(plan)")
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
    }
}
