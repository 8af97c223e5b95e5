import DoableCore

/// Everything Doable keeps, behind one protocol with one engine per database (SQLite, PostgreSQL).
///
/// There is exactly one way to change data: `commit(_:)`, which applies a `WriteBatch` in one transaction
/// together with the change-feed entries it produces. Engines hold no business rules; the domain operations
/// in DoableServer decide what a batch contains.
public protocol Store: Sendable {
    /// Applies every operation of the batch atomically and returns the feed entries it appended.
    /// Throws `StoreError.versionConflict` when a row changed since it was read, and
    /// `StoreError.duplicate` when a unique key (email, username, list or label name) is taken.
    func commit(_ batch: WriteBatch) async throws -> [Change]

    func account(id: AccountID) async throws -> Account?
    /// By email or username, case-insensitively.
    func account(login: String) async throws -> Account?
    func credential(secretHash: String) async throws -> Credential?
    func credentials(of accountID: AccountID) async throws -> [Credential]
    /// The credential with this secret hash and its account, in one read: every authenticated request asks.
    func identity(secretHash: String) async throws -> (Credential, Account)?

    func list(id: ListID) async throws -> TaskList?
    /// The owner's lists in manual order, trashed ones excluded.
    func lists(ownerID: AccountID) async throws -> [TaskList]
    func openTaskCounts(listIDs: [ListID]) async throws -> [ListID: Int]

    func task(id: TaskID) async throws -> TaskItem?
    func tasks(matching query: TaskQuery) async throws -> [TaskItem]
    func tasksWithProgress(matching query: TaskQuery) async throws -> [(TaskItem, SubtaskProgress)]
    /// Every task below `id` (not the task itself), trashed ones included, parents before children.
    func descendants(of id: TaskID) async throws -> [TaskItem]
    /// TASK-4: done/total over each task's live subtree; tasks without subtasks are absent.
    func progress(of ids: [TaskID]) async throws -> [TaskID: SubtaskProgress]
    /// The ranks of live siblings under `parentID` in `listID` next to `rank`: the greatest below it and the
    /// smallest above it. With `rank` nil: the greatest rank of all (for appending).
    func neighbourRanks(listID: ListID, parentID: TaskID?, around rank: String?) async throws
        -> (below: String?, above: String?)
    func tasks(trashedWith key: String) async throws -> [TaskItem]
    func tasks(listID: ListID, includingTrashed: Bool) async throws -> [TaskItem]
    func tasks(labelID: LabelID) async throws -> [TaskItem]

    func label(id: LabelID) async throws -> Label?
    func labels(ownerID: AccountID) async throws -> [Label]

    /// Lists and tasks the owner put in the trash themselves (not the tasks that went with them).
    func trash(ownerID: AccountID) async throws -> (lists: [TaskList], tasks: [TaskItem])
    /// Trashed lists and tasks deleted before `cutoff`, for the purge (TASK-8).
    func expiredTrash(before cutoff: Timestamp, limit: Int) async throws -> (lists: [TaskList], tasks: [TaskItem])

    /// The account's feed entries after `sequence`, oldest first.
    func changes(accountID: AccountID, after sequence: Int64, limit: Int) async throws -> [Change]
    func latestSequence(accountID: AccountID) async throws -> Int64

    /// A cheap round trip to the database, for `/readyz`.
    func ping() async throws
    func close() async throws
}

extension Store {
    /// A page of tasks with the progress of each one's subtree.
    public func tasksWithProgress(matching query: TaskQuery) async throws -> [(TaskItem, SubtaskProgress)] {
        let tasks = try await tasks(matching: query)
        let progress = try await progress(of: tasks.map(\.id))
        return tasks.map { ($0, progress[$0.id] ?? SubtaskProgress(done: 0, total: 0)) }
    }
}

public enum StoreError: Error, Equatable {
    case versionConflict(entity: String, id: String)
    /// A unique key is taken; `key` is `email`, `username` or `name`.
    case duplicate(key: String)
    case referenceMissing(String)
    /// A query ran past the store's time limit and was stopped (issue 10, finding 19). Nothing was changed; the
    /// request may be tried again (the HTTP layer answers 503 with Retry-After).
    case timedOut
}

/// Limits every engine applies.
public enum StoreLimits {
    /// How long one query may run: far above any query Doable makes (a search at 1M tasks takes under 50 ms), so
    /// that only a runaway query meets it. `doable serve --query-timeout` changes it.
    public static let defaultQueryTimeout: Duration = .seconds(5)
}
