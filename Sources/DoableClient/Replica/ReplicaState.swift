import DoableAPI
import DoableCore

/// Everything the replica holds, in memory: the base with the pending mutations replayed on top (`load`), or the
/// base alone. Replay follows the server's rules (docs/sync.md), so what a read shows is what the server will
/// show once it has the changes; a mutation whose target is missing or in the trash is skipped, as the server
/// would reject it.
struct ReplicaState: Sendable {
    var account: AccountRecord?
    var lists: [ListID: ListRecord] = [:]
    var tasks: [TaskID: TaskRecord] = [:]
    var labels: [LabelID: LabelRecord] = [:]
    var reminders: [ReminderID: ReminderRecord] = [:]

    /// Applies one mutation the way the server would; one it does not know shows nothing (the server rejects it).
    mutating func apply(_ mutation: Mutation) {
        let args = MutationArgs(mutation.args)
        let at = mutation.moment
        switch mutation.name {
        case "task.create": createTask(args, at: at)
        case "task.update": updateTask(args, at: at)
        case "task.complete": setStatus(args, to: .completed, at: at)
        case "task.reopen": setStatus(args, to: .pending, at: at)
        case "task.delete": trashTask(args, at: at)
        case "task.restore": restoreTask(args, at: at)
        case "task.move": moveTask(args, at: at)
        case "list.create": createList(args, at: at)
        case "list.update": updateList(args, at: at)
        case "list.delete": trashList(args, at: at)
        case "list.restore": restoreList(args, at: at)
        case "label.create": createLabel(args, at: at)
        case "label.update": updateLabel(args, at: at)
        case "label.delete": deleteLabel(args)
        case "reminder.create": createReminder(args, at: at)
        case "reminder.update": updateReminder(args)
        case "reminder.delete": deleteReminder(args)
        default: break
        }
    }

    // MARK: Trees

    /// The ids of the tasks below `id`, at any depth (a cycle in bad data stops the walk).
    func descendants(of id: TaskID) -> [TaskID] {
        var children: [TaskID: [TaskID]] = [:]
        for task in tasks.values {
            if let parent = task.parentId { children[parent, default: []].append(task.id) }
        }
        var found: [TaskID] = []
        var seen: Set<TaskID> = [id]
        var queue = children[id] ?? []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            found.append(next)
            queue += children[next] ?? []
        }
        return found
    }

    /// Whether `ancestor` is `id` itself or above it.
    func isAncestor(_ ancestor: TaskID, of id: TaskID) -> Bool {
        var current: TaskID? = id
        var steps = 0
        while let task = current, steps <= Rules.maximumTaskDepth {
            if task == ancestor { return true }
            current = tasks[task]?.parentId
            steps += 1
        }
        return false
    }

    /// The tasks with `parent` in `list` that are not in the trash, in order.
    func siblings(in list: ListID, parent: TaskID?, excluding excluded: TaskID? = nil) -> [TaskRecord] {
        tasks.values
            .filter { $0.listId == list && $0.parentId == parent && $0.deletedAt == nil && $0.id != excluded }
            .map { (key: RankOrder($0), task: $0) }
            .sorted { $0.key < $1.key }
            .map(\.task)
    }
}
