public import DoableAPI
public import DoableCore

/// One consistent view of a ``Replica``: the base with the pending changes replayed on top, as of one moment.
///
/// ``Replica/snapshot()`` returns it. Every read of a snapshot sees the same state, however the replica changes
/// meanwhile, and each order is worked out once (the first time it is asked for), so a program that reads the
/// lists, the tasks and the labels to draw one screen pays for one view. The replica's own reads
/// (``Replica/tasks(includeDeleted:)`` and the rest) each read a fresh snapshot.
public struct ReplicaSnapshot: Sendable {
    let view: ReplicaView

    /// The signed-in account, once a pull has brought it.
    public var account: AccountRecord? { view.state.account }

    /// The lists not in the trash: the Inbox first, then by name.
    public var lists: [ListRecord] { view.sortedLists(includeDeleted: false) }

    /// Every list, those in the trash too, in the order of ``lists``.
    public var allLists: [ListRecord] { view.sortedLists(includeDeleted: true) }

    /// The tasks that show without asking for the trash (neither they nor their list in it), in one stable order:
    /// by list (as ``lists``), then as a tree with each task followed by its subtasks, siblings by (rank, id). A
    /// task whose parent is not shown stands at the top level.
    public var tasks: [TaskRecord] { view.sortedTasks(includeDeleted: false) }

    /// Every task, those in the trash (or in a list in the trash) too, in the order of ``tasks``.
    public var allTasks: [TaskRecord] { view.sortedTasks(includeDeleted: true) }

    /// The id of every task, those in the trash too, in no particular order: for when the order does not matter
    /// (it needs no sorting).
    public var taskIDs: some Collection<TaskID> { view.state.tasks.keys }

    /// The labels, by name.
    public var labels: [LabelRecord] { view.sortedLabels() }

    /// The task with `id`, in the trash or not; nil when this device does not have it.
    public func task(id: TaskID) -> TaskRecord? { view.state.tasks[id] }

    /// The list with `id`, in the trash or not; nil when this device does not have it.
    public func list(id: ListID) -> ListRecord? { view.state.lists[id] }

    /// Whether `task` shows without asking for the trash: neither it nor its list is in the trash.
    public func isVisible(_ task: TaskRecord) -> Bool { view.state.isVisible(task) }

    /// The account's own reminders on a task, oldest first.
    public func reminders(taskID: TaskID) -> [ReminderRecord] {
        view.state.reminders.values.filter { $0.taskId == taskID }
            .sorted { ($0.createdAt, IDSortKey($0.id)) < ($1.createdAt, IDSortKey($1.id)) }
    }
}
