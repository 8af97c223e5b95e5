public import DoableCore
@_spi(StoreWriting) import DoableStore

extension TaskService {
    /// How long deleted lists and tasks stay restorable (TASK-8).
    public static let trashRetentionSeconds: Int64 = 30 * 86_400

    /// TASK-8 and COLLAB-3: the lists the caller deleted (only owners delete lists), its own trashed tasks and the
    /// trashed tasks of lists shared with it that its role lets it restore.
    public func trash(_ identity: Identity) async throws -> (lists: [TaskList], tasks: [TaskView]) {
        let trash = try await store.trash(ownerID: identity.account.id)
        let restorable = try await domain.sharedLists(identity).filter { $0.0.role >= ListAction.editTasks.leastRole }
        let shared = try await store.trashedTasks(listIDs: restorable.map(\.1.id))
        let tasks = (trash.tasks + shared).sorted {
            ($0.deletedAt ?? .now, $1.id.description) > ($1.deletedAt ?? .now, $0.id.description)
        }
        return (trash.lists, try await views(tasks, for: identity))
    }

    /// LIST-3 and TASK-8: brings a list back from the trash with the tasks that went with it.
    public func restoreList(_ identity: Identity, id: ListID, ifVersion expected: Int64? = nil) async throws -> TaskList {
        try await perform(by: identity.account.id) {
            var list = try await domain.access(id, for: identity, .own, includingTrashed: true).list
            try require(version: list.version, expected: expected, of: "list")
            guard list.deletedAt != nil else {
                throw DoableError.conflict(code: "not_in_trash", field: nil, message: "The list is not in the trash.")
            }
            let now = clock()
            list.deletedAt = nil
            list.updatedAt = now
            list.version += 1
            var batch = WriteBatch([.putList(list)], now: now)
            for var task in try await store.tasks(trashedWith: Self.trashKey(list: id)) {
                task.deletedAt = nil
                task.trashedWith = nil
                task.updatedAt = now
                task.version += 1
                batch.append(.putTask(task))
            }
            return (batch, list)
        }
    }

    /// TASK-8: deletes for good what has been in the trash longer than the retention; returns how many rows went.
    /// Each list or task tree goes in an operation of its own that reads afresh and removes exactly the versions it
    /// read: a list restored (or a task added to it) meanwhile makes the purge start again, and then it finds the
    /// list no longer expired and leaves it.
    @discardableResult
    public func purgeExpiredTrash(limit: Int = 500) async throws -> Int {
        let cutoff = clock().adding(seconds: -Self.trashRetentionSeconds)
        let expired = try await store.expiredTrash(before: cutoff, limit: limit)
        var purged = 0
        var firstError: (any Error)?
        // One item that fails does not hold up the others; the failure is still reported.
        for list in expired.lists {
            do { purged += try await purgeList(list.id, expiredBefore: cutoff) } catch { firstError = firstError ?? error }
        }
        for task in expired.tasks where !expired.lists.contains(where: { $0.id == task.listID }) {
            do { purged += try await purgeTask(task.id, expiredBefore: cutoff) } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
        return purged
    }

    func purgeList(_ id: ListID, expiredBefore cutoff: Timestamp) async throws -> Int {
        try await perform(by: nil) {
            guard let list = try await store.list(id: id), let deletedAt = list.deletedAt, deletedAt < cutoff
            else { return (WriteBatch(), 0) }
            var batch = WriteBatch(now: clock())
            let tasks = try await store.tasks(listID: list.id, includingTrashed: true)
            batch.operations += deepestFirst(tasks).map { .purgeTask($0) }
            batch.append(.purgeList(list))
            return (batch, batch.operations.count)
        }
    }

    func purgeTask(_ id: TaskID, expiredBefore cutoff: Timestamp) async throws -> Int {
        try await perform(by: nil) {
            guard let task = try await store.task(id: id), let deletedAt = task.deletedAt, deletedAt < cutoff
            else { return (WriteBatch(), 0) }
            let subtree = try await store.descendants(of: task.id)
            let batch = WriteBatch(subtree.reversed().map { .purgeTask($0) } + [.purgeTask(task)], now: clock())
            return (batch, batch.operations.count)
        }
    }

    /// The tasks ordered so that every subtask comes before its parent (purges delete children first).
    func deepestFirst(_ tasks: [TaskItem]) -> [TaskItem] {
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var depth: [TaskID: Int] = [:]
        func depthOf(_ task: TaskItem) -> Int {
            if let known = depth[task.id] { return known }
            var level = 0
            var current = task
            var seen: Set<TaskID> = [task.id]
            while let parentID = current.parentID, let parent = byID[parentID], seen.insert(parentID).inserted {
                level += 1
                current = parent
            }
            depth[task.id] = level
            return level
        }
        return tasks.sorted { depthOf($0) > depthOf($1) }
    }
}
