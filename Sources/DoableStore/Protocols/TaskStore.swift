public import DoableCore

/// Lists, tasks, labels, comments, history and the trash (LIST, TASK). One part of `Store`, which every engine implements.
public protocol TaskStore: Sendable {
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
    /// Every task assigned to `accountID`, trashed ones included (account deletion clears them).
    func tasks(assignedTo accountID: AccountID) async throws -> [TaskItem]
    func label(id: LabelID) async throws -> Label?
    func labels(ownerID: AccountID) async throws -> [Label]
    /// These lists (trashed ones included), in no particular order.
    func lists(ids: [ListID]) async throws -> [TaskList]
    func comment(id: CommentID) async throws -> TaskComment?
    /// The task's comments, oldest first.
    func comments(taskID: TaskID) async throws -> [TaskComment]
    /// Every comment the account wrote, for account deletion.
    func comments(authorID: AccountID) async throws -> [TaskComment]
    /// How many comments each task has; tasks without comments are absent.
    func commentCounts(taskIDs: [TaskID]) async throws -> [TaskID: Int]
    /// The task's history, newest first.
    func activity(taskID: TaskID, limit: Int) async throws -> [TaskActivity]
    /// Trashed tasks (the ones trashed themselves, not those that went with them) in these lists: what members of
    /// shared lists see in their trash.
    func trashedTasks(listIDs: [ListID]) async throws -> [TaskItem]
    func tasks(ids: [TaskID]) async throws -> [TaskItem]
    /// The latest completion of the task (TASK-10's un-complete puts it back).
    func latestCompletion(taskID: TaskID) async throws -> TaskCompletion?
    /// Completions of tasks owned by `ownerID` at or after `since`, newest first (history and statistics).
    func completions(ownerID: AccountID, since: Timestamp, limit: Int) async throws -> [TaskCompletion]
    /// TASK-8: undo steps kept under `id` for `accountID`, unless they expired before `now`.
    func shelvedUndo(id: String, accountID: AccountID, now: Timestamp) async throws -> ShelvedUndo?
    /// Lists and tasks the owner put in the trash themselves (not the tasks that went with them).
    func trash(ownerID: AccountID) async throws -> (lists: [TaskList], tasks: [TaskItem])
    /// Trashed lists and tasks deleted before `cutoff`, for the purge (TASK-8).
    func expiredTrash(before cutoff: Timestamp, limit: Int) async throws -> (lists: [TaskList], tasks: [TaskItem])
}

extension TaskStore {
    /// A page of tasks with the progress of each one's subtree.
    public func tasksWithProgress(matching query: TaskQuery) async throws -> [(TaskItem, SubtaskProgress)] {
        let tasks = try await tasks(matching: query)
        let progress = try await progress(of: tasks.map(\.id))
        return tasks.map { ($0, progress[$0.id] ?? SubtaskProgress(done: 0, total: 0)) }
    }
}
