import DoableClient
import DoableCore
import Foundation
import Testing

/// SYNC-3: the replica is a file that outlives the process.
@Suite struct PersistenceTests {
    @Test("SYNC-3: reopening the file keeps the client id, the pending mutations, the cursor and the clock")
    func survivesReopen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("replica.sqlite").path
        let server = FakeServer()
        let clock = TestClock()

        let first = try Replica(path: path, clock: clock.reading)
        try await SyncEngine(replica: first, server: server, clock: clock.reading).sync()
        let task = try first.createTask(TaskDraft(title: "Survives"))
        let (clientID, cursor) = (first.clientID, try first.cursor())
        let lastHLC = try #require(try first.pendingMutations().last?.hlc)
        try first.close()

        clock.now = Timestamp(milliseconds: clock.now.milliseconds - 60_000)
        let reopened = try Replica(path: path, clock: clock.reading)
        #expect(reopened.clientID == clientID)
        #expect(try reopened.cursor() == cursor)
        #expect(try reopened.pendingCount() == 1)
        #expect(try reopened.task(id: task.id)?.title == "Survives")
        #expect(try reopened.account()?.username == "ada")
        let next = try reopened.createTask(TaskDraft(title: "After"))
        let mutations = try reopened.pendingMutations()
        #expect(mutations.map(\.id) == [1, 2])
        #expect(mutations[1].hlc > lastHLC)

        let report = try await SyncEngine(replica: reopened, server: server, clock: clock.reading).sync()
        #expect(report.pushed == 2)
        #expect(await server.tasks[next.id] != nil)
        try reopened.close()
    }

    @Test("logging out forgets everything and takes a new client id")
    func clearAll() async throws {
        let device = try await Device.synced(with: FakeServer())
        try device.replica.createTask(TaskDraft(title: "Gone"))
        let before = device.replica.clientID
        try device.replica.clearAll()
        #expect(device.replica.clientID != before)
        #expect(try device.replica.account() == nil)
        #expect(try device.replica.pendingCount() == 0)
        #expect(try device.replica.cursor() == nil)
        #expect(try device.titles().isEmpty)
    }
}
