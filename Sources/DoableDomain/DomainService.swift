@_spi(StoreWriting) import DoableStore
import DoableCore

/// Issue 28: a feature's operations (`MarketService`, …) over the one shared core, `Domain`: its store, clock,
/// notifier and `perform` path. A service reads and writes only through the core, so every change still commits
/// one batch with its feed entries and is signalled after the commit.
protocol DomainService: Sendable {
    var domain: Domain { get }
}

extension DomainService {
    var store: any Store { domain.store }
    var clock: @Sendable () -> Timestamp { domain.clock }

    func perform<Result: Sendable>(
        by actor: AccountID?, _ prepare: () async throws -> (WriteBatch, Result)
    ) async throws -> Result {
        try await domain.perform(by: actor, prepare)
    }

    func serialized<Result: Sendable>(posting id: PostingID, _ body: () async throws -> Result) async throws -> Result {
        try await domain.serialized(posting: id, body)
    }

    func requireAdmin(_ identity: Identity?) throws { try domain.requireAdmin(identity) }

    func usernames(_ ids: [AccountID]) async throws -> [AccountID: String] { try await domain.usernames(ids) }

    func require(version: Int64, expected: Int64?, of noun: String) throws {
        try domain.require(version: version, expected: expected, of: noun)
    }
}
