import DoableAPI
import DoableCore

/// Replay of the task mutations (docs/sync.md, "Mutations").
extension ReplicaState {
    mutating func createTask(_ args: MutationArgs, at: Timestamp) {
        guard let id: TaskID = args.id(), tasks[id] == nil, let title = args.string("title") else { return }
        var parent: TaskRecord?
        if let parentID: TaskID = args.id("parentId") {
            guard let found = tasks[parentID], found.deletedAt == nil else { return }
            parent = found
        }
        guard let listID = args.id("listId") ?? parent?.listId ?? account?.inboxId,
            let list = lists[listID], list.deletedAt == nil, parent.map({ $0.listId == listID }) ?? true
        else { return }
        let rank =
            args.string("rank")
            ?? RankKey.sequence(after: siblings(in: listID, parent: parent?.id).last?.rank, count: 1)[0]
        var task = TaskRecord(
            id: id, listId: listID, parentId: parent?.id, title: title, createdAt: at,
            updatedAt: at, version: 0, rank: rank)
        Self.assignFields(args, to: &task, at: at)
        tasks[id] = task
    }

    mutating func updateTask(_ args: MutationArgs, at: Timestamp) {
        guard let id: TaskID = args.id(), var task = tasks[id], task.deletedAt == nil,
            let fields = args.object("fields")
        else { return }
        Self.assignFields(fields, to: &task, at: at)
        task.updatedAt = at
        tasks[id] = task
    }

    /// The fields create and update share.
    static func assignFields(_ fields: MutationArgs, to task: inout TaskRecord, at: Timestamp) {
        fields.assign("title", Parse.text, to: &task.title)
        fields.assign("notes", Parse.text, to: &task.notes)
        fields.assign("priority", Parse.raw(TaskPriority.self), to: &task.priority)
        fields.assign("due", Parse.textCodable(TaskDate.self), to: &task.due)
        fields.assign("start", Parse.textCodable(TaskDate.self), to: &task.start)
        fields.assign("labelIds", Parse.ids, to: &task.labelIds)
        fields.assign("estimatedMinutes", Parse.int, to: &task.estimatedMinutes)
        fields.assign("category", Parse.raw(TaskCategory.self), to: &task.category)
        fields.assign("assigneeId", Parse.textCodable(AccountID.self), to: &task.assigneeId)
        fields.assign("recurrence", Parse.text, to: &task.recurrence)
        fields.assign("recurrenceBasis", Parse.raw(RecurrenceBasis.self), to: &task.recurrenceBasis)
        if let status = fields.value("status", Parse.raw(TaskStatus.self)), status != task.status {
            task.status = status
            task.completedAt = status == .completed ? at : nil
        }
    }

    /// Complete or reopen. A repeating task shows completed until the pull brings its next occurrence.
    mutating func setStatus(_ args: MutationArgs, to status: TaskStatus, at: Timestamp) {
        guard let id: TaskID = args.id(), var task = tasks[id], task.deletedAt == nil, task.status != status
        else { return }
        task.status = status
        task.completedAt = status == .completed ? at : nil
        task.updatedAt = at
        tasks[id] = task
    }

    /// A task goes to the trash with its subtasks.
    mutating func trashTask(_ args: MutationArgs, at: Timestamp) {
        guard let id: TaskID = args.id(), tasks[id]?.deletedAt == nil, tasks[id] != nil else { return }
        for taskID in [id] + descendants(of: id) where tasks[taskID]?.deletedAt == nil {
            tasks[taskID]?.deletedAt = at
            tasks[taskID]?.updatedAt = at
        }
    }

    /// A task comes back with the subtasks that went to the trash with it.
    mutating func restoreTask(_ args: MutationArgs, at: Timestamp) {
        guard let id: TaskID = args.id(), let trashed = tasks[id]?.deletedAt else { return }
        for taskID in [id] + descendants(of: id) where tasks[taskID]?.deletedAt == trashed {
            tasks[taskID]?.deletedAt = nil
            tasks[taskID]?.updatedAt = at
        }
    }

    /// A new position (list, parent, rank together); the subtasks follow to the new list.
    mutating func moveTask(_ args: MutationArgs, at: Timestamp) {
        guard let id: TaskID = args.id(), var task = tasks[id], task.deletedAt == nil else { return }
        let requestedList: ListID? = args.id("listId")
        var parentID = task.parentId
        if let requested = args.nullable("parentId", Parse.textCodable(TaskID.self)) {
            parentID = requested
        } else if let requestedList, requestedList != task.listId {
            parentID = nil
        }
        let parent = parentID.flatMap { tasks[$0] }
        guard parentID == nil || (parent?.deletedAt == nil && parent != nil) else { return }
        let listID = requestedList ?? parent?.listId ?? task.listId
        guard let list = lists[listID], list.deletedAt == nil,
            parent.map({ $0.listId == listID }) ?? true,
            !(parentID.map { isAncestor(id, of: $0) } ?? false)
        else { return }
        task.listId = listID
        task.parentId = parentID
        if let rank = args.string("rank") { task.rank = rank }
        task.updatedAt = at
        tasks[id] = task
        for taskID in descendants(of: id) where tasks[taskID]?.listId != listID {
            tasks[taskID]?.listId = listID
        }
    }
}
