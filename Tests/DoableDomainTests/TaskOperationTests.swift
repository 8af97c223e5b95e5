import DoableCore
import DoableDomain
import Testing

/// The domain's task operations called directly (issue 28): each validates, writes with its feed entries in one
/// transaction, and refuses without writing anything.
@Suite struct TaskOperationTests {
    @Test func TASK1_TASK4_aTaskAndItsSubtasksAreWrittenWithOneFeedEntryEach() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let start = try await fixture.changes(ann).last?.sequence ?? 0
            let trip = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Plan the trip"))
            var child = TaskInput(title: "Book the train")
            child.parentID = trip.task.id
            let train = try await fixture.domain.tasks.createTask(ann, child)
            #expect(trip.task.listID == ann.account.inboxID && train.task.parentID == trip.task.id)
            let entries = try await fixture.changes(ann, after: start)
            #expect(entries.map(\.entityID) == [trip.task.id.description, train.task.id.description])
            #expect(entries.allSatisfy { $0.entity == .task && $0.kind == .put && $0.actorID == ann.account.id })
        }
    }

    @Test func TASK4_completingAParentCompletesItsOpenSubtasksInTheSameWrite() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let parent = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Move house"))
            var ids: [TaskID] = []
            for title in ["Pack books", "Pack kitchen"] {
                var input = TaskInput(title: title)
                input.parentID = parent.task.id
                ids.append(try await fixture.domain.tasks.createTask(ann, input).task.id)
            }
            let before = try await fixture.changes(ann).last?.sequence ?? 0
            let done = try await fixture.domain.tasks.completeTask(ann, id: parent.task.id, includeSubtasks: true)
            #expect(done.task.status == .completed && done.task.completedAt == fixture.now)
            for id in ids {
                #expect(try await fixture.domain.tasks.task(ann, id: id).task.status == .completed)
            }
            let entries = try await fixture.changes(ann, after: before).filter { $0.entity == .task }
            #expect(Set(entries.map(\.entityID)) == Set(([parent.task.id] + ids).map(\.description)))
            // One transaction: every entry has the same moment.
            #expect(Set(entries.map(\.at)).count == 1)
        }
    }

    @Test func TASK2_aRefusedEditNamesTheFieldAndWritesNothing() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let task = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Water the plants"))
            let before = try await fixture.changes(ann).last?.sequence ?? 0
            var edit = TaskInput(title: String(repeating: "x", count: 201))
            edit.notes = "kept out"
            await #expect {
                try await fixture.domain.tasks.updateTask(ann, id: task.task.id, edit)
            } throws: { error in
                guard case DoableError.invalid(let field, _) = error else { return false }
                return field == "title"
            }
            let stored = try await fixture.domain.tasks.task(ann, id: task.task.id).task
            #expect(stored.title == "Water the plants" && stored.notes.isEmpty && stored.version == task.task.version)
            #expect(try await fixture.changes(ann, after: before).isEmpty)
        }
    }

    @Test func TASK8_aDeletedTaskGoesToTheTrashAndComesBack() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let task = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Call the dentist"))
            try await fixture.domain.tasks.deleteTask(ann, id: task.task.id)
            let trash = try await fixture.domain.tasks.trash(ann)
            #expect(trash.tasks.map(\.task.id) == [task.task.id])
            var query = TaskQuery(ownerID: ann.account.id)
            query.listID = ann.account.inboxID
            #expect(try await fixture.domain.tasks.tasks(ann, matching: query).isEmpty)
            let restored = try await fixture.domain.tasks.restoreTask(ann, id: task.task.id)
            #expect(restored.task.deletedAt == nil)
            #expect(try await fixture.domain.tasks.tasks(ann, matching: query).map(\.task.id) == [task.task.id])
        }
    }

    @Test func TASK5_aStaleVersionIsRefusedAndTheNewerEditKept() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let task = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Draft"))
            _ = try await fixture.domain.tasks.updateTask(ann, id: task.task.id, TaskInput(title: "Second draft"))
            await #expect(throws: DoableError.self) {
                try await fixture.domain.tasks.updateTask(
                    ann, id: task.task.id, TaskInput(title: "Stale"), ifVersion: task.task.version)
            }
            #expect(try await fixture.domain.tasks.task(ann, id: task.task.id).task.title == "Second draft")
        }
    }
}
