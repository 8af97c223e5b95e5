import DoableAPI
import DoableClient
import DoableCore
import Foundation
import Testing

/// SYNC-3, SYNC-4: reads come from a view kept between reads and brought up to date change by change (and page by
/// page); what they show must be exactly what replaying the whole outbox over the stored base shows.
@Suite struct ReadCacheTests {
    /// A replica in a file of its own, and the fake server it syncs with.
    struct FileDevice {
        let folder: URL
        let replica: Replica
        let server: FakeServer
        let engine: SyncEngine

        init(server: FakeServer = FakeServer()) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("doable-\(UUID().uuidString)")
            replica = try Replica(path: folder.appendingPathComponent("replica.sqlite").path)
            self.server = server
            engine = SyncEngine(replica: replica, server: server)
        }

        var path: String { folder.appendingPathComponent("replica.sqlite").path }

        func close() throws {
            try replica.close()
            try? FileManager.default.removeItem(at: folder)
        }

        /// Everything a read can show, read from `replica`.
        static func shown(_ replica: Replica, reminders taskID: TaskID?) throws -> Shown {
            Shown(
                tasks: try replica.tasks(), allTasks: try replica.tasks(includeDeleted: true),
                lists: try replica.lists(), allLists: try replica.lists(includeDeleted: true),
                labels: try replica.labels(), account: try replica.account(),
                reminders: try taskID.map { try replica.reminders(taskID: $0) } ?? [])
        }

        /// Checks that this replica's reads (from its kept view) equal those of a replica freshly opened on the
        /// same file, which loads the base and replays the whole outbox.
        func expectSameAsFresh(
            reminders taskID: TaskID? = nil, _ comment: Comment,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let fresh = try Replica(path: path)
            defer { try? fresh.close() }
            let kept = try Self.shown(replica, reminders: taskID)
            #expect(kept == (try Self.shown(fresh, reminders: taskID)), comment, sourceLocation: sourceLocation)
        }
    }

    struct Shown: Equatable {
        let tasks: [TaskRecord], allTasks: [TaskRecord], lists: [ListRecord], allLists: [ListRecord]
        let labels: [LabelRecord], account: AccountRecord?, reminders: [ReminderRecord]
    }

    @Test("SYNC-3: after every kind of local change, reads equal a full replay of the outbox over the base")
    func localChangesMatchFullReplay() async throws {
        let device = try FileDevice()
        defer { try? device.close() }
        let home = await device.server.update { server in server.addList(name: "Home").id }
        let (parent, errand) = await device.server.update { server in
            let parent = server.addTask(title: "Parent", list: home, rank: "a1")
            server.addTask(title: "Child", list: home, parent: parent.id, rank: "a0")
            server.addTask(title: "Same rank", list: home, rank: "a1")
            return (parent.id, server.addLabel(name: "errand").id)
        }
        try await device.engine.sync()
        let replica = device.replica
        let inbox = try #require(try replica.account()).inboxId
        let steps: [(String, () throws -> Void)] = [
            ("create", { try replica.createTask(TaskDraft(title: "New", listID: home)) }),
            ("create a subtask", { try replica.createTask(TaskDraft(title: "Sub", parentID: parent)) }),
            ("update", { try replica.updateTask(parent, TaskFields(title: "Renamed", labelIDs: [errand])) }),
            ("complete", { try replica.completeTask(parent) }),
            ("reopen", { try replica.reopenTask(parent) }),
            ("reminder", { try replica.createReminder(taskID: parent, at: Timestamp.now.adding(seconds: 3_600)) }),
            ("delete with subtasks", { try replica.deleteTask(parent) }),
            ("restore", { try replica.restoreTask(parent) }),
            ("move", { try replica.moveTask(parent, toList: nil, parent: .some(nil), after: nil) }),
            ("move to another list", { try replica.moveTask(parent, toList: inbox, parent: nil) }),
            ("new list", { try replica.createList(name: "Archive") }),
            ("rename list", { try replica.updateList(home, ListFields(name: "A home")) }),
            ("delete list", { try replica.deleteList(home) }),
            ("restore list", { try replica.restoreList(home) }),
            ("new label", { try replica.createLabel(name: "later") }),
            ("rename label", { try replica.updateLabel(errand, LabelFields(name: "z errand")) }),
            ("delete label", { try replica.deleteLabel(errand) }),
        ]
        try device.expectSameAsFresh(reminders: parent, "after the first sync")
        for (name, change) in steps {
            try change()
            try device.expectSameAsFresh(reminders: parent, "after: \(name)")
        }
        // The fake server refuses some of them: a rejection takes a mutation out of the middle of the outbox.
        try await device.engine.sync()
        try device.expectSameAsFresh(reminders: parent, "after the sync")
    }

    @Test("SYNC-4: what a pull leaves in memory is what the file holds: pages, resets and deletions")
    func pulledBaseMatchesTheFile() async throws {
        let server = FakeServer()
        let device = try FileDevice(server: server)
        defer { try? device.close() }
        let (home, parent, label) = await server.update { server in
            let home = server.addList(name: "Home").id
            let label = server.addLabel(name: "errand")
            let parent = server.addTask(title: "Parent", list: home)
            for index in 0..<5 { server.addTask(title: "Child \(index)", list: home, parent: parent.id) }
            for index in 0..<7 {
                var task = server.addTask(title: "Inbox \(index)", rank: "a\(index)")
                task.labelIds = [label.id]
                server.tasks[task.id] = task
            }
            server.pageLimit = 4
            return (home, parent.id, label.id)
        }
        try await device.engine.sync()
        try device.expectSameAsFresh("after a first sync of several pages")

        try device.replica.createTask(TaskDraft(title: "Pending", listID: home))
        await server.update { server in
            server.purge(task: parent)
            server.touch("label", label, gone: true)
            server.labels[label] = nil
        }
        try await device.engine.sync()
        try device.expectSameAsFresh("after a task with subtasks and a label were deleted for good")
        #expect(try device.replica.tasks().allSatisfy(\.labelIds.isEmpty))

        await server.update { server in
            server.lists[home] = nil
            server.touch("list", home, gone: true)
            server.resetNextPull = true
        }
        try await device.engine.sync()
        try device.expectSameAsFresh("after a reset that no longer has the list")
        #expect(try device.replica.lists().map(\.name) == ["Inbox"])
    }

    @Test("SYNC-3: a snapshot keeps showing the state it was taken at")
    func snapshotIsStable() async throws {
        let device = try await Device.synced(with: FakeServer())
        let first = try device.replica.createTask(TaskDraft(title: "First"))
        let snapshot = try device.replica.snapshot()
        #expect(snapshot.tasks.map(\.title) == ["First"])
        try device.replica.updateTask(first.id, TaskFields(title: "Renamed"))
        try device.replica.createTask(TaskDraft(title: "Second"))
        #expect(snapshot.tasks.map(\.title) == ["First"])
        #expect(snapshot.task(id: first.id)?.title == "First")
        #expect(try device.replica.snapshot().tasks.map(\.title) == ["Renamed", "Second"])
    }

    @Test("SYNC-3: a change or a pull made through another handle on the same file shows in the next read")
    func otherHandleOnTheSameFile() async throws {
        let device = try FileDevice()
        defer { try? device.close() }
        try await device.engine.sync()
        let other = try Replica(path: device.path)
        defer { try? other.close() }
        #expect(try device.replica.tasks().isEmpty)
        try other.createTask(TaskDraft(title: "One"))
        #expect(try device.replica.tasks().map(\.title) == ["One"])
        try other.createTask(TaskDraft(title: "Two"))
        try other.createTask(TaskDraft(title: "Three"))
        #expect(try device.replica.tasks().map(\.title) == ["One", "Two", "Three"])
        try await SyncEngine(replica: other, server: device.server).sync()
        #expect(try device.replica.pendingCount() == 0)
        #expect(try device.replica.tasks().map(\.version) == [1, 1, 1])
    }
}
