import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

/// TASK-1, TASK-4 and TASK-5: single tasks, subtask trees and manual order.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func TASK1_everyTaskFieldRoundTrips(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            let labels = [makeLabel(ada, "b"), makeLabel(ada, "a"), makeLabel(ada, "c")]
            try await store.write(.putLabel(labels[0]), .putLabel(labels[1]), .putLabel(labels[2]))
            let parent = makeTask(in: inbox, "Parent")
            let task = makeTask(in: inbox, "Plan the trip ✈️", rank: "a0Vx", parent: parent) {
                $0.notes = "Line one\nLine 'two' with \"quotes\" and a backslash \\"
                $0.status = .completed
                $0.priority = .medium
                $0.due = TaskDate("2026-07-01T08:30:00.250Z")
                $0.start = TaskDate("2026-06-20")
                $0.estimatedMinutes = 90
                $0.category = .personal
                $0.assigneeID = bob.id
                $0.labelIDs = labels.map(\.id)
                $0.completedAt = at(99)
                $0.createdAt = at(1)
                $0.updatedAt = at(2)
            }
            let trashed = makeTask(in: inbox, "Gone") {
                $0.deletedAt = at(3)
                $0.trashedWith = "list:\(inbox.id)"
            }
            try await store.put([parent, task, trashed])

            let storedTask = try await store.task(id: task.id)
            let storedTrashed = try await store.task(id: trashed.id)
            let missing = try await store.task(id: .make())
            #expect(storedTask == task)
            #expect(storedTrashed == trashed)
            #expect(missing == nil)

            let updated = edited(task, at: 5) {
                $0.status = .pending
                $0.completedAt = nil
                $0.due = nil
                $0.labelIDs = [labels[2].id]
                $0.assigneeID = nil
                $0.estimatedMinutes = nil
                $0.category = nil
            }
            try await store.write(.putTask(updated))
            let storedUpdate = try await store.task(id: task.id)
            let byLabel = try await store.tasks(labelID: labels[0].id)
            #expect(storedUpdate == updated)
            #expect(byLabel.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func TASK4_descendantsListTheWholeSubtreeParentsFirst(engine: Engine) async throws {
        try await withStore(engine) { store in
            let tree = try await TreeFixture.seed(in: store)
            let all = try await store.descendants(of: tree.root.id)
            let underA = try await store.descendants(of: tree.a.id)
            let leaf = try await store.descendants(of: tree.a1x.id)
            #expect(all.map(\.title) == ["B", "A", "A1", "B1", "A2 (trashed)", "A1x", "A2c"])
            #expect(underA.map(\.title) == ["A1", "A2 (trashed)", "A1x", "A2c"])
            #expect(leaf.isEmpty)
            #expect(all.first == tree.b)
        }
    }

    @Test(arguments: Engine.available)
    func TASK4_progressCountsDoneAndTotalOverTheLiveSubtree(engine: Engine) async throws {
        try await withStore(engine) { store in
            let tree = try await TreeFixture.seed(in: store)
            let progress = try await store.progress(of: [tree.root.id, tree.a.id, tree.b.id, tree.a1x.id])
            let none = try await store.progress(of: [])
            #expect(
                progress == [
                    tree.root.id: SubtaskProgress(done: 3, total: 5),
                    tree.a.id: SubtaskProgress(done: 1, total: 2),
                    tree.b.id: SubtaskProgress(done: 1, total: 1),
                ])
            #expect(none.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func TASK5_neighbourRanksAreTheClosestLiveSiblings(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let other = makeList(ada, "Other")
            let empty = makeList(ada, "Empty", rank: "a2")
            try await store.write(.putList(other), .putList(empty))
            let first = makeTask(in: inbox, "First", rank: "a1")
            try await store.put([
                makeTask(in: inbox, "Uppercase sorts first", rank: "Zz"),
                first,
                makeTask(in: inbox, "Child", rank: "a2", parent: first),
                makeTask(in: inbox, "Middle", rank: "a3"),
                makeTask(in: inbox, "Trashed", rank: "a4") {
                    $0.deletedAt = at(1); $0.trashedWith = $0.id.description
                },
                makeTask(in: inbox, "Last", rank: "a5"),
                makeTask(in: other, "Elsewhere", rank: "a9"),
            ])

            let append = try await store.neighbourRanks(listID: inbox.id, parentID: nil, around: nil)
            let aroundMiddle = try await store.neighbourRanks(listID: inbox.id, parentID: nil, around: "a3")
            let aroundTrashed = try await store.neighbourRanks(listID: inbox.id, parentID: nil, around: "a4")
            let beforeAll = try await store.neighbourRanks(listID: inbox.id, parentID: nil, around: "Z")
            let byteOrder = try await store.neighbourRanks(listID: inbox.id, parentID: nil, around: "a0")
            let afterAll = try await store.neighbourRanks(listID: inbox.id, parentID: nil, around: "b")
            let childAppend = try await store.neighbourRanks(listID: inbox.id, parentID: first.id, around: nil)
            let childAround = try await store.neighbourRanks(listID: inbox.id, parentID: first.id, around: "a2")
            let emptyList = try await store.neighbourRanks(listID: empty.id, parentID: nil, around: nil)

            #expect(ranks(append) == ["a5", nil])
            #expect(ranks(aroundMiddle) == ["a1", "a5"])
            #expect(ranks(aroundTrashed) == ["a3", "a5"])
            #expect(ranks(beforeAll) == [nil, "Zz"])
            #expect(ranks(byteOrder) == ["Zz", "a1"])
            #expect(ranks(afterAll) == ["a5", nil])
            #expect(ranks(childAppend) == ["a2", nil])
            #expect(ranks(childAround) == [nil, nil])
            #expect(ranks(emptyList) == [nil, nil])
        }
    }
}

/// A neighbour pair as an array, so expectations can compare it.
func ranks(_ pair: (below: String?, above: String?)) -> [String?] { [pair.below, pair.above] }

/// Root → A, B; A → A1, A2 (trashed); A1 → A1x; A2 → A2c; B → B1. Done: A, A1, B1 (and the trashed A2).
struct TreeFixture {
    var root: TaskItem
    var a: TaskItem
    var b: TaskItem
    var a1x: TaskItem

    static func seed(in store: any Store) async throws -> TreeFixture {
        let (_, inbox) = try await store.register("ada")
        let done = { (task: inout TaskItem) in
            task.status = .completed
            task.completedAt = at(10)
        }
        let root = makeTask(in: inbox, "Root", rank: "a0")
        let a = makeTask(in: inbox, "A", rank: "a1", parent: root, configure: done)
        let b = makeTask(in: inbox, "B", rank: "a0", parent: root)
        let a1 = makeTask(in: inbox, "A1", rank: "a2", parent: a, configure: done)
        let a2 = makeTask(in: inbox, "A2 (trashed)", rank: "a4", parent: a) {
            done(&$0)
            $0.deletedAt = at(20)
            $0.trashedWith = $0.id.description
        }
        let b1 = makeTask(in: inbox, "B1", rank: "a3", parent: b, configure: done)
        let a1x = makeTask(in: inbox, "A1x", rank: "a0", parent: a1)
        let a2c = makeTask(in: inbox, "A2c", rank: "a1", parent: a2)
        let unrelated = makeTask(in: inbox, "Unrelated", rank: "a9")
        try await store.put([root, a, b, a1, a2, b1, a1x, a2c, unrelated])
        return TreeFixture(root: root, a: a, b: b, a1x: a1x)
    }
}
