import DoableClient
import DoableCore
import Testing

/// SYNC-3: local changes are queued as one mutation each and show at once, before any sync.
@Suite struct LocalChangeTests {
    @Test("SYNC-3: a local create, update and complete show at once and count as pending")
    func changesShowAtOnce() async throws {
        let device = try await Device.synced(with: FakeServer())
        let task = try device.replica.createTask(TaskDraft(title: "Buy milk", priority: .high))
        #expect(try device.titles() == ["Buy milk"])
        #expect(task.listId == (try device.inboxID))
        #expect(task.version == 0)
        #expect(try device.replica.pendingCount() == 1)

        try device.replica.updateTask(task.id, TaskFields(title: "Buy oat milk", due: .some(TaskDate("2026-11-24"))))
        let done = try device.replica.completeTask(task.id)
        #expect(done.isCompleted)
        #expect(done.completedAt != nil)
        let shown = try #require(try device.replica.task(id: task.id))
        #expect(shown.title == "Buy oat milk")
        #expect(shown.due == TaskDate("2026-11-24"))
        #expect(shown.priority == .high)
        #expect(try device.replica.pendingCount() == 3)
    }

    @Test("SYNC-3: each mutation's args have exactly the shape docs/sync.md specifies")
    func argsShape() async throws {
        let device = try await Device.synced(with: FakeServer())
        let inbox = try device.inboxID
        let task = try device.replica.createTask(TaskDraft(title: "  Plan trip ", due: TaskDate("2026-12-01")))
        try device.replica.updateTask(task.id, TaskFields(priority: .low, due: .some(nil)))
        let mutations = try device.replica.pendingMutations()
        #expect(mutations.map(\.id) == [1, 2])
        #expect(mutations.map(\.name) == ["task.create", "task.update"])
        let create = mutations[0].args
        #expect(create["id"] == .string(task.id.description))
        #expect(create["title"] == .string("Plan trip"))
        #expect(create["listId"] == .string(inbox.description))
        #expect(create["due"] == .string("2026-12-01"))
        #expect(create["rank"]?.stringValue?.isEmpty == false)
        #expect(create["notes"] == nil && create["priority"] == nil)
        #expect(
            mutations[1].args == [
                "id": .string(task.id.description),
                "fields": .object(["priority": .string("low"), "due": .null]),
            ])
        #expect(mutations[1].hlc > mutations[0].hlc)
        #expect(HybridTimestamp(mutations[0].hlc)?.node == device.replica.clientID.lowercasedString)
    }

    @Test("SYNC-3: a move sends list, parent and rank together; subtasks follow the task to the new list")
    func move() async throws {
        let device = try await Device.synced(with: FakeServer())
        let work = try device.replica.createList(name: "Work")
        let parent = try device.replica.createTask(TaskDraft(title: "Parent"))
        let child = try device.replica.createTask(TaskDraft(title: "Child", parentID: parent.id))
        let other = try device.replica.createTask(TaskDraft(title: "Other", listID: work.id))
        #expect(child.listId == parent.listId)

        let moved = try device.replica.moveTask(parent.id, toList: work.id, parent: .some(nil), after: nil)
        #expect(moved.listId == work.id && moved.parentId == nil)
        #expect(moved.rank > other.rank)
        #expect(try device.replica.task(id: child.id)?.listId == work.id)
        let args = try #require(try device.replica.pendingMutations().last).args
        #expect(args["listId"] == .string(work.id.description))
        #expect(args["parentId"] == .null)
        #expect(args["rank"] == .string(moved.rank))

        let first = try device.replica.moveTask(parent.id, toList: nil, parent: nil, before: other.id)
        #expect(first.rank < other.rank)
        #expect(try device.titles() == ["Parent", "Child", "Other"])
        #expect(throws: ClientError.self) {
            try device.replica.moveTask(parent.id, toList: nil, parent: .some(child.id))
        }
    }

    @Test("TASK-8, SYNC-3: deleting a task trashes its subtasks, and restoring brings them back")
    func deleteAndRestore() async throws {
        let device = try await Device.synced(with: FakeServer())
        let parent = try device.replica.createTask(TaskDraft(title: "Parent"))
        try device.replica.createTask(TaskDraft(title: "Child", parentID: parent.id))
        let deleted = try device.replica.deleteTask(parent.id)
        #expect(deleted.isDeleted)
        #expect(try device.titles().isEmpty)
        #expect(try device.replica.tasks(includeDeleted: true).count == 2)
        #expect(throws: ClientError.self) { try device.replica.updateTask(parent.id, TaskFields(title: "Edit")) }
        try device.replica.restoreTask(parent.id)
        #expect(try device.titles() == ["Parent", "Child"])
    }

    @Test("LIST-1, TASK-6: deleting a list trashes its tasks; deleting a label takes it off its tasks")
    func listAndLabelDeletes() async throws {
        let device = try await Device.synced(with: FakeServer())
        let list = try device.replica.createList(name: "Errands", color: "green")
        let label = try device.replica.createLabel(name: "Urgent")
        let task = try device.replica.createTask(
            TaskDraft(
                title: "Post office", listID: list.id,
                labelIDs: [label.id]))
        #expect(task.labelIds == [label.id])
        try device.replica.deleteLabel(label.id)
        #expect(try device.replica.task(id: task.id)?.labelIds == [])
        #expect(try device.replica.labels().isEmpty)

        try device.replica.deleteList(list.id)
        #expect(try device.replica.lists().map(\.name) == ["Inbox"])
        #expect(try device.replica.task(id: task.id)?.isDeleted == true)
        #expect(throws: ClientError.self) { try device.replica.deleteList(try device.inboxID) }
        try device.replica.restoreList(list.id)
        #expect(try device.titles() == ["Post office"])
    }

    @Test("TASK-1, TASK-2: local checks refuse bad input, and nothing is queued")
    func localChecks() async throws {
        let device = try await Device.synced(with: FakeServer())
        func refusal(_ field: String, _ change: () throws -> Void) {
            #expect(throws: ClientError.self) { try change() }
            do { try change() } catch let ClientError.invalid(actual, message) {
                #expect(actual == field)
                #expect(!message.isEmpty)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        refusal("title") { try device.replica.createTask(TaskDraft(title: "   ")) }
        refusal("title") { try device.replica.createTask(TaskDraft(title: String(repeating: "x", count: 201))) }
        refusal("start") {
            try device.replica.createTask(
                TaskDraft(
                    title: "A", due: TaskDate("2026-01-01"),
                    start: TaskDate("2026-02-01")))
        }
        refusal("recurrence") { try device.replica.createTask(TaskDraft(title: "A", recurrence: "FREQ=DAILY")) }
        refusal("name") { try device.replica.createList(name: "") }
        refusal("color") { try device.replica.createList(name: "L", color: "mauve") }
        let task = try device.replica.createTask(
            TaskDraft(
                title: "Ok", due: TaskDate("2026-03-01"),
                recurrence: "FREQ=WEEKLY"))
        #expect(task.recurrence == "FREQ=WEEKLY")
        refusal("fields") { try device.replica.updateTask(task.id, TaskFields()) }
        refusal("relativeTo") {
            try device.replica.createReminder(taskID: task.id, relativeTo: .start, offsetMinutes: -10)
        }
        #expect(try device.replica.pendingCount() == 1)
    }

    @Test("NOTIF-1: a reminder shows at once, relative ones at 09:00 in the account's zone on a whole day")
    func reminders() async throws {
        let device = try await Device.synced(with: FakeServer())
        let task = try device.replica.createTask(TaskDraft(title: "Call mum", due: TaskDate("2026-07-01")))
        let relative = try device.replica.createReminder(taskID: task.id, relativeTo: "due", offsetMinutes: -30)
        // 09:00 in Berlin (summer time, UTC+2) is 07:00 UTC; 30 minutes before is 06:30.
        #expect(relative.nextAt == Timestamp(rfc3339: "2026-07-01T06:30:00Z"))
        let moment = try #require(Timestamp(rfc3339: "2026-06-30T20:00:00Z"))
        let absolute = try device.replica.createReminder(taskID: task.id, at: moment)
        #expect(Set(try device.replica.reminders(taskID: task.id).map(\.id)) == [relative.id, absolute.id])
        try device.replica.deleteReminder(relative.id)
        #expect(try device.replica.reminders(taskID: task.id).map(\.at) == [moment])
    }

    @Test("TASK-5: reads show the Inbox first, lists by name, and tasks as a tree in rank order")
    func readOrder() async throws {
        let device = try await Device.synced(with: FakeServer())
        let zoo = try device.replica.createList(name: "zoo")
        try device.replica.createList(name: "Apples")
        let first = try device.replica.createTask(TaskDraft(title: "First"))
        try device.replica.createTask(TaskDraft(title: "Second"))
        try device.replica.createTask(TaskDraft(title: "Sub", parentID: first.id))
        try device.replica.createTask(TaskDraft(title: "In zoo", listID: zoo.id))
        #expect(try device.replica.lists().map(\.name) == ["Inbox", "Apples", "zoo"])
        #expect(try device.titles() == ["First", "Sub", "Second", "In zoo"])
    }
}
