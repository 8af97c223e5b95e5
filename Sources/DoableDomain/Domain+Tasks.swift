import DoableCore
@_spi(StoreWriting) import DoableStore

extension Domain {
    /// A task the caller may see (trashed ones included), or 404.
    func visibleTask(_ id: TaskID, for identity: Identity, field: String? = nil) async throws -> TaskItem {
        guard let task = try await store.task(id: id), task.ownerID == identity.account.id else {
            throw DoableError.notFound("Task not found.", field: field)
        }
        return task
    }

    /// A task the caller may change: visible and not in the trash.
    func editableTask(_ id: TaskID, for identity: Identity, field: String? = nil) async throws -> TaskItem {
        let task = try await visibleTask(id, for: identity, field: field)
        guard task.deletedAt == nil else {
            if field != nil { throw DoableError.notFound("Task not found.", field: field) }
            throw DoableError.conflict(code: "in_trash", field: nil, message: "The task is in the trash; restore it first.")
        }
        return task
    }

    public func views(_ tasks: [TaskItem]) async throws -> [TaskView] {
        let progress = try await store.progress(of: tasks.map(\.id))
        return tasks.map { TaskView(task: $0, progress: progress[$0.id] ?? SubtaskProgress(done: 0, total: 0)) }
    }

    public func task(_ identity: Identity, id: TaskID) async throws -> TaskView {
        try await views([visibleTask(id, for: identity)])[0]
    }

    /// TASK-5 and TASK-7: the caller's tasks matching a query (the query's owner is set here).
    public func tasks(_ identity: Identity, matching query: TaskQuery) async throws -> [TaskView] {
        var query = query
        query.ownerID = identity.account.id
        if let listID = query.listID { _ = try await visibleList(listID, for: identity, field: "list") }
        return try await store.tasksWithProgress(matching: query).map { TaskView(task: $0.0, progress: $0.1) }
    }

    /// TASK-1: creates a task; without a list it lands in the Inbox, after its future siblings.
    public func createTask(_ identity: Identity, _ input: TaskInput) async throws -> TaskView {
        let now = clock()
        let title = try Rules.taskTitle(input.title ?? "")
        let task = try await perform(by: identity.account.id) {
            let parent = try await (input.parentID ?? nil).asyncMap { try await editableTask($0, for: identity, field: "parentId") }
            let listID: ListID
            if let requested = input.listID {
                listID = try await visibleList(requested, for: identity, field: "listId").id
                if let parent, parent.listID != listID {
                    throw DoableError.invalid("parentId", "The parent task is in another list.")
                }
            } else {
                listID = parent?.listID ?? identity.account.inboxID
            }
            let last = try await store.neighbourRanks(listID: listID, parentID: parent?.id, around: nil).below
            var task = TaskItem(id: .make(at: now), ownerID: identity.account.id, listID: listID, parentID: parent?.id,
                                title: title, rank: RankKey.between(last, nil), createdAt: now, updatedAt: now)
            try await apply(input, to: &task, identity: identity, isNew: true)
            return (WriteBatch([.putTask(task)], now: now), task)
        }
        // A task just created has no subtasks yet.
        return TaskView(task: task, progress: SubtaskProgress(done: 0, total: 0))
    }

    /// TASK-2: edits any field; a change of list or parent moves the task with its subtasks.
    public func updateTask(_ identity: Identity, id: TaskID, _ input: TaskInput,
                           ifVersion expected: Int64? = nil) async throws -> TaskView {
        let task = try await perform(by: identity.account.id) {
            var task = try await editableTask(id, for: identity)
            try require(version: task.version, expected: expected, of: "task")
            var batch = WriteBatch(now: clock())
            if input.listID != nil || input.parentID != nil {
                let placement = TaskPlacement(listID: input.listID, parentID: input.parentID)
                let moved = try await placementBatch(identity, task: task, placement)
                batch.operations += moved.dropFirst().map { .putTask($0) }
                task = moved[0]
            }
            try await apply(input, to: &task, identity: identity, isNew: false)
            task.updatedAt = clock()
            task.version += 1
            batch.operations.insert(.putTask(task), at: 0)
            return (batch, task)
        }
        return try await views([task])[0]
    }

    /// The field rules shared by create and edit (TASK-1, TASK-2, TASK-3, TASK-6).
    func apply(_ input: TaskInput, to task: inout TaskItem, identity: Identity, isNew: Bool) async throws {
        let now = clock()
        if let title = input.title { task.title = try Rules.taskTitle(title) }
        if let notes = input.notes { task.notes = try Rules.taskNotes(notes) }
        if let priority = input.priority { task.priority = priority }
        if let category = input.category { task.category = category }
        if let minutes = input.estimatedMinutes { task.estimatedMinutes = try minutes.map(Rules.estimatedMinutes) }
        if let due = input.due {
            if let due, due != task.due || isNew, !input.isRestoringPreviousValues {
                try Rules.dueNotInPast(due, now: now, zone: zone(of: identity.account))
            }
            task.due = due
        }
        if let start = input.start { task.start = start }
        try Rules.startNotAfterDue(start: task.start, due: task.due)
        if let status = input.status, status != task.status {
            task.status = status
            task.completedAt = status == .completed ? now : nil
        }
        if let labelIDs = input.labelIDs {
            var unique: [LabelID] = []
            for id in labelIDs where !unique.contains(id) {
                guard let label = try await store.label(id: id), label.ownerID == identity.account.id else {
                    throw DoableError.notFound("Label \(id) not found.", field: "labelIds")
                }
                unique.append(label.id)
            }
            task.labelIDs = unique
        }
        if let assignee = input.assigneeID {
            if let assignee, assignee != identity.account.id {
                throw DoableError.notFound("Only members of the task's list can be assigned.", field: "assigneeId")
            }
            task.assigneeID = assignee
        }
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
