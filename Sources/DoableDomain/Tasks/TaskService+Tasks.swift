public import DoableCore
@_spi(StoreWriting) import DoableStore

extension TaskService {
    /// A task the caller may see (trashed ones included), or 404.
    func visibleTask(_ id: TaskID, for identity: Identity, field: String? = nil) async throws -> TaskItem {
        try await domain.taskAccess(id, for: identity, .read, field: field).0
    }

    /// A task the caller may change: its role allows editing (403 otherwise) and the task is not in the trash.
    func editableTask(_ id: TaskID, for identity: Identity, field: String? = nil) async throws -> TaskItem {
        let task = try await domain.taskAccess(id, for: identity, .editTasks, field: field).0
        guard task.deletedAt == nil else {
            if field != nil { throw DoableError.notFound("Task not found.", field: field) }
            throw DoableError.conflict(code: "in_trash", field: nil, message: "The task is in the trash; restore it first.")
        }
        return task
    }

    public func views(_ tasks: [TaskItem], for identity: Identity) async throws -> [TaskView] {
        let progress = try await store.progress(of: tasks.map(\.id))
        return try await personal(
            tasks.map {
                TaskView(task: $0, progress: progress[$0.id] ?? SubtaskProgress(done: 0, total: 0))
            }, for: identity)
    }

    /// Labels are each member's own (TASK-6): on a shared task a member sees only its own labels.
    func personal(_ views: [TaskView], for identity: Identity) async throws -> [TaskView] {
        guard views.contains(where: { !$0.task.labelIDs.isEmpty }) else { return views }
        let own = Set(try await store.labels(ownerID: identity.account.id).map(\.id))
        return views.map { view in
            var view = view
            view.task.labelIDs.removeAll { !own.contains($0) }
            return view
        }
    }

    public func task(_ identity: Identity, id: TaskID) async throws -> TaskView {
        try await views([visibleTask(id, for: identity)], for: identity)[0]
    }

    /// TASK-5, TASK-7 and COLLAB-3: the tasks matching a query among those the caller may see: its own and those
    /// of the lists shared with it (the query's scope is set here).
    public func tasks(_ identity: Identity, matching query: TaskQuery) async throws -> [TaskView] {
        let query = try await domain.scoped(query, for: identity)
        return try await personal(
            store.tasksWithProgress(matching: query).map { TaskView(task: $0.0, progress: $0.1) }, for: identity)
    }

    /// TASK-1: creates a task; without a list it lands in the Inbox, after its future siblings.
    public func createTask(_ identity: Identity, _ input: TaskInput) async throws -> TaskView {
        let now = clock()
        let title = try Rules.taskTitle(input.title ?? "")
        let task = try await perform(by: identity.account.id) {
            let parent = try await (input.parentID ?? nil).asyncMap { try await editableTask($0, for: identity, field: "parentId") }
            let list: TaskList
            if let requested = input.listID {
                list = try await domain.editableList(requested, for: identity, field: "listId")
                if let parent, parent.listID != list.id {
                    throw DoableError.invalid("parentId", "The parent task is in another list.")
                }
            } else if let parent {
                list = try await domain.editableList(parent.listID, for: identity, field: "parentId")
            } else {
                list = try await domain.editableList(identity.account.inboxID, for: identity, field: "listId")
            }
            let rank: String
            if let chosen = input.rank {
                rank = try Self.checkedRank(chosen)
            } else {
                rank = RankKey.between(
                    try await store.neighbourRanks(listID: list.id, parentID: parent?.id, around: nil).below, nil)
            }
            let id = try await domain.newID(input.id, exists: { try await store.task(id: $0) != nil }) ?? .make(at: now)
            let createdAt = input.isRestoringPreviousValues ? input.createdAt ?? now : now
            var task = TaskItem(
                id: id, ownerID: list.ownerID, listID: list.id, parentID: parent?.id,
                title: title, rank: rank, createdAt: createdAt, updatedAt: now)
            var batch = WriteBatch(now: now)
            let effects = try await apply(input, to: &task, identity: identity, isNew: true)
            batch.append(.putTask(task))
            batch.operations += try await domain.calDAV.calendarObjectOperations(input.calendarResource, for: task, identity: identity)
            batch.append(activity(task, .created, by: identity, at: now))
            batch.operations += try await assignmentEffects(effects, task: task, listName: list.name, by: identity)
            return (batch, task)
        }
        // A task just created has no subtasks yet.
        return try await personal([TaskView(task: task, progress: SubtaskProgress(done: 0, total: 0))], for: identity)[0]
    }

    /// TASK-2: edits any field; a change of list or parent moves the task with its subtasks.
    public func updateTask(
        _ identity: Identity, id: TaskID, _ input: TaskInput,
        ifVersion expected: Int64? = nil
    ) async throws -> TaskView {
        try await views([updatedTask(identity, id: id, input, ifVersion: expected)], for: identity)[0]
    }

    /// `updateTask` without the view of its result (a sync push answers with none).
    func updatedTask(_ identity: Identity, id: TaskID, _ input: TaskInput, ifVersion expected: Int64? = nil)
        async throws -> TaskItem
    {
        try await perform(by: identity.account.id) {
            let before = try await editableTask(id, for: identity)
            var task = before
            try require(version: task.version, expected: expected, of: "task")
            var batch = WriteBatch(now: clock())
            var moveEffects: [WriteBatch.Operation] = []
            if input.listID != nil || input.parentID != nil {
                let placement = TaskPlacement(listID: input.listID, parentID: input.parentID)
                let moved = try await placementBatch(identity, task: task, placement)
                batch.operations += moved.tasks.dropFirst().map { .putTask($0) }
                task = moved.tasks[0]
                moveEffects = moved.effects
            }
            let effects = try await apply(input, to: &task, identity: identity, isNew: false)
            // TASK-3 and TASK-10: a status set by an edit counts like the complete and reopen actions.
            if before.status != .completed && task.status == .completed {
                batch.operations += try await completionEffects(&task, by: identity, now: clock()).operations
            } else if before.status == .completed && task.status != .completed {
                batch.operations += try await reopenEffects(&task, by: identity, now: clock()) ?? []
            }
            task.updatedAt = clock()
            task.version += 1
            batch.operations.insert(.putTask(task), at: 0)
            batch.operations += try await domain.calDAV.calendarObjectOperations(input.calendarResource, for: task, identity: identity)
            batch.operations += moveEffects
            batch.operations += try await history(of: before, becoming: task, by: identity)
            batch.operations += try await assignmentEffects(effects, task: task, by: identity)
            return (batch, task)
        }
    }

    /// The field rules shared by create and edit (TASK-1, TASK-2, TASK-3, TASK-6, COLLAB-2); says whom the task
    /// was newly assigned to, if anyone.
    @discardableResult
    func apply(_ input: TaskInput, to task: inout TaskItem, identity: Identity, isNew: Bool) async throws
        -> AssignmentChange
    {
        let now = clock()
        if let title = input.title { task.title = try Rules.taskTitle(title) }
        if let notes = input.notes { task.notes = try Rules.taskNotes(notes) }
        if let priority = input.priority { task.priority = priority }
        if let category = input.category { task.category = category }
        if let minutes = input.estimatedMinutes { task.estimatedMinutes = try minutes.map(Rules.estimatedMinutes) }
        if let due = input.due {
            if let due, due != task.due || isNew, !input.isRestoringPreviousValues {
                try Rules.dueNotInPast(due, now: now, zone: domain.zone(of: identity.account))
            }
            task.due = due
        }
        if let start = input.start { task.start = start }
        try Rules.startNotAfterDue(start: task.start, due: task.due)
        if let basis = input.recurrenceBasis { task.recurrenceBasis = basis }
        if let recurrence = input.recurrence { task.recurrence = recurrence }
        if let recurrence = task.recurrence, input.recurrence != nil || input.due != nil || input.start != nil {
            task.recurrence = try checkedRecurrence(recurrence, for: task)
        }
        if let status = input.status, status != task.status {
            task.status = status
            task.completedAt = status == .completed ? now : nil
        }
        if task.status == .completed, let kept = input.completedAt, input.isRestoringPreviousValues {
            task.completedAt = kept
        }
        if let labelIDs = input.labelIDs {
            // The caller's labels replace its own; other members' labels on a shared task stay as they are.
            let own = try await store.labels(ownerID: identity.account.id)
            var unique: [LabelID] = []
            for id in labelIDs where !unique.contains(id) {
                guard own.contains(where: { $0.id == id }) else {
                    throw DoableError.notFound("Label \(id) not found.", field: "labelIds")
                }
                unique.append(id)
            }
            let others = task.labelIDs.filter { id in !own.contains(where: { $0.id == id }) }
            task.labelIDs = others + unique
        }
        var change = AssignmentChange.none
        if let assignee = input.assigneeID, assignee != task.assigneeID {
            if let assignee {
                guard let list = try await store.list(id: task.listID),
                    try await domain.role(of: assignee, in: list) != nil
                else {
                    throw DoableError.invalid("assigneeId", "Only the owner or a member of the task's list can be assigned.")
                }
                change = .assigned(assignee)
            } else {
                change = .cleared
            }
            task.assigneeID = assignee
        }
        return change
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
