import DoableClient
import DoableCore
import Foundation
import Testing

/// SYNC-3, SYNC-4: pushing the outbox and pulling from the cursor against a fake server.
@Suite struct SyncTests {
    @Test("SYNC-4: a first sync is a reset that brings the account, its Inbox and its tasks")
    func firstSync() async throws {
        let server = FakeServer()
        await server.addTask(title: "From the web")
        let device = try Device.unsynced(with: server)
        let report = try await device.engine.sync()
        #expect(report.reset)
        #expect(report.pulled == 3)
        #expect(try device.replica.account()?.username == "ada")
        #expect(try device.replica.account()?.preferences.timeZone == "Europe/Berlin")
        #expect(try device.titles() == ["From the web"])
        #expect(try device.replica.cursor() != nil)
        #expect(try device.replica.lastSyncAt() == device.clock.now)
    }

    @Test("SYNC-3, SYNC-4: a sync pushes the pending changes, pulls them back, and empties the outbox")
    func pushAndPull() async throws {
        let server = FakeServer()
        let device = try await Device.synced(with: server)
        let task = try device.replica.createTask(TaskDraft(title: "Write report"))
        try device.replica.completeTask(task.id)
        let report = try await device.engine.sync()
        #expect(report.pushed == 2 && report.rejected.isEmpty && report.pending == 0 && !report.reset)
        #expect(try device.replica.pendingCount() == 0)
        let shown = try #require(try device.replica.task(id: task.id))
        #expect(shown.isCompleted && shown.version == 2)
        #expect(await server.tasks[task.id]?.status == .completed)

        let other = try await Device.synced(with: server)
        #expect(try other.titles() == ["Write report"])
    }

    @Test("SYNC-4: pushed mutations stay in the outbox until the pull that shows them has completed")
    func outboxDroppedAfterCompletedPull() async throws {
        let server = FakeServer()
        let device = try await Device.synced(with: server)
        try device.replica.createTask(TaskDraft(title: "One"))
        try device.replica.createTask(TaskDraft(title: "Two"))
        await server.update {
            $0.pageLimit = 1
            $0.pullPagesBeforeFailure = $0.pullPagesServed + 1
        }
        await #expect(throws: ClientError.self) { try await device.engine.sync() }
        #expect(await server.tasks.count == 2)
        #expect(try device.replica.pendingCount() == 2)
        #expect(try device.titles() == ["One", "Two"])
        let cursorAfterFirstPage = try device.replica.cursor()

        await server.update { $0.pullPagesBeforeFailure = nil }
        let report = try await device.engine.sync()
        #expect(report.pushed == 2)
        #expect(try device.replica.pendingCount() == 0)
        #expect(try device.replica.cursor() != cursorAfterFirstPage)
        #expect(try device.replica.tasks().allSatisfy { $0.version == 1 })
    }

    @Test("SYNC-2: a rejected mutation is reported, its effect goes away, and it does not block later ones")
    func rejectionDoesNotBlock() async throws {
        let server = FakeServer()
        let device = try await Device.synced(with: server)
        try device.replica.createTask(TaskDraft(title: "A forbidden title"))
        let fine = try device.replica.createTask(TaskDraft(title: "Fine"))
        let report = try await device.engine.sync()
        #expect(report.rejected.map(\.code) == ["validation_failed"])
        #expect(report.rejected.first?.mutationId == 1 && report.rejected.first?.name == "task.create")
        #expect(try device.replica.rejections().map(\.message) == ["That title is not allowed."])
        #expect(await server.tasks[fine.id] != nil)
        #expect(try device.titles() == ["Fine"])
        #expect(try device.replica.pendingCount() == 0)
        try device.replica.clearRejections()
        #expect(try device.replica.rejections().isEmpty)
    }

    @Test("SYNC-2: an edit to a task another device deleted is rejected (in_trash); a later change still applies")
    func deleteWinsAcrossDevices() async throws {
        let server = FakeServer()
        let task = await server.addTask(title: "Shared")
        let phone = try await Device.synced(with: server)
        let laptop = try await Device.synced(with: server)
        try phone.replica.deleteTask(task.id)
        try await phone.engine.sync()
        try laptop.replica.updateTask(task.id, TaskFields(title: "Edited offline"))
        try laptop.replica.createTask(TaskDraft(title: "New"))
        let report = try await laptop.engine.sync()
        #expect(report.rejected.map(\.code) == ["in_trash"])
        #expect(report.rejected.first?.entityId == task.id.description)
        #expect(try laptop.titles() == ["New"])
        #expect(try laptop.replica.task(id: task.id)?.title == "Shared")
    }

    @Test("SYNC-4: a reset empties the base but keeps the pending mutations, still shown on top")
    func resetKeepsPending() async throws {
        let server = FakeServer()
        let lost = await server.addTask(title: "Lost by the server")
        let device = try await Device.synced(with: server)
        let pending = try device.replica.createTask(TaskDraft(title: "Pending"))
        await server.update {
            $0.forget(task: lost.id)
            $0.resetNextPull = true
            $0.handlesPushes = false
        }
        let report = try await device.engine.sync()
        #expect(report.reset)
        #expect(report.pending == 1)
        #expect(try device.titles() == ["Pending"])
        #expect(try device.replica.task(id: pending.id)?.version == 0)

        await server.update { $0.handlesPushes = true }
        try await device.engine.sync()
        #expect(try device.replica.pendingCount() == 0)
        #expect(try device.replica.task(id: pending.id)?.version == 1)
    }

    @Test("SYNC-3: a transport failure throws .offline and keeps every change, the cursor and the view")
    func offlineKeepsEverything() async throws {
        let server = FakeServer()
        let device = try await Device.synced(with: server)
        let cursor = try device.replica.cursor()
        try device.replica.createTask(TaskDraft(title: "Offline change"))
        await server.update { $0.isOffline = true }
        do {
            try await device.engine.sync()
            Issue.record("sync should have failed")
        } catch let error as ClientError {
            guard case .offline = error else { Issue.record("expected .offline, got \(error)"); return }
            #expect(error.description.contains("kept on this device"))
        }
        #expect(try device.replica.pendingCount() == 1)
        #expect(try device.replica.cursor() == cursor)
        #expect(try device.titles() == ["Offline change"])

        await server.update { $0.isOffline = false }
        #expect(try await device.engine.sync().pushed == 1)
        #expect(try device.replica.pendingCount() == 0)
    }

    @Test("SYNC-4: what the server says is gone leaves the replica, a task with its subtasks")
    func deletedForGood() async throws {
        let server = FakeServer()
        let parent = await server.addTask(title: "Parent")
        await server.addTask(title: "Child", parent: parent.id)
        let device = try await Device.synced(with: server)
        #expect(try device.titles() == ["Parent", "Child"])
        await server.purge(task: parent.id)
        try await device.engine.sync()
        #expect(try device.titles().isEmpty)
    }

    @Test("SYNC-3: more than 100 pending mutations go out in batches of 100, in order")
    func batches() async throws {
        let server = FakeServer()
        let device = try await Device.synced(with: server)
        for index in 1...205 { try device.replica.createTask(TaskDraft(title: "Task \(index)")) }
        let report = try await device.engine.sync()
        #expect(report.pushed == 205)
        #expect(await server.pushes.map(\.mutations.count) == [100, 100, 5])
        #expect(await server.pushes.flatMap { $0.mutations.map(\.id) } == Array(1...205))
        #expect(try device.replica.tasks().count == 205)
    }

    @Test("SYNC-3: a sync called while one runs waits for it instead of running alongside")
    func concurrentSyncsCoalesce() async throws {
        let server = FakeServer()
        let device = try await Device.synced(with: server)
        let pullsBefore = await server.pulls
        try device.replica.createTask(TaskDraft(title: "Once"))
        async let first = device.engine.sync()
        async let second = device.engine.sync()
        let reports = try await [first, second]
        #expect(reports.map(\.pending) == [0, 0])
        #expect(await server.pushes.count == 1)
        #expect(await server.pulls - pullsBefore <= 2)
        #expect(try device.titles() == ["Once"])
    }

    @Test("SYNC-3: progress reports the push against its total, then the pull")
    func progress() async throws {
        let device = try await Device.synced(with: FakeServer())
        try device.replica.createTask(TaskDraft(title: "A"))
        let seen = Recorder<SyncProgress>()
        try await device.engine.sync { seen.append($0) }
        let phases = seen.values.map(\.phase)
        #expect(phases.first == .push && phases.last == .pull)
        #expect(seen.values.first { $0.phase == .push && $0.done == 1 }?.total == 1)
    }
}

/// Collects values from a `@Sendable` callback.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
