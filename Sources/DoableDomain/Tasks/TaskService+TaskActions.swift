public import DoableCore
@_spi(StoreWriting) import DoableStore

extension TaskService {
    /// TASK-3 and TASK-4: completes a task, and its open subtasks when asked.
    public func completeTask(
        _ identity: Identity, id: TaskID, includeSubtasks: Bool,
        ifVersion expected: Int64? = nil
    ) async throws -> TaskView {
        let (task, reaction) = try await perform(by: identity.account.id) {
            var task = try await editableTask(id, for: identity)
            try require(version: task.version, expected: expected, of: "task")
            let now = clock()
            var batch = WriteBatch(now: now)
            var reaction: GameReaction?
            // One profile row for the whole batch: each completion's reward adds to what the one before left.
            var profile: GameProfile?
            if task.status != .completed {
                task.status = .completed
                task.completedAt = now
                let effects = try await completionEffects(&task, by: identity, now: now)
                reaction = effects.reaction
                task.updatedAt = now
                task.version += 1
                batch.append(.putTask(task))
                batch.operations += Self.withoutGameProfile(effects.operations, keeping: &profile)
                batch.append(activity(task, .completed, detail: effects.detail, by: identity, at: now))
                batch.operations += try await domain.market.marketTaskDoneNotice(task, by: identity)
            }
            if includeSubtasks {
                // Issue 34: each subtask is completed as if by itself, with its completion record (statistics,
                // GAME-6) and its reward (GAME-1), or its next occurrence when it repeats.
                for var child in try await store.descendants(of: id)
                where child.deletedAt == nil && child.status != .completed {
                    child.status = .completed
                    child.completedAt = now
                    let effects = try await completionEffects(&child, by: identity, now: now, carrying: profile)
                    child.updatedAt = now
                    child.version += 1
                    batch.append(.putTask(child))
                    batch.operations += Self.withoutGameProfile(effects.operations, keeping: &profile)
                    batch.append(activity(child, .completed, detail: effects.detail, by: identity, at: now))
                }
            }
            if let profile { batch.append(.putGameProfile(profile)) }
            return (batch, (task, reaction))
        }
        var view = try await views([task], for: identity)[0]
        view.reward = reaction
        return view
    }

    /// `operations` without their game profile row, which goes to `profile` (the batch writes it once, at the end).
    static func withoutGameProfile(_ operations: [WriteBatch.Operation], keeping profile: inout GameProfile?)
        -> [WriteBatch.Operation]
    {
        operations.filter { operation in
            guard case .game(.putGameProfile(let changed)) = operation else { return true }
            profile = changed
            return false
        }
    }

    /// TASK-3: un-completing is one call too.
    public func reopenTask(_ identity: Identity, id: TaskID, ifVersion expected: Int64? = nil) async throws -> TaskView {
        let task = try await perform(by: identity.account.id) {
            var task = try await editableTask(id, for: identity)
            try require(version: task.version, expected: expected, of: "task")
            let now = clock()
            let effects = try await reopenEffects(&task, by: identity, now: now)
            guard task.status == .completed || effects != nil else { return (WriteBatch(), task) }
            task.status = .pending
            task.completedAt = nil
            task.updatedAt = now
            task.version += 1
            return (
                WriteBatch([.putTask(task)] + (effects ?? []) + [activity(task, .reopened, by: identity)], now: now),
                task
            )
        }
        return try await views([task], for: identity)[0]
    }

    /// TASK-8: the task and its subtasks go to the trash together.
    public func deleteTask(_ identity: Identity, id: TaskID, ifVersion expected: Int64? = nil) async throws {
        try await perform(by: identity.account.id) {
            let task = try await editableTask(id, for: identity)
            try require(version: task.version, expected: expected, of: "task")
            let now = clock()
            var batch = WriteBatch(now: now)
            for var item in try [task] + (await store.descendants(of: id)) where item.deletedAt == nil {
                item.deletedAt = now
                item.trashedWith = id.description
                item.updatedAt = now
                item.version += 1
                batch.append(.putTask(item))
            }
            batch.append(activity(task, .deleted, by: identity, at: now))
            return (batch, ())
        }
    }

    /// TASK-8: brings a trashed task back with what went to the trash with it. If its parent is still in the
    /// trash it comes back at the top level; if its list is, it comes back in the Inbox.
    public func restoreTask(_ identity: Identity, id: TaskID, ifVersion expected: Int64? = nil) async throws -> TaskView {
        let task = try await perform(by: identity.account.id) {
            var task = try await domain.taskAccess(id, for: identity, .editTasks).0
            try require(version: task.version, expected: expected, of: "task")
            guard let key = task.trashedWith, task.deletedAt != nil else {
                throw DoableError.conflict(code: "not_in_trash", field: nil, message: "The task is not in the trash.")
            }
            let now = clock()
            let listIsLive = try await store.list(id: task.listID)?.deletedAt == nil
            let targetList = listIsLive ? task.listID : identity.account.inboxID
            let parentIsLive = try await task.parentID.asyncMap { try await store.task(id: $0)?.deletedAt == nil } ?? true
            if !listIsLive || !parentIsLive {
                task.parentID = nil
                task.rank = RankKey.between(
                    try await store.neighbourRanks(listID: targetList, parentID: nil, around: nil).below, nil)
            }
            task.listID = targetList
            var batch = WriteBatch(now: now)
            let companions = try await store.descendants(of: id)
                .filter { $0.deletedAt != nil && ($0.trashedWith == key || $0.trashedWith == id.description) }
            for var item in [task] + companions {
                item.deletedAt = nil
                item.trashedWith = nil
                item.listID = targetList
                item.updatedAt = now
                item.version += 1
                batch.append(.putTask(item))
                if item.id == id { task = item }
            }
            batch.append(activity(task, .restored, by: identity, at: now))
            return (batch, task)
        }
        return try await views([task], for: identity)[0]
    }

    /// TASK-9: a copy of the task and its subtasks, placed right after the original.
    public func duplicateTask(_ identity: Identity, id: TaskID) async throws -> TaskView {
        let copy = try await perform(by: identity.account.id) {
            let original = try await editableTask(id, for: identity)
            let now = clock()
            let above = try await store.neighbourRanks(
                listID: original.listID, parentID: original.parentID,
                around: original.rank
            ).above
            var newIDs: [TaskID: TaskID] = [:]
            var batch = WriteBatch(now: now)
            var first: TaskItem?
            for item in [original] + (try await store.descendants(of: id)) where item.deletedAt == nil {
                if let parentID = item.parentID, item.id != id, newIDs[parentID] == nil { continue }
                var copy = item
                copy.id = .make(at: now)
                newIDs[item.id] = copy.id
                if item.id == id {
                    copy.rank = RankKey.between(original.rank, above)
                } else {
                    copy.parentID = item.parentID.flatMap { newIDs[$0] }
                }
                copy.createdAt = now
                copy.updatedAt = now
                copy.version = 1
                batch.append(.putTask(copy))
                batch.append(activity(copy, .created, detail: item.title, by: identity, at: now))
                if first == nil { first = copy }
            }
            return (batch, first!)
        }
        return try await views([copy], for: identity)[0]
    }

    /// TASK-5 and TASK-9: moves a task (with its subtasks) to another list, parent or place among its siblings.
    public func moveTask(
        _ identity: Identity, id: TaskID, _ placement: TaskPlacement,
        ifVersion expected: Int64? = nil
    ) async throws -> TaskView {
        let task = try await perform(by: identity.account.id) {
            let task = try await editableTask(id, for: identity)
            try require(version: task.version, expected: expected, of: "task")
            let moved = try await placementBatch(identity, task: task, placement)
            var updated = moved.tasks[0]
            updated.updatedAt = clock()
            updated.version += 1
            var batch = WriteBatch([.putTask(updated)] + moved.tasks.dropFirst().map { .putTask($0) }, now: clock())
            batch.operations += moved.effects
            batch.operations += try await history(of: task, becoming: updated, by: identity)
            return (batch, updated)
        }
        return try await views([task], for: identity)[0]
    }

    /// The task at its new place (version not yet raised) followed by its subtasks with the new list (versions
    /// raised), for a move; and the history of subtasks whose assignee was cleared because they are not a member
    /// of the new list (COLLAB-2: the moved task's own clearing shows in its edit history).
    func placementBatch(_ identity: Identity, task: TaskItem, _ placement: TaskPlacement) async throws
        -> (tasks: [TaskItem], effects: [WriteBatch.Operation])
    {
        var task = task
        let descendants = try await store.descendants(of: task.id)
        let parentID: TaskID?
        if let requested = placement.parentID {
            parentID = requested
        } else if let listID = placement.listID, listID != task.listID {
            parentID = nil
        } else {
            parentID = task.parentID
        }
        let parent = try await parentID.asyncMap { try await editableTask($0, for: identity, field: "parentId") }
        if let parent, parent.id == task.id || descendants.contains(where: { $0.id == parent.id }) {
            throw DoableError.invalid("parentId", "A task cannot be moved under itself or one of its subtasks.")
        }
        let listID: ListID
        if let requested = placement.listID {
            listID = try await domain.editableList(requested, for: identity, field: "listId").id
            if let parent, parent.listID != listID {
                throw DoableError.invalid("parentId", "The parent task is in another list.")
            }
        } else {
            listID = parent?.listID ?? task.listID
        }
        let rank: String
        if let chosen = placement.rank {
            rank = try Self.checkedRank(chosen)
        } else if let beforeID = placement.beforeID {
            let sibling = try await sibling(beforeID, of: task, listID: listID, parentID: parentID, identity, "beforeId")
            let below = try await store.neighbourRanks(listID: listID, parentID: parentID, around: sibling.rank).below
            rank = below == task.rank ? task.rank : RankKey.between(below, sibling.rank)
        } else if let afterID = placement.afterID {
            let sibling = try await sibling(afterID, of: task, listID: listID, parentID: parentID, identity, "afterId")
            let above = try await store.neighbourRanks(listID: listID, parentID: parentID, around: sibling.rank).above
            rank = above == task.rank ? task.rank : RankKey.between(sibling.rank, above)
        } else if listID == task.listID && parentID == task.parentID {
            rank = task.rank
        } else {
            rank = RankKey.between(try await store.neighbourRanks(listID: listID, parentID: parentID, around: nil).below, nil)
        }
        let listChanged = listID != task.listID
        task.listID = listID
        task.parentID = parentID
        task.rank = rank
        guard listChanged, let target = try await store.list(id: listID) else { return ([task], []) }
        // A task belongs to its list's owner; an assignee who is not a member of the new list is cleared.
        var effects: [WriteBatch.Operation] = []
        var memberCache: [AccountID: Bool] = [:]
        func isMember(_ account: AccountID) async throws -> Bool {
            if let known = memberCache[account] { return known }
            let known = try await domain.role(of: account, in: target) != nil
            memberCache[account] = known
            return known
        }
        task.ownerID = target.ownerID
        if let assignee = task.assigneeID, try await !isMember(assignee) { task.assigneeID = nil }
        var moved = [task]
        for var item in descendants {
            item.listID = listID
            item.ownerID = target.ownerID
            if let assignee = item.assigneeID, try await !isMember(assignee) {
                item.assigneeID = nil
                effects.append(
                    activity(
                        item, .unassigned, fields: ["assigneeId"],
                        detail: "Not a member of \(target.name)", by: identity))
            }
            item.updatedAt = clock()
            item.version += 1
            moved.append(item)
        }
        return (moved, effects)
    }

    static func checkedRank(_ rank: String) throws -> String {
        guard RankKey.isValid(rank) else {
            throw DoableError.invalid(
                "rank",
                "'rank' must be a fractional rank key: base-62 digits after a letter, "
                    + "at most 64 characters.")
        }
        return rank
    }

    func sibling(
        _ id: TaskID, of task: TaskItem, listID: ListID, parentID: TaskID?, _ identity: Identity,
        _ field: String
    ) async throws -> TaskItem {
        let sibling = try await editableTask(id, for: identity, field: field)
        guard sibling.id != task.id else {
            throw DoableError.invalid(field, "A task cannot be placed next to itself.")
        }
        guard sibling.listID == listID, sibling.parentID == parentID else {
            throw DoableError.invalid(field, "'\(field)' must be a task with the same list and parent.")
        }
        return sibling
    }
}
