import DoableAPI
import DoableClient
import DoableCore
import Foundation
import GRDB
import Testing

/// Issue 32, item 8: `doable today` reads the open tasks due soon without decoding the whole replica, and a replica
/// file of the first format gains what that takes when it is opened.
@Suite struct DueTasksReadTests {
    /// The tasks the old way: the whole snapshot, filtered.
    static func theOldWay(_ replica: Replica, before bound: Timestamp) throws -> Set<TaskRecord.Key> {
        Set(
            try replica.snapshot().tasks.filter { !$0.isCompleted && $0.due.map { $0.sortKey < bound } == true }
                .map(TaskRecord.Key.init))
    }

    static func read(_ replica: Replica, before bound: Timestamp) throws -> Set<TaskRecord.Key> {
        Set(try replica.openTasks(dueBefore: bound).tasks.map(TaskRecord.Key.init))
    }

    /// A file replica synced with `server` holding open, completed, trashed, undated, later and moment-dated tasks,
    /// a subtask of a trashed task, and a list in the trash.
    static func seeded(_ path: String, server: FakeServer, clock: TestClock) async throws -> Replica {
        let replica = try Replica(path: path, clock: clock.reading)
        let engine = SyncEngine(replica: replica, server: server, clock: clock.reading)
        try await engine.sync()
        let today = clock.now.civilDate
        var made: [TaskRecord] = []
        for number in 0..<40 {
            var draft = TaskDraft(title: "Task \(number)")
            switch number % 4 {
            case 0: draft.due = .day(today.adding(days: number % 7 - 3))
            case 1: draft.due = .moment(Timestamp(milliseconds: clock.now.milliseconds + Int64(number - 20) * 3_600_000))
            case 2: draft.due = nil
            default: draft.due = .day(today.adding(days: 30))
            }
            made.append(try replica.createTask(draft))
        }
        let errands = try replica.createList(name: "Errands")
        var inErrands = TaskDraft(title: "In a trashed list")
        inErrands.listID = errands.id
        inErrands.due = .day(today)
        _ = try replica.createTask(inErrands)
        var child = TaskDraft(title: "Under a trashed task")
        child.parentID = made[4].id
        child.due = .day(today)
        _ = try replica.createTask(child)
        try await engine.sync()
        _ = try replica.completeTask(made[0].id)
        _ = try replica.deleteTask(made[4].id)
        _ = try replica.deleteList(errands.id)
        try await engine.sync()
        #expect(try replica.pendingCount() == 0)
        return replica
    }

    @Test("SYNC-3: today's tasks read from the due column equal the whole snapshot filtered, with and without pending changes")
    func sameAsTheWholeSnapshot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("replica.sqlite").path
        let server = FakeServer()
        let clock = TestClock()
        let bound = clock.now.civilDate.adding(days: 2).startTimestamp
        try await Self.seeded(path, server: server, clock: clock).close()

        // A fresh process: nothing in memory, nothing pending, so only the due column is read.
        let fresh = try Replica(path: path, clock: clock.reading)
        let read = try fresh.openTasks(dueBefore: bound)
        let expected = try Self.theOldWay(fresh, before: bound)
        #expect(expected.count > 10)
        #expect(Set(read.tasks.map(TaskRecord.Key.init)) == expected)
        #expect(Set(read.taskIDs) == Set(try fresh.snapshot().allTasks.map(\.id)))
        #expect(read.lists == (try fresh.snapshot().allLists))
        #expect(read.account == (try fresh.account()))
        try fresh.close()

        // Pending changes here: completed, moved later, made, all shown at once.
        let again = try Replica(path: path, clock: clock.reading)
        let shown = try again.openTasks(dueBefore: bound).tasks
        _ = try again.completeTask(shown[0].id)
        var later = TaskFields()
        later.due = .some(.day(clock.now.civilDate.adding(days: 9)))
        _ = try again.updateTask(shown[1].id, later)
        var draft = TaskDraft(title: "Made offline")
        draft.due = .day(clock.now.civilDate)
        let offline = try again.createTask(draft)
        try again.close()
        let reopened = try Replica(path: path, clock: clock.reading)
        let pending = try Self.read(reopened, before: bound)
        #expect(pending == (try Self.theOldWay(reopened, before: bound)))
        #expect(pending.contains { $0.id == offline.id } && !pending.contains { $0.id == shown[0].id })
        try reopened.close()
    }

    @Test("SYNC-3: a replica file of the first format is migrated on opening and keeps its offline edits")
    func migratesTheFirstFormat() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("replica.sqlite").path
        let server = FakeServer()
        let clock = TestClock()
        let bound = clock.now.civilDate.adding(days: 2).startTimestamp
        let replica = try await Self.seeded(path, server: server, clock: clock)
        var draft = TaskDraft(title: "Waiting to be sent")
        draft.due = .day(clock.now.civilDate)
        let offline = try replica.createTask(draft)
        let expected = try Self.theOldWay(replica, before: bound)
        try replica.close()

        // Back to the first format: no due column, no record of its migration.
        let old = try DatabaseQueue(path: path)
        try await old.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    DROP INDEX tasks_open_due;
                    ALTER TABLE tasks DROP COLUMN open_due_key;
                    DELETE FROM grdb_migrations WHERE identifier = 'v2-open-due';
                    """)
        }
        try old.close()

        let migrated = try Replica(path: path, clock: clock.reading)
        #expect(try migrated.pendingCount() == 1)
        #expect(try Self.read(migrated, before: bound) == expected)
        try await SyncEngine(replica: migrated, server: server, clock: clock.reading).sync()
        #expect(await server.tasks[offline.id]?.title == "Waiting to be sent")
        // Nothing pending now: the read goes by the migrated column alone, in a fresh process.
        try migrated.close()
        let fresh = try Replica(path: path, clock: clock.reading)
        #expect(try fresh.pendingCount() == 0)
        #expect(try Self.read(fresh, before: bound) == expected)
        try fresh.close()
    }
}

extension TaskRecord {
    /// What a row of `doable today` shows of a task.
    struct Key: Hashable {
        var id: TaskID
        var title: String
        var due: TaskDate?
        var isCompleted: Bool

        init(_ task: TaskRecord) {
            (id, title, due, isCompleted) = (task.id, task.title, task.due, task.isCompleted)
        }
    }
}
