import DoableAPI
import DoableCore

/// One consistent view of the replica: the base with the pending mutations replayed on top, and the orders reads
/// return it in, each worked out on first use and kept with the view.
///
/// A view does not change while anyone can see it: ``apply(_:to:key:)`` changes one in place only when nothing
/// else holds it (no snapshot, no other reader), and otherwise makes a new one.
final class ReplicaView: @unchecked Sendable {
    /// nil for a view that is not kept (the replica has never pulled).
    private(set) var key: ViewKey?
    private(set) var state: ReplicaState
    private let orders: LockedValue<Orders>

    init(key: ViewKey?, state: ReplicaState) {
        self.key = key
        self.state = state
        orders = LockedValue(Orders())
    }

    private init(key: ViewKey?, state: ReplicaState, orders: Orders) {
        self.key = key
        self.state = state
        self.orders = LockedValue(orders)
    }

    /// `view` with `mutation` applied, now under `key`: changed in place when nothing else holds it, else a new
    /// view. The orders the mutation cannot change are kept.
    static func apply(_ mutation: Mutation, to view: inout ReplicaView, key: ViewKey?) {
        let kept = view.orders.value.carried(over: mutation)
        if isKnownUniquelyReferenced(&view) {
            view.state.apply(mutation)
            view.key = key
            view.orders.value = kept
        } else {
            var state = view.state
            state.apply(mutation)
            view = ReplicaView(key: key, state: state, orders: kept)
        }
    }

    func sortedTasks(includeDeleted: Bool) -> [TaskRecord] {
        let known = orders.value
        if let tasks = known.tasks[includeDeleted] { return tasks }
        let tasks: [TaskRecord]
        if let order = known.taskOrder[includeDeleted] {
            let byID = state.tasks
            tasks = order.compactMap { byID[$0] }
        } else {
            tasks = state.sortedTasks(includeDeleted: includeDeleted)
        }
        let order = known.taskOrder[includeDeleted] ?? tasks.map(\.id)
        orders.withValue {
            $0.tasks[includeDeleted] = tasks
            $0.taskOrder[includeDeleted] = order
        }
        return tasks
    }

    func sortedLists(includeDeleted: Bool) -> [ListRecord] {
        if let lists = orders.value.lists[includeDeleted] { return lists }
        let lists = state.sortedLists(includeDeleted: includeDeleted)
        orders.withValue { $0.lists[includeDeleted] = lists }
        return lists
    }

    func sortedLabels() -> [LabelRecord] {
        if let labels = orders.value.labels { return labels }
        let labels = state.sortedLabels()
        orders.withValue { $0.labels = labels }
        return labels
    }
}

/// The orders worked out for one view (keyed by `includeDeleted`). The order of the tasks is kept as ids, so it
/// can outlive a change to the tasks' other fields; the records in that order are read again from the state.
private struct Orders: Sendable {
    var taskOrder: [Bool: [TaskID]] = [:]
    var tasks: [Bool: [TaskRecord]] = [:]
    var lists: [Bool: [ListRecord]] = [:]
    var labels: [LabelRecord]?

    /// What stays true once `mutation` is applied (docs/sync.md, "Mutations"). Tasks order by list, parent, rank
    /// and id (and the lists' order); the trash adds `deletedAt`, theirs and their list's. Lists order by Inbox,
    /// name and id (and `deletedAt`); labels by name and id.
    func carried(over mutation: Mutation) -> Orders {
        var kept = Orders()
        switch mutation.name {
        case "task.update", "task.complete", "task.reopen":
            // Fields that no order reads: the orders stay, the records are read again.
            (kept.taskOrder, kept.lists, kept.labels) = (taskOrder, lists, labels)
        case "task.delete", "task.restore":
            // Only `deletedAt`: the order with the trash included stays.
            kept.taskOrder[true] = taskOrder[true]
            (kept.lists, kept.labels) = (lists, labels)
        case "task.create", "task.move":
            (kept.lists, kept.labels) = (lists, labels)
        case "label.create", "label.update", "label.delete":
            // A deleted label leaves the tasks' labels, not their order.
            (kept.taskOrder, kept.lists) = (taskOrder, lists)
        case "list.create", "list.update", "list.delete", "list.restore":
            kept.labels = labels
        default:
            // Reminders, and names replay does not know (it applies nothing): every record stays as it was.
            kept = self
        }
        return kept
    }
}
