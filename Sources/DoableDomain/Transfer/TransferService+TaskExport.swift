public import DoableCore
@_spi(StoreWriting) import DoableStore

/// INTEROP-5: the member's own tasks for the ICS and CSV exports (`GET /api/v1/me/export?format=ics|csv`): every live
/// task of its lists (the trash and other members' lists are the JSON export's), with what names them.
public struct TaskExport: Sendable {
    public var tasks: [TaskItem]
    public var listNames: [ListID: String]
    public var labelNames: [LabelID: String]
    public var reminders: [Reminder]

    /// The tasks as an iCalendar document of VTODOs, as the JSON export's `calendar` writes them.
    public var calendar: String {
        ICalendarWriter.calendar(
            tasks: tasks, labelNames: labelNames, listNames: listNames,
            reminders: Dictionary(grouping: reminders, by: \.taskID))
    }

    /// One CSV row per task, with a header (`TasksCSV`).
    public var csv: String { TasksCSV.document(tasks: tasks, listNames: listNames, labelNames: labelNames) }
}

extension TransferService {
    public func taskExport(_ identity: Identity) async throws -> TaskExport {
        let owner = identity.account.id
        let lists = try await store.lists(ownerID: owner)
        var tasks: [TaskItem] = []
        for list in lists { tasks += Self.treeOrder(try await store.tasks(listID: list.id, includingTrashed: false)) }
        let labels = try await store.labels(ownerID: owner)
        let own = Set(labels.map(\.id))
        // Labels are each member's own (COLLAB-3): another member's labels on the member's tasks are theirs.
        for index in tasks.indices { tasks[index].labelIDs.removeAll { !own.contains($0) } }
        return TaskExport(
            tasks: tasks,
            listNames: Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            labelNames: Dictionary(labels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            reminders: try await store.reminders(accountID: owner))
    }

    /// One list's tasks (in rank order) as a tree is read: each task followed by its subtasks, depth first.
    static func treeOrder(_ tasks: [TaskItem]) -> [TaskItem] {
        let ids = Set(tasks.map(\.id))
        var children: [TaskID: [TaskItem]] = [:]
        var roots: [TaskItem] = []
        for task in tasks {
            if let parent = task.parentID, ids.contains(parent) { children[parent, default: []].append(task) } else { roots.append(task) }
        }
        var ordered: [TaskItem] = []
        var stack = Array(roots.reversed())
        while let task = stack.popLast() {
            ordered.append(task)
            stack += (children[task.id] ?? []).reversed()
        }
        return ordered
    }
}
