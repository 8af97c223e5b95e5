import DoableClient
import DoableCore

/// What one command reads from the replica, read once: every read of `Replica` replays the whole outbox over the
/// whole base, so a command that asked for the account, the lists, the tasks and the labels separately (and again
/// for each lookup) would pay for that many full loads.
struct ReplicaSnapshot {
    let account: AccountRecord?
    /// Every list, trashed ones too, in the replica's order (Inbox first, then by name).
    let allLists: [ListRecord]
    /// Every task, trashed ones too, in the replica's order (by list, each list as a tree).
    let allTasks: [TaskRecord]
    let labels: [LabelRecord]

    init(_ replica: Replica) throws {
        account = try replica.account()
        allLists = try replica.lists(includeDeleted: true)
        allTasks = try replica.tasks(includeDeleted: true)
        labels = try replica.labels()
    }

    var lists: [ListRecord] { allLists.filter { !$0.isDeleted } }

    /// The tasks not in the trash, by the replica's rule: neither the task nor its list is in the trash.
    var tasks: [TaskRecord] {
        let trashedLists = Set(allLists.filter(\.isDeleted).map(\.id))
        return allTasks.filter { !$0.isDeleted && !trashedLists.contains($0.listId) }
    }

    /// The tasks in the trash, or in a list in the trash.
    var trash: [TaskRecord] {
        let live = Set(tasks.map(\.id))
        return allTasks.filter { !live.contains($0.id) }
    }

    var allTaskIDs: [String] { allTasks.map(\.id.description) }

    func list(id: ListID) -> ListRecord? { allLists.first { $0.id == id } }
}
