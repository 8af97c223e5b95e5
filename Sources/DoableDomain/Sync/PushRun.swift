import DoableCore
@_spi(StoreWriting) import DoableStore
import Synchronization

/// SYNC-1 at speed (issue 32, item 4): a run of a device's field edits, each of a different task, applied by the
/// same domain operations as one at a time, but with their reads made once for the whole run and their batches
/// committed in one transaction together (`Store.commitTogether`), all or none.
///
/// Only edits that read nothing another edit of the run writes may share a run (`SyncMutation.isRunnable`): the
/// task, its list, its field clocks and its reminders are read ahead, so each edit sees them as they were stored.
/// If the run's transaction fails on a conflict (a row changed meanwhile, a mutation handled by a concurrent push),
/// nothing of it was written, and its mutations are applied again one at a time from fresh reads.
final class PushRun: Sendable {
    @TaskLocal static var current: PushRun?

    private struct State {
        var tasks: [TaskID: TaskItem] = [:]
        var clocks: [String: [String: String]] = [:]
        var reminders: [TaskID: [Reminder]] = [:]
        var lists: [String: (TaskList, ListRole?)?] = [:]
        var batches: [WriteBatch] = []
    }

    /// The tasks read ahead: a read of one of them is answered from the run, found or not.
    let taskIDs: Set<TaskID>
    private let state = Mutex(State())

    private init(taskIDs: Set<TaskID>) { self.taskIDs = taskIDs }

    /// Reads the tasks, their field clocks and their reminders in three statements, side by side (a push of one
    /// change waits for one of them, not three: Q-4 counts the server's time).
    static func readingAhead(_ ids: [TaskID], from store: any Store) async throws -> PushRun {
        let run = PushRun(taskIDs: Set(ids))
        async let readTasks = store.tasks(ids: ids)
        async let readClocks = store.fieldClocks(entityIDs: ids.map(\.description))
        async let readReminders = store.reminders(taskIDs: ids)
        let (tasks, clocks, reminders) = try await (readTasks, readClocks, readReminders)
        run.state.withLock { state in
            for task in tasks { state.tasks[task.id] = task }
            state.clocks = clocks
            for reminder in reminders { state.reminders[reminder.taskID, default: []].append(reminder) }
        }
        return run
    }

    /// The stored task, when the run read it ahead (nil inside when it does not exist); nil when it did not.
    func task(_ id: TaskID) -> TaskItem?? {
        guard taskIDs.contains(id) else { return nil }
        return .some(state.withLock { $0.tasks[id] })
    }

    /// The stored rows of `ids` if the run read all of them ahead.
    func tasks(_ ids: [TaskID]) -> [TaskItem]? {
        guard ids.allSatisfy(taskIDs.contains) else { return nil }
        return state.withLock { state in ids.compactMap { state.tasks[$0] } }
    }

    func fieldClocks(of entity: String) -> [String: String]? {
        guard let id = TaskID(entity), taskIDs.contains(id) else { return nil }
        return state.withLock { $0.clocks[entity] ?? [:] }
    }

    func reminders(of ids: [TaskID]) -> [Reminder]? {
        guard ids.allSatisfy(taskIDs.contains) else { return nil }
        return state.withLock { state in ids.flatMap { state.reminders[$0] ?? [] } }
    }

    /// A list with the caller's role in it, read once per run (edits do not change lists or memberships).
    func list(_ id: ListID, roleOf account: AccountID, from store: any Store) async throws -> (TaskList, ListRole?)? {
        let key = "\(id)/\(account)"
        if let known = state.withLock({ $0.lists[key] }) { return known }
        let found = try await store.list(id: id, roleOf: account)
        state.withLock { $0.lists[key] = .some(found) }
        return found
    }

    /// Keeps a batch to be committed with the run's others.
    func stage(_ batch: WriteBatch) { state.withLock { $0.batches.append(batch) } }

    /// The batches staged so far, in order; the run forgets them.
    func takeBatches() -> [WriteBatch] {
        state.withLock { state in
            defer { state.batches = [] }
            return state.batches
        }
    }
}
