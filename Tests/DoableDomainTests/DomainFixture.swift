import DoableCore
import DoableDomain
import DoableStore
import Foundation
import Testing

/// A domain on a fresh SQLite store of its own, at a fixed moment: domain operations called directly, no HTTP in
/// between (issue 28). The engines themselves are checked by StoreConformanceTests.
final class DomainFixture: Sendable {
    let domain: Domain
    let store: SQLiteStore
    let directory: URL
    /// The moment every operation happens at.
    let now: Timestamp

    init() throws {
        let base =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        directory = base.appendingPathComponent("doable-domain-\(UUID())")
        store = try SQLiteStore(directory: directory)
        let now = Timestamp(milliseconds: 1_795_000_000_000)
        self.now = now
        domain = Domain(store: store, passwords: PasswordHasher(cost: 4), clock: { now })
    }

    /// Runs `body`, then closes the store and removes its folder.
    static func run(_ body: (DomainFixture) async throws -> Void) async throws {
        let fixture = try DomainFixture()
        let outcome: Result<Void, any Error>
        do { outcome = .success(try await body(fixture)) } catch { outcome = .failure(error) }
        try await fixture.store.close()
        try? FileManager.default.removeItem(at: fixture.directory)
        try outcome.get()
    }

    /// A member signed in with a session, as `POST /api/v1/accounts` makes one.
    func member(_ username: String) async throws -> Identity {
        var registration = Registration(email: "\(username)@example.com", password: "correct horse", username: username)
        registration.firstName = username.capitalized
        registration.lastName = "Domain"
        let (_, issued) = try await domain.accounts.register(registration)
        return try #require(try await domain.accounts.authenticate(secret: issued.secret))
    }

    /// The member's feed after `cursor`.
    func changes(_ identity: Identity, after cursor: Int64 = 0) async throws -> [Change] {
        guard case .changes(let changes, _) = try await domain.feed(identity, after: cursor, limit: 1_000) else {
            return []
        }
        return changes
    }
}
