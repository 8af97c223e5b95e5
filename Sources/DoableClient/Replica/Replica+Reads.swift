public import DoableAPI
public import DoableCore
import GRDB

/// Reads: the base state with the pending changes replayed on top. Each is a read of a fresh ``snapshot()``;
/// the view behind it is kept between reads and brought up to date by the changes made here, so reads cost little
/// however large the account.
extension Replica {
    /// The replica as it is now, for several reads of one consistent state.
    public func snapshot() throws -> ReplicaSnapshot {
        ReplicaSnapshot(view: try database.read { db in try cache.view(db) })
    }

    /// The signed-in account, once a pull has brought it.
    /// (Replaying pending changes never changes the account, so this reads its one row and nothing else.)
    public func account() throws -> AccountRecord? {
        try database.read { db in try BaseTables.all(db, "account", as: AccountRecord.self).first }
    }

    /// The lists: the Inbox first, then by name. Lists in the trash only when `includeDeleted`.
    public func lists(includeDeleted: Bool = false) throws -> [ListRecord] {
        let snapshot = try snapshot()
        return includeDeleted ? snapshot.allLists : snapshot.lists
    }

    /// Every task in one stable order: by list (as ``lists(includeDeleted:)``), then as a tree with each task
    /// followed by its subtasks, siblings by (rank, id). Tasks in the trash (or in a list in the trash) only when
    /// `includeDeleted`.
    public func tasks(includeDeleted: Bool = false) throws -> [TaskRecord] {
        let snapshot = try snapshot()
        return includeDeleted ? snapshot.allTasks : snapshot.tasks
    }

    /// The task with `id`, in the trash or not; nil when this device does not have it.
    public func task(id: TaskID) throws -> TaskRecord? {
        try snapshot().task(id: id)
    }

    /// The labels, by name.
    public func labels() throws -> [LabelRecord] {
        try snapshot().labels
    }

    /// The account's own reminders on a task, oldest first.
    public func reminders(taskID: TaskID) throws -> [ReminderRecord] {
        try snapshot().reminders(taskID: taskID)
    }

    /// How many changes made on this device the server has not yet shown back.
    public func pendingCount() throws -> Int {
        try database.read { db in try Outbox.count(db) }
    }

    /// The changes the server refused, oldest first (kept until ``clearRejections()``).
    public func rejections() throws -> [Rejection] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM rejections ORDER BY mutation_id").map { row in
                let at: String = row["at"]
                return Rejection(
                    mutationId: row["mutation_id"], name: row["name"], entityId: row["entity_id"],
                    code: row["code"], field: row["field"], message: row["message"],
                    at: Timestamp(rfc3339: at) ?? Timestamp(milliseconds: 0))
            }
        }
    }

    /// Forgets the reported rejections (once the user has seen them).
    public func clearRejections() throws {
        try database.write { db in try db.execute(sql: "DELETE FROM rejections") }
    }

    /// When a sync last completed its pull; nil before the first.
    public func lastSyncAt() throws -> Timestamp? {
        try database.read { db in try Meta.get(db, .lastSyncAt).flatMap { Timestamp(rfc3339: $0) } }
    }

    /// The cursor of the last pulled page; nil before the first.
    public func cursor() throws -> String? {
        try database.read { db in try Meta.get(db, .cursor) }
    }

    /// The pending mutations, in the order they will be pushed.
    public func pendingMutations() throws -> [Mutation] {
        try database.read { db in try Outbox.mutations(db) }
    }
}
