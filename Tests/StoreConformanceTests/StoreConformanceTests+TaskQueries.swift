import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

/// TASK-5 and TASK-7: which tasks `tasks(matching:)` finds, and in what order.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func TASK7_filtersByListParentLabelsStatusPriorityAndAssignee(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await QueryFixture.seed(in: store)

            let all = try await fixture.titles(store) { _ in }
            let inWork = try await fixture.titles(store) { $0.listID = fixture.work.id }
            let children = try await fixture.titles(store) { $0.parentID = fixture.milk.id }
            let home = try await fixture.titles(store) { $0.labelIDs = [fixture.homeLabel.id] }
            let homeAndWork = try await fixture.titles(store) {
                $0.labelIDs = [fixture.homeLabel.id, fixture.workLabel.id]
            }
            let pending = try await fixture.titles(store) { $0.statuses = [.pending] }
            let notPending = try await fixture.titles(store) { $0.statuses = [.inProgress, .completed] }
            let high = try await fixture.titles(store) { $0.priorities = [.high] }
            let lowOrNone = try await fixture.titles(store) { $0.priorities = [.low, .none] }
            let bobs = try await fixture.titles(store) { $0.assigneeID = fixture.bob.id }
            let combined = try await fixture.titles(store) {
                $0.listID = fixture.inbox.id
                $0.priorities = [.high]
                $0.statuses = [.pending]
            }

            #expect(all == ["Buy milk", "Call plumber", "write Report", "Café order", "Subtask of milk"])
            #expect(inWork == ["write Report", "Café order"])
            #expect(children == ["Subtask of milk"])
            #expect(home == ["Buy milk", "Call plumber"])
            #expect(homeAndWork == ["Call plumber"])
            #expect(pending == ["Buy milk", "Café order", "Subtask of milk"])
            #expect(notPending == ["Call plumber", "write Report"])
            #expect(high == ["Buy milk", "Subtask of milk"])
            #expect(lowOrNone == ["write Report", "Café order"])
            #expect(bobs == ["Call plumber"])
            #expect(combined == ["Buy milk", "Subtask of milk"])
        }
    }

    @Test(arguments: Engine.available)
    func TASK7_filtersByDueRangeComparingWholeDaysFromTheirStart(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await QueryFixture.seed(in: store)
            let june1 = try #require(CivilDate("2026-06-01")).startTimestamp
            let fromJune1 = try await fixture.titles(store) { $0.dueFrom = june1 }
            let untilJune1 = try await fixture.titles(store) { $0.dueTo = june1 }
            let window = try await fixture.titles(store) {
                $0.dueFrom = Timestamp(rfc3339: "2026-05-31T10:00:00Z")
                $0.dueTo = Timestamp(rfc3339: "2026-06-02T23:59:59Z")
            }
            #expect(fromJune1 == ["Buy milk", "Café order", "Subtask of milk"])
            #expect(untilJune1 == ["Buy milk", "Call plumber", "Subtask of milk"])
            #expect(window == ["Buy milk", "Subtask of milk"])
        }
    }

    @Test(arguments: Engine.available)
    func TASK7_searchMatchesWordPrefixesInTitleAndNotes(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await QueryFixture.seed(in: store)
            var results: [String: [String]] = [:]
            let searches = [
                "milk", "MIL", "mil cor", "ilk", "corner milk", "example", "com", "mail", "e", "café",
                "CAFÉ", "b", "bold", "quarter numb", "plumber report", "  ", "--", "report",
            ]
            for text in searches {
                results[text] = try await fixture.titles(store) { $0.text = text }
            }
            #expect(results["milk"] == ["Buy milk", "Subtask of milk"])
            #expect(results["MIL"] == ["Buy milk", "write Report", "Subtask of milk"])
            #expect(results["mil cor"] == ["Buy milk"])
            #expect(results["ilk"] == [])
            #expect(results["corner milk"] == ["Buy milk"])
            #expect(results["example"] == ["Call plumber"])
            #expect(results["com"] == ["Call plumber"])
            #expect(results["mail"] == ["Call plumber"])
            #expect(results["e"] == ["Call plumber"])
            #expect(results["café"] == ["Café order"])
            #expect(results["CAFÉ"] == ["Café order"])
            #expect(results["b"] == ["Buy milk", "Café order"])
            #expect(results["bold"] == ["Café order"])
            #expect(results["quarter numb"] == ["write Report"])
            #expect(results["plumber report"] == [])
            #expect(results["  "] == results["--"])
            #expect(results["--"]?.count == 5)
            #expect(results["report"] == ["write Report"])

            var combined = TaskQuery(ownerID: fixture.ada.id)
            combined.text = "milk"
            combined.listID = fixture.inbox.id
            combined.statuses = [.pending]
            combined.parentID = fixture.milk.id
            let combinedTitles = try await store.tasks(matching: combined).map(\.title)
            #expect(combinedTitles == ["Subtask of milk"])
        }
    }

    @Test(arguments: Engine.available)
    func TASK7_onlyTheOwnersLiveTasksAreFound(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await QueryFixture.seed(in: store)
            var bobsQuery = TaskQuery(ownerID: fixture.bob.id)
            bobsQuery.text = "milk"
            let bobs = try await store.tasks(matching: bobsQuery)
            let adasTrashedTitle = try await fixture.titles(store) { $0.text = "trashed" }
            let adaInBobsList = try await fixture.titles(store) { $0.listID = fixture.bobInbox.id }
            #expect(bobs.map(\.title) == ["Buy milk"])
            #expect(bobs.map(\.ownerID) == [fixture.bob.id])
            #expect(adasTrashedTitle.isEmpty)
            #expect(adaInBobsList.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func TASK5_everySortOrdersTheSameWay(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await QueryFixture.seed(in: store)
            var orders: [TaskSort: [String]] = [:]
            for sort in TaskSort.allCases {
                orders[sort] = try await fixture.titles(store) { $0.sort = sort }
            }
            let page = try await fixture.titles(store) {
                $0.limit = 2
                $0.offset = 1
            }
            #expect(orders[.manual] == ["Buy milk", "Call plumber", "write Report", "Café order", "Subtask of milk"])
            #expect(orders[.due] == ["Call plumber", "Buy milk", "Subtask of milk", "Café order", "write Report"])
            #expect(orders[.priority] == ["Buy milk", "Subtask of milk", "Call plumber", "write Report", "Café order"])
            #expect(orders[.created] == ["Subtask of milk", "Café order", "write Report", "Call plumber", "Buy milk"])
            #expect(orders[.title] == ["Buy milk", "Café order", "Call plumber", "Subtask of milk", "write Report"])
            #expect(page == ["Call plumber", "write Report"])
        }
    }

    /// Issue 32, item 2: the search index is rewritten only when a task's text or owner changes; completing it (a
    /// write of the whole row with the same words) leaves it findable once, and a rename still moves its words.
    @Test(arguments: Engine.available)
    func TASK7_searchFollowsTheTextThroughWritesThatKeepIt(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            var task = makeTask(in: inbox, "Buy milk")
            task.notes = "at the corner shop"
            try await store.write(.putTask(task))
            func found(_ text: String) async throws -> [String] {
                var query = TaskQuery(ownerID: ada.id)
                query.text = text
                return try await store.tasks(matching: query).map(\.title)
            }
            for status in [TaskStatus.completed, .pending, .completed] {
                task.status = status
                task.version += 1
                try await store.write(.putTask(task))
            }
            #expect(try await found("milk") == ["Buy milk"])
            #expect(try await found("corner") == ["Buy milk"])
            task.title = "Buy bread"
            task.version += 1
            try await store.write(.putTask(task))
            #expect(try await found("milk").isEmpty)
            #expect(try await found("bread") == ["Buy bread"])
            #expect(try await found("corner") == ["Buy bread"])
            task.notes = "at the market"
            task.version += 1
            try await store.write(.putTask(task))
            #expect(try await found("corner").isEmpty)
            #expect(try await found("market") == ["Buy bread"])
        }
    }
}

/// Two members' tasks covering every filter: Ada's Inbox and Work lists, labels, a subtask, a trashed task, and
/// Bob's look-alike task.
struct QueryFixture {
    var ada: Account
    var bob: Account
    var inbox: TaskList
    var work: TaskList
    var bobInbox: TaskList
    var homeLabel: Label
    var workLabel: Label
    var milk: TaskItem

    static func seed(in store: any Store) async throws -> QueryFixture {
        let (ada, inbox) = try await store.register("ada")
        let (bob, bobInbox) = try await store.register("bob")
        let work = makeList(ada, "Work")
        let homeLabel = makeLabel(ada, "home")
        let workLabel = makeLabel(ada, "work")
        try await store.write(.putList(work), .putLabel(homeLabel), .putLabel(workLabel))
        let june1 = TaskDate("2026-06-01")
        let milk = makeTask(in: inbox, "Buy milk", rank: "a1") {
            $0.notes = "From the corner shop."
            $0.priority = .high
            $0.due = june1
            $0.labelIDs = [homeLabel.id]
            $0.createdAt = at(1)
        }
        try await store.put([
            milk,
            makeTask(in: inbox, "Call plumber", rank: "a2") {
                $0.notes = "About the e-mail from example.com"
                $0.priority = .medium
                $0.due = TaskDate("2026-05-31T09:00:00Z")
                $0.status = .inProgress
                $0.labelIDs = [homeLabel.id, workLabel.id]
                $0.assigneeID = bob.id
                $0.createdAt = at(2)
            },
            makeTask(in: work, "write Report", rank: "a3") {
                $0.notes = "Quarterly numbers; milestone review"
                $0.priority = .low
                $0.status = .completed
                $0.completedAt = at(10)
                $0.labelIDs = [workLabel.id]
                $0.createdAt = at(3)
            },
            makeTask(in: work, "Café order", rank: "a4") {
                $0.notes = "<b>bold</b> croissants"
                $0.due = TaskDate("2026-06-03")
                $0.assigneeID = ada.id
                $0.createdAt = at(4)
            },
            makeTask(in: inbox, "Subtask of milk", rank: "a5", parent: milk) {
                $0.priority = .high
                $0.due = june1
                $0.createdAt = at(5)
            },
            makeTask(in: inbox, "Buy milk trashed", rank: "a6") {
                $0.deletedAt = at(6)
                $0.trashedWith = $0.id.description
            },
            makeTask(in: bobInbox, "Buy milk", rank: "a1") { $0.notes = "corner shop" },
        ])
        return QueryFixture(
            ada: ada, bob: bob, inbox: inbox, work: work, bobInbox: bobInbox, homeLabel: homeLabel,
            workLabel: workLabel, milk: milk)
    }

    /// The titles of Ada's tasks matching the query `configure` builds.
    func titles(_ store: any Store, _ configure: (inout TaskQuery) -> Void) async throws -> [String] {
        var query = TaskQuery(ownerID: ada.id)
        configure(&query)
        return try await store.tasks(matching: query).map(\.title)
    }
}
