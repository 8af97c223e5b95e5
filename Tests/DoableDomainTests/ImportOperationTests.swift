import DoableCore
import DoableDomain
import Testing

/// Issue 32, item 8: importing many tasks into one account (the seed tool's path) ranks each set of siblings in the
/// order the tasks came, across chunks, and a task made afterwards goes after them.
@Suite struct ImportOperationTests {
    @Test func TASK5_aBigImportRanksEverySetOfSiblingsInArrivalOrderAcrossChunks() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            var input = ListInput()
            input.name = "Errands"
            let errands = try await fixture.domain.tasks.createList(ann, input)
            let lists = [ann.account.inboxID, errands.id]
            // 1,200 tasks in chunks of 50; a fifth are subtasks of one of the last top-level tasks of their list,
            // so sets of siblings grow over many chunks, and first subtasks of a parent arrive late.
            var items: [ImportedTask] = []
            var roots: [ListID: [TaskID]] = [:]
            for number in 0..<1_200 {
                let list = lists[number % 2]
                let parent = number % 5 == 4 ? roots[list]?.suffix(7).first : nil
                let item = ImportedTask(id: .make(), listID: list, parentID: parent, title: "Task \(number)")
                if parent == nil { roots[list, default: []].append(item.id) }
                items.append(item)
            }
            try await fixture.domain.transfer.importTasks(ann, items, chunkSize: 50)

            var stored: [TaskID: TaskItem] = [:]
            for list in lists {
                for task in try await fixture.store.tasks(listID: list, includingTrashed: false) { stored[task.id] = task }
            }
            #expect(stored.count == items.count)
            var siblings: [String: [String]] = [:]
            for item in items {
                let task = try #require(stored[item.id])
                #expect(task.listID == item.listID && task.parentID == item.parentID)
                siblings["\(item.listID)/\(item.parentID?.description ?? "")", default: []].append(task.rank)
            }
            #expect(siblings.count > 100)
            for ranks in siblings.values {
                #expect(zip(ranks, ranks.dropFirst()).allSatisfy { $0 < $1 })
            }

            // A task made afterwards under the parent with the most subtasks comes after all of them.
            var children: [TaskID: Int] = [:]
            for item in items { if let parent = item.parentID { children[parent, default: 0] += 1 } }
            let busiest = try #require(children.max { $0.value < $1.value })
            let parent = try #require(stored[busiest.key])
            let ranks = try #require(siblings["\(parent.listID)/\(parent.id)"])
            var next = TaskInput(title: "One more")
            next.parentID = parent.id
            let made = try await fixture.domain.tasks.createTask(ann, next)
            #expect(made.task.rank > ranks.max()!)
        }
    }
}
