import DoableCore
import DoableStore

extension Domain {
    /// How long deleted lists and tasks stay restorable (TASK-8).
    public static let trashRetentionSeconds: Int64 = 30 * 86_400

    public func trash(_ identity: Identity) async throws -> (lists: [TaskList], tasks: [TaskView]) {
        let trash = try await store.trash(ownerID: identity.account.id)
        return (trash.lists, try await views(trash.tasks))
    }

    /// LIST-3 and TASK-8: brings a list back from the trash with the tasks that went with it.
    public func restoreList(_ identity: Identity, id: ListID) async throws -> TaskList {
        try await perform {
            guard var list = try await store.list(id: id), list.ownerID == identity.account.id else {
                throw DoableError.notFound("List not found.")
            }
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
    @discardableResult
    public func purgeExpiredTrash(limit: Int = 500) async throws -> Int {
        let cutoff = clock().adding(seconds: -Self.trashRetentionSeconds)
        let expired = try await store.expiredTrash(before: cutoff, limit: limit)
        var purged = 0
        for list in expired.lists {
            var batch = WriteBatch(now: clock())
            let tasks = try await store.tasks(listID: list.id, includingTrashed: true)
            batch.operations += tasks.reversed().map { .purgeTask($0) }
            batch.append(.purgeList(list))
            try await commit(batch)
            purged += batch.operations.count
        }
        for task in expired.tasks where !expired.lists.contains(where: { $0.id == task.listID }) {
            guard try await store.task(id: task.id) != nil else { continue }
            let subtree = try await store.descendants(of: task.id)
            let batch = WriteBatch(subtree.reversed().map { .purgeTask($0) } + [.purgeTask(task)], now: clock())
            try await commit(batch)
            purged += batch.operations.count
        }
        return purged
    }
}
