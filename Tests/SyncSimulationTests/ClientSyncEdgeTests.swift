import DoableClient
import DoableCore
import DoableDomain
import DoableServer
import DoableStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import DoableHTTP

/// Issue 34, through the real router and the client library: a device with a read-only token still brings the
/// server's changes and keeps its own, saying why they did not go; a reminder edited offline reaches the server.
@Suite("Client sync edge cases")
struct ClientSyncEdgeTests {
    /// A server on a fresh SQLite store in a temporary folder, and a signed-in member "ann".
    static func withServer(_ body: @Sendable (any TestClientProtocol, String, SimulatedClock) async throws -> Void)
        async throws
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doable-edge-\(UUID())")
        let store = try SQLiteStore(directory: directory)
        let clock = SimulatedClock(start: .now)
        let domain = Domain(store: store, passwords: PasswordHasher(cost: 4), clock: { clock.now })
        var logger = Logger(label: "edge")
        logger.logLevel = .error
        let app = Application(router: buildRouter(domain: domain, limiter: SignInLimiter()), logger: logger)
        do {
            try await app.test(.router) { client in
                let answer = try await SimulationSetup.call(
                    client, .post, "/api/v1/accounts", token: nil,
                    [
                        "email": "ann@example.com", "password": "correct horse", "username": "ann",
                        "firstName": "Ann", "lastName": "Edge",
                    ])
                try await body(client, answer["token"] as? String ?? "", clock)
            }
        } catch {
            try? await store.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        try? await store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    static func engine(_ client: any TestClientProtocol, token: String, clock: SimulatedClock) throws
        -> (Replica, SyncEngine)
    {
        let network = SimulatedNetwork(seed: 1)
        network.heal()
        let replica = try Replica.inMemory(clock: { clock.now })
        let server = RouterSyncServer(
            device: 0, token: token, client: client, network: network, oracle: SyncOracle(),
            clock: clock)
        return (replica, SyncEngine(replica: replica, server: server, clock: { clock.now }))
    }

    @Test func SYNC3_aReadOnlyTokenPullsAnywayAndKeepsTheRefusedChanges() async throws {
        try await Self.withServer { client, session, clock in
            _ = try await SimulationSetup.call(client, .post, "/api/v1/tasks", token: session, ["title": "From the web"])
            let issued = try await SimulationSetup.call(
                client, .post, "/api/v1/tokens", token: session,
                ["name": "Laptop", "scope": "read"])
            let readOnly = try #require(issued["secret"] as? String)
            let (replica, engine) = try Self.engine(client, token: readOnly, clock: clock)
            _ = try await engine.sync()
            try replica.createTask(TaskDraft(title: "Thought of offline"))
            _ = try await SimulationSetup.call(client, .post, "/api/v1/tasks", token: session, ["title": "Also web"])

            let report = try await engine.sync()
            #expect(report.pushRefused?.contains("only read") == true, "\(report)")
            #expect(report.pulled >= 1 && report.pending == 1, "\(report)")
            #expect(Set(try replica.tasks().map(\.title)) == ["From the web", "Also web", "Thought of offline"])
            let server = try await SimulationSetup.call(client, .get, "/api/v1/tasks", token: session, nil)
            #expect(
                Set((server["tasks"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? [])
                    == ["From the web", "Also web"])
        }
    }

    @Test func NOTIF1_SYNC1_aReminderEditedOfflineReachesTheServer() async throws {
        try await Self.withServer { client, session, clock in
            let (replica, engine) = try Self.engine(client, token: session, clock: clock)
            _ = try await engine.sync()
            let task = try replica.createTask(TaskDraft(title: "Call the plumber", due: TaskDate("2030-03-01")))
            let reminder = try replica.createReminder(taskID: task.id, at: Timestamp(rfc3339: "2030-02-28T09:00:00Z")!)
            _ = try await engine.sync()

            let later = Timestamp(rfc3339: "2030-02-28T18:30:00Z")!
            try replica.updateReminder(reminder.id, at: later)
            #expect(try replica.reminders(taskID: task.id).first?.at == later, "shown at once on the device")
            var report = try await engine.sync()
            #expect(report.rejected.isEmpty && report.pending == 0, "\(report)")
            var stored = try await SimulationSetup.call(
                client, .get, "/api/v1/tasks/\(task.id)/reminders",
                token: session, nil)
            var first = (stored["reminders"] as? [[String: Any]])?.first
            #expect(first?["at"] as? String == "2030-02-28T18:30:00.000Z", "\(stored)")

            try replica.updateReminder(reminder.id, relativeTo: .due, offsetMinutes: -120)
            try replica.setReminderSilenced(reminder.id, true)
            report = try await engine.sync()
            #expect(report.rejected.isEmpty, "\(report)")
            stored = try await SimulationSetup.call(
                client, .get, "/api/v1/tasks/\(task.id)/reminders", token: session,
                nil)
            first = (stored["reminders"] as? [[String: Any]])?.first
            #expect(
                first?["relativeTo"] as? String == "due" && first?["offsetMinutes"] as? Int == -120
                    && first?["silenced"] as? Bool == true, "\(stored)")
        }
    }
}
