import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

/// The same generated workload written to both engines must read back identically, in the same order: ties on
/// rank, due or title, mixed-case ranks, accents and punctuation in the text are where engines drift apart.
extension StoreConformanceTests {
    @Test(.enabled(if: hasPostgres))
    func TASK7_bothEnginesAnswerEveryQueryIdentically() async throws {
        let workload = Workload(seed: 2026)
        try await withStore(.sqlite) { sqlite in
            try await withStore(.postgres) { postgres in
                for store in [sqlite, postgres] { try await workload.write(to: store) }
                for query in workload.queries {
                    let expected = try await sqlite.tasks(matching: query)
                    let actual = try await postgres.tasks(matching: query)
                    let difference = firstDifference(expected, actual) { "\($0.rank) \($0.title) \($0.id)" }
                    #expect(difference == nil, "sort \(query.sort), text \(query.text ?? "-")")
                }
                let expected = try await workload.summary(of: sqlite)
                let actual = try await workload.summary(of: postgres)
                #expect(firstDifference(expected, actual) { $0 } == nil)
            }
        }
    }
}

/// Where two results part, described briefly (the whole arrays would bury it): nil when they are equal.
func firstDifference<Element: Equatable>(_ expected: [Element], _ actual: [Element], _ describe: (Element) -> String)
    -> String?
{
    guard expected != actual else { return nil }
    let common = min(expected.count, actual.count)
    let index = (0..<common).first { expected[$0] != actual[$0] } ?? common
    let wanted = index < expected.count ? describe(expected[index]) : "nothing"
    let got = index < actual.count ? describe(actual[index]) : "nothing"
    return "at \(index) of \(expected.count): SQLite has \(wanted), PostgreSQL \(got) (\(actual.count) in all)"
}

/// A deterministic pseudo-random account with lists, labels and a few hundred tasks, and queries over them.
struct Workload {
    var account: Account
    var lists: [TaskList]
    var labels: [Label]
    var tasks: [TaskItem]
    var queries: [TaskQuery] = []

    static let words = [
        "milk", "Milch", "café", "Crème", "e-mail", "example.com", "report", "Report2", "über",
        "Zürich", "naïve", "x_y", "don't", "3.14", "<b>bold</b>", "plan", "plans", "planning",
        "✈️trip", "zebra", "Ábc", "abc", "ABC",
    ]

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let account = makeAccount("ada")
        let lists = [
            makeInbox(of: account), makeList(account, "Work", rank: "Zz"), makeList(account, "Home", rank: "a0"),
        ]
        let labels = ["one", "Two", "three"].map { makeLabel(account, $0) }
        var tasks: [TaskItem] = []
        let statuses = TaskStatus.allCases
        let priorities = TaskPriority.allCases
        for index in 0..<300 {
            let list = lists[random.next(below: lists.count)]
            let siblings = tasks.filter { $0.listID == list.id && $0.deletedAt == nil }
            let parent = random.next(below: 10) < 3 ? siblings.randomElement(using: &random) : nil
            let rankDigits = Array("0aAzZ9")
            let rank = String((0..<(1 + random.next(below: 3))).map { _ in rankDigits[random.next(below: 6)] })
            let title = (0..<(1 + random.next(below: 3))).map { _ in Self.words.randomElement(using: &random)! }
                .joined(separator: " ")
            let labelIDs = labels.filter { _ in random.next(below: 3) == 0 }.map(\.id)
            var task = makeTask(in: list, title, rank: rank, parent: parent)
            task.notes = (0..<random.next(below: 4)).map { _ in Self.words.randomElement(using: &random)! }
                .joined(separator: ", ")
            task.status = statuses[random.next(below: statuses.count)]
            task.priority = priorities[random.next(below: priorities.count)]
            task.labelIDs = labelIDs
            task.createdAt = at(Int64(random.next(below: 50)))
            switch random.next(below: 3) {
            case 0: task.due = nil
            case 1: task.due = .day(CivilDate(daysSinceEpoch: 20_600 + random.next(below: 10)))
            default: task.due = .moment(at(Int64(random.next(below: 10)) * 43_200))
            }
            if index % 7 == 0 { task.recurrence = "FREQ=DAILY" }
            if random.next(below: 10) == 0 {
                task.deletedAt = at(Int64(index))
                task.trashedWith = task.id.description
            }
            tasks.append(task)
        }
        self.account = account
        self.lists = lists
        self.labels = labels
        self.tasks = tasks

        for sort in TaskSort.allCases {
            var query = TaskQuery(ownerID: account.id)
            query.sort = sort
            queries.append(query)
            query.listID = lists[1].id
            queries.append(query)
            query.listID = nil
            query.labelIDs = [labels[0].id]
            queries.append(query)
            query.labelIDs = []
            query.statuses = [.pending, .inProgress]
            query.priorities = [.high, .none]
            query.limit = 20
            query.offset = 5
            queries.append(query)
        }
        for text in [
            "mil", "MILCH", "café", "creme", "mail", "com", "über", "zur", "x", "y", "don t", "14", "b",
            "bold", "plan", "plann", "trip", "abc", "ábc", "report2", "e", "zebra plan", "nothing",
        ] {
            var query = TaskQuery(ownerID: account.id)
            query.text = text
            query.sort = .title
            queries.append(query)
        }
        var dueWindow = TaskQuery(ownerID: account.id)
        dueWindow.dueFrom = at(43_200 * 3)
        dueWindow.dueTo = CivilDate(daysSinceEpoch: 20_605).startTimestamp
        dueWindow.sort = .due
        queries.append(dueWindow)
        // VIEW-2: the repeating tasks a calendar expands, alone and due by a day.
        var repeating = TaskQuery(ownerID: account.id)
        repeating.repeatsOnly = true
        repeating.sort = .due
        queries.append(repeating)
        repeating.dueTo = CivilDate(daysSinceEpoch: 20_605).startTimestamp
        repeating.statuses = [.pending, .inProgress]
        queries.append(repeating)
    }

    func write(to store: any Store) async throws {
        var batch = WriteBatch(now: epoch)
        batch.append(.putAccount(account))
        for list in lists { batch.append(.putList(list)) }
        for label in labels { batch.append(.putLabel(label)) }
        for task in tasks { batch.append(.putTask(task)) }
        _ = try await store.commit(batch)
    }

    /// Everything else the engines answer about the workload, in a comparable form.
    func summary(of store: any Store) async throws -> [String] {
        var lines: [String] = []
        let roots = tasks.filter { $0.parentID == nil }.map(\.id)
        for root in roots.prefix(40) {
            lines.append("descendants \(try await store.descendants(of: root).map(\.id))")
        }
        let progress = try await store.progress(of: tasks.map(\.id))
        for (id, value) in progress.sorted(by: { $0.key < $1.key }) {
            lines.append("progress \(id) \(value.done)/\(value.total)")
        }
        for list in lists {
            for rank in [nil, "a", "Z", "0", "zz"] as [String?] {
                let pair = try await store.neighbourRanks(listID: list.id, parentID: nil, around: rank)
                lines.append("neighbours \(list.name) \(rank ?? "-") \(ranks(pair))")
            }
            lines.append("list \(try await store.tasks(listID: list.id, includingTrashed: true).map(\.id))")
        }
        let counts = try await store.openTaskCounts(listIDs: lists.map(\.id))
        lines.append("counts \(lists.map { counts[$0.id] ?? 0 })")
        let trash = try await store.trash(ownerID: account.id)
        lines.append("trash \(trash.tasks.map(\.id))")
        for label in labels {
            lines.append("label \(try await store.tasks(labelID: label.id).map(\.id).sorted())")
        }
        lines.append("labels \(try await store.labels(ownerID: account.id).map(\.name))")
        return lines
    }
}

/// A small, seedable generator (SplitMix64), so both engines get the very same workload on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
