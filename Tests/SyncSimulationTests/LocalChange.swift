import DoableClient
import DoableCore
import Foundation

/// One change a person makes on a device, online or not, and the read-your-writes check right after it: the
/// replica shows the change at once.
enum LocalChange {
    static func make(on replica: Replica, label: String, random: inout SeededRandom, oracle: SyncOracle) {
        guard let lists = try? replica.lists(), !lists.isEmpty else { return }
        let live = (try? replica.tasks()) ?? []
        let trashed = ((try? replica.tasks(includeDeleted: true)) ?? []).filter(\.isDeleted)
        func check(_ condition: Bool, _ what: String) {
            if !condition { oracle.violation("read-your-writes: \(what) (\(label))") }
        }
        do {
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.3 || live.isEmpty {
                // One in four new tasks is a subtask of a task the device sees.
                if random.chance(0.25), let parent = live.filter({ $0.parentId == nil }).randomElement(using: &random) {
                    let task = try replica.createTask(TaskDraft(title: "sub \(label)", parentID: parent.id))
                    check(try replica.task(id: task.id)?.parentId == parent.id, "a new subtask shows under its parent")
                    return
                }
                let list = lists[Int.random(in: 0..<lists.count, using: &random)]
                let task = try replica.createTask(TaskDraft(title: "new \(label)", listID: list.id))
                check(try replica.task(id: task.id)?.title == "new \(label)", "a new task shows")
                return
            }
            let task = live[Int.random(in: 0..<live.count, using: &random)]
            switch roll {
            case ..<0.6:
                var fields = TaskFields()
                if random.chance(0.7) { fields.title = "title \(label)" }
                if random.chance(0.4) { fields.notes = "notes \(label)" }
                if random.chance(0.4) { fields.priority = TaskPriority.allCases.randomElement(using: &random) }
                if fields.isEmpty { fields.title = "title \(label)" }
                _ = try replica.updateTask(task.id, fields)
                let shown = try replica.task(id: task.id)
                check(fields.title == nil || shown?.title == fields.title, "an edited title shows")
                check(fields.notes == nil || shown?.notes == fields.notes, "edited notes show")
                check(fields.priority == nil || shown?.priority == fields.priority, "an edited priority shows")
            case ..<0.72:
                if task.isCompleted {
                    _ = try replica.reopenTask(task.id)
                    check(try replica.task(id: task.id)?.status == .pending, "a reopened task shows pending")
                } else {
                    _ = try replica.completeTask(task.id)
                    check(try replica.task(id: task.id)?.status == .completed, "a completed task shows completed")
                }
            case ..<0.82:
                _ = try replica.deleteTask(task.id)
                check(try replica.task(id: task.id)?.isDeleted == true, "a deleted task shows in the trash")
            case ..<0.88:
                guard let gone = trashed.randomElement(using: &random) else { return }
                _ = try replica.restoreTask(gone.id)
                check(try replica.task(id: gone.id)?.isDeleted == false, "a restored task shows")
            default:
                let list = lists[Int.random(in: 0..<lists.count, using: &random)]
                let siblings = live.filter { $0.listId == list.id && $0.parentId == nil && $0.id != task.id }
                let after = random.chance(0.5) ? siblings.randomElement(using: &random)?.id : nil
                _ = try replica.moveTask(task.id, toList: list.id, parent: .some(nil), after: after)
                check(try replica.task(id: task.id)?.listId == list.id, "a moved task shows in its new list")
            }
        } catch {
            // A change the replica refuses (nothing changed) is fine; it must say why.
            if !(error is ClientError) { oracle.violation("a local change failed with \(error) (\(label))") }
        }
    }
}
