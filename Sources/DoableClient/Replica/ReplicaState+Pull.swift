import DoableAPI
import DoableCore
import Foundation

/// A pulled page applied to the base in memory, with the same effect as `BaseTables` has on the tables, so that
/// the base a pull leaves need not be read back from the file.
extension ReplicaState {
    /// Puts the page's entities, then removes what it says is gone, as `Replica.applyPull` does to the tables.
    mutating func takeIn(_ page: PullResponse) throws {
        // The account is the one record whose stored form can differ from what arrived (its preferences are kept
        // as JSON values), so it is read back as a load would read it.
        if let account = page.account {
            self.account = try JSONDecoder().decode(AccountRecord.self, from: JSONEncoder().encode(account.record))
        }
        for list in page.lists { lists[list.id] = list.record }
        for task in page.tasks { tasks[task.id] = task.record }
        for label in page.labels { labels[label.id] = label }
        for reminder in page.reminders { reminders[reminder.id] = reminder.record }
        guard !page.deleted.isEmpty else { return }
        // Deletions only remove, and never change a parent, so one map of children serves them all.
        var children: [TaskID: [TaskID]] = [:]
        for task in tasks.values {
            if let parent = task.parentId { children[parent, default: []].append(task.id) }
        }
        for gone in page.deleted { remove(gone, children: children) }
    }

    /// Removes what the server says is gone. A list takes its tasks and their reminders with it; a task its
    /// subtasks and reminders; a label is taken off every task.
    private mutating func remove(_ gone: DeletedEntity, children: [TaskID: [TaskID]]) {
        switch gone.entity {
        case "list":
            guard let id = ListID(gone.id) else { return }
            removeTasks(tasks.values.filter { $0.listId == id }.map(\.id), children: children)
            lists[id] = nil
        case "task":
            guard let id = TaskID(gone.id) else { return }
            removeTasks([id], children: children)
        case "label":
            guard let id = LabelID(gone.id) else { return }
            labels[id] = nil
            for task in tasks.values where task.labelIds.contains(id) {
                tasks[task.id]?.labelIds.removeAll { $0 == id }
            }
        case "reminder":
            guard let id = ReminderID(gone.id) else { return }
            reminders[id] = nil
        case "account":
            if let id = AccountID(gone.id), account?.id == id { account = nil }
        default:
            break
        }
    }

    /// Removes `roots` and every task below them, with their reminders.
    private mutating func removeTasks(_ roots: [TaskID], children: [TaskID: [TaskID]]) {
        var doomed = Set(roots)
        var queue = roots
        while let next = queue.popLast() {
            for child in children[next] ?? [] where doomed.insert(child).inserted { queue.append(child) }
        }
        guard !doomed.isEmpty else { return }
        for reminder in reminders.values where doomed.contains(reminder.taskId) { reminders[reminder.id] = nil }
        for id in doomed { tasks[id] = nil }
    }
}
