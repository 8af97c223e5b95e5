import DoableAPI
import DoableContractMapping
import DoableClient
import DoableCore

/// What the commands read besides the library's view: a command reads the replica once (`Session.snapshot()`)
/// and looks everything up in that one snapshot.
extension ReplicaSnapshot {
    /// The tasks in the trash, or in a list in the trash, in the replica's order.
    var trash: [TaskRecord] { allTasks.filter { !isVisible($0) } }

    /// Every task's id as text (for unique prefixes), in no particular order.
    var allTaskIDs: [String] { taskIDs.map(\.description) }
}
