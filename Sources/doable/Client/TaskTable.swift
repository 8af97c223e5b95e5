import DoableAPI
import DoableContractMapping
import DoableCLI
import DoableClient
import DoableCore

/// Tasks as aligned rows: id prefix, ✓/☐, priority, title with labels, list, due date in words.
struct TaskTable {
    let style: Style
    let words: DueWords
    let lists: [ListID: ListRecord]
    let labels: [LabelID: LabelRecord]
    /// Every task id on the device, so shown prefixes stay unique among them all.
    let allIDs: [String]
    var showsList = true

    init(session: Session, showsList: Bool = true) throws {
        let snapshot = try session.snapshot()
        self.init(
            session: session, lists: snapshot.allLists, labels: snapshot.labels, allIDs: snapshot.allTaskIDs,
            showsList: showsList)
    }

    /// A table from what a command read itself (`doable today` reads less than a whole snapshot).
    init(session: Session, lists: [ListRecord], labels: [LabelRecord], allIDs: [String], showsList: Bool = true) {
        style = session.style
        words = session.dueWords()
        self.lists = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.labels = Dictionary(labels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.allIDs = allIDs
        self.showsList = showsList
    }

    /// The lines for `rows` (each task with its depth below a shown parent).
    func render(_ rows: [(task: TaskRecord, depth: Int)]) -> [String] {
        let idLength = IDPrefix.length(for: rows.map(\.task.id.description), among: allIDs)
        var table = Table(columns: [.init(), .init(), .init(), .init(isFlexible: true), .init(), .init()])
        for (task, depth) in rows {
            table.append([
                style.dim(String(task.id.description.prefix(idLength))),
                statusMark(task),
                priorityMark(task.priority),
                String(repeating: "  ", count: depth) + title(task),
                showsList ? (lists[task.listId]?.name ?? "") : "",
                task.due.map { due($0, isCompleted: task.isCompleted) } ?? "",
            ])
        }
        return table.render(maxWidth: Terminal.outputWidth)
    }

    func render(_ tasks: [TaskRecord]) -> [String] { render(tasks.map { ($0, 0) }) }

    func statusMark(_ task: TaskRecord) -> String {
        switch task.status {
        case .completed: style.green("✓")
        case .inProgress: style.yellow("◐")
        case .pending: "☐"
        }
    }

    func priorityMark(_ priority: TaskPriority) -> String {
        switch priority {
        case .high: style.red("!!!")
        case .medium: style.yellow("!!")
        case .low: style.blue("!")
        case .none: ""
        }
    }

    /// The title, dimmed when done, with its labels ("@errand") and a repeat mark.
    func title(_ task: TaskRecord) -> String {
        var text = task.isCompleted || task.isDeleted ? style.dim(task.title) : task.title
        if task.recurrence != nil { text += " " + style.dim("↻") }
        let names = task.labelIds.compactMap { labels[$0]?.name }
        if !names.isEmpty { text += " " + style.cyan(names.map { "@" + $0 }.joined(separator: " ")) }
        return text
    }

    func due(_ date: TaskDate, isCompleted: Bool) -> String {
        let (text, tone) = words.due(date, isCompleted: isCompleted)
        return switch tone {
        case .overdue: style.red(text)
        case .today: style.bold(style.yellow(text))
        case .soon: style.cyan(text)
        case .later: text
        case .done: style.dim(text)
        }
    }
}
