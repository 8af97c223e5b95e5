import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore

/// `doable ls`: the tasks of the replica, with the API's filters and sorts.
struct ListTasksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List tasks (open ones unless --status says otherwise).",
        discussion: """
            Dates take the same forms as --due: 2026-11-30, today, tomorrow, mon, "next fri", "in 3 days".
            Subtasks are shown under their parent in manual order.
            """
    )

    @Option(name: .long, help: "Only this list (a name or an id prefix).") var list: String?
    @Option(name: .long, help: "Only tasks with this label; repeat for tasks with all of them.")
    var label: [String] = []
    @Option(
        name: .long,
        help: """
            pending, inProgress, completed, or all; repeat or separate with commas (default: pending,inProgress).
            """)
    var status: [String] = []
    @Option(name: .long, help: "none, low, medium or high; repeat or separate with commas.") var priority: [String] = []
    @Option(name: .customLong("due-from"), help: "Only tasks due on or after this date.") var dueFrom: String?
    @Option(name: .customLong("due-to"), help: "Only tasks due on or before this date.") var dueTo: String?
    @Option(name: .customLong("q"), help: "Only tasks whose title or notes contain all these words.") var query: String?
    @Option(name: .long, help: "manual, due, priority, title or created (default: your preference in the web app).")
    var sort: String?
    @Flag(name: .long, help: "Show the trash instead.") var trash = false
    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let session = try options.openSession()
        await session.syncBeforeReading()
        let filter = try makeFilter(session)
        let order = try sortOrder(session)
        let snapshot = try session.snapshot()
        let tasks = (trash ? snapshot.trash : snapshot.tasks).filter(filter.matches)
        if json.json { return try JSONOutput.print(TaskOrder.sorted(tasks, by: order)) }
        let trashedLists = trash ? snapshot.allLists.filter(\.isDeleted) : []
        defer { printTrashed(trashedLists, session) }
        guard !tasks.isEmpty else {
            if trashedLists.isEmpty { print(session.style.dim(trash ? "The trash is empty." : "No tasks match.")) }
            return
        }
        let table = try TaskTable(session: session, showsList: filter.listID == nil)
        if order == .manual {
            table.render(TaskOrder.tree(tasks, listOrder: snapshot.allLists.map(\.id))).forEach { print($0) }
        } else {
            table.render(TaskOrder.sorted(tasks, by: order)).forEach { print($0) }
        }
    }

    /// Lists in the trash take their tasks with them, so `--trash` names them too.
    func printTrashed(_ lists: [ListRecord], _ session: Session) {
        guard !lists.isEmpty else { return }
        let style = session.style
        print(
            style.bold("Lists in the trash")
                + style.dim(" (`doable list restore NAME` brings one back with its tasks)"))
        for list in lists { print("  \(list.name) " + style.dim("(\(list.id.description.prefix(13)))")) }
    }

    func makeFilter(_ session: Session) throws -> TaskFilter {
        var filter = TaskFilter(calendar: session.dueWords().calendar)
        if let list { filter.listID = try session.list(list).id }
        filter.labelIDs = try session.labelIDs(named: label, creating: false)
        let statuses = try Self.choices(status, flag: "--status", allowing: TaskStatus.self, all: "all")
        if !status.isEmpty { filter.statuses = Set(statuses) }
        if trash && status.isEmpty { filter.statuses = [] }
        filter.priorities = Set(try Self.choices(priority, flag: "--priority", allowing: TaskPriority.self))
        filter.dueFrom = try dueFrom.map { try session.date($0, flag: "--due-from") }
        filter.dueTo = try dueTo.map { try session.date($0, flag: "--due-to") }
        filter.words = query.map(TaskFilter.words) ?? []
        return filter
    }

    func sortOrder(_ session: Session) throws -> TaskSort {
        if let sort {
            guard let order = TaskSort(rawValue: sort) else {
                let names = TaskSort.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIError.user("--sort must be one of: \(names).")
            }
            return order
        }
        return session.account?.preferences.values["defaultSort"]?.stringValue.flatMap(TaskSort.init(rawValue:))
            ?? .manual
    }

    /// Values of a repeatable, comma-separable choice; `all` (when given) means no restriction (empty).
    static func choices<E: RawRepresentable & CaseIterable>(
        _ values: [String], flag: String, allowing: E.Type, all: String? = nil
    ) throws -> [E] where E.RawValue == String {
        var result: [E] = []
        for value in values.flatMap({ $0.split(separator: ",") }).map(String.init) {
            if value == all { return [] }
            guard let choice = E(rawValue: value) else {
                let allowed = E.allCases.map(\.rawValue) + (all.map { [$0] } ?? [])
                throw CLIError.user("\(flag) must be one of: \(allowed.joined(separator: ", ")) (not '\(value)').")
            }
            result.append(choice)
        }
        return result
    }
}
