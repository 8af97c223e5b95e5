public import DoableAPI
public import DoableCore

/// TASK-1..3 and TASK-8 on this device: each change is checked here, queued, and shown at once.
extension Replica {
    /// Makes a task (with a new UUIDv7 id), after its last sibling. Without a list it goes to the parent's list, or
    /// else the account's Inbox (known once this device has synced).
    @discardableResult
    public func createTask(_ draft: TaskDraft) throws -> TaskRecord {
        let title = try ClientError.checking { try Rules.taskTitle(draft.title) }
        let id = TaskID.make(at: now())
        let state = try queue { state in
            let parent = try draft.parentID.map { try state.editableTask($0, field: "parentId") }
            let listID: ListID
            if let requested = draft.listID {
                listID = try state.editableList(requested).id
                if let parent, parent.listId != listID {
                    throw ClientError.invalid(field: "parentId", message: "The parent task is in another list.")
                }
            } else if let parent {
                listID = parent.listId
            } else {
                guard let inbox = state.account?.inboxId, state.lists[inbox] != nil else {
                    throw ClientError.invalid(
                        field: "listId",
                        message:
                            "This device has not synced yet, so it does not know your Inbox: sync first, or name a list.")
                }
                listID = inbox
            }
            let placeholder = TaskRecord(
                id: id, listId: listID, title: title, createdAt: now(), updatedAt: now(),
                rank: "")
            var args = try TaskChecks.createFields(draft, in: state, placeholder: placeholder)
            args["id"] = .text(id)
            args["title"] = .string(title)
            args["listId"] = .text(listID)
            if let parent { args["parentId"] = .text(parent.id) }
            args["rank"] = .string(RankKey.between(state.siblings(in: listID, parent: parent?.id).last?.rank, nil))
            return ("task.create", args)
        }
        return try Self.shown(state.tasks[id], "task")
    }

    /// Changes the fields set in `fields` (nil leaves a field, `.some(nil)` clears it).
    @discardableResult
    public func updateTask(_ id: TaskID, _ fields: TaskFields) throws -> TaskRecord {
        guard !fields.isEmpty else {
            throw ClientError.invalid(field: "fields", message: "Nothing to change: give at least one field.")
        }
        let state = try queue { state in
            let task = try state.editableTask(id)
            let changes = try TaskChecks.fields(fields, for: task, in: state)
            return ("task.update", ["id": .text(id), "fields": .object(changes)])
        }
        return try Self.shown(state.tasks[id], "task")
    }

    /// Marks the task done. A repeating task shows completed until the server moves it on (TASK-10).
    @discardableResult
    public func completeTask(_ id: TaskID) throws -> TaskRecord {
        try simpleTaskChange("task.complete", id) { _ = try $0.editableTask(id) }
    }

    /// Marks a done task as not done.
    @discardableResult
    public func reopenTask(_ id: TaskID) throws -> TaskRecord {
        try simpleTaskChange("task.reopen", id) { _ = try $0.editableTask(id) }
    }

    /// Puts the task and its subtasks in the trash (TASK-8).
    @discardableResult
    public func deleteTask(_ id: TaskID) throws -> TaskRecord {
        try simpleTaskChange("task.delete", id) { _ = try $0.editableTask(id) }
    }

    /// Brings a task back from the trash with the subtasks that went with it.
    @discardableResult
    public func restoreTask(_ id: TaskID) throws -> TaskRecord {
        try simpleTaskChange("task.restore", id) { state in
            let task = try state.existingTask(id)
            guard task.deletedAt != nil else {
                throw ClientError.invalid(field: "id", message: "The task “\(task.title)” is not in the trash.")
            }
            if let list = state.lists[task.listId], list.deletedAt != nil {
                throw ClientError.invalid(
                    field: "id",
                    message:
                        "The task's list “\(list.name)” is in the trash; restore the list first.")
            }
        }
    }

    private func simpleTaskChange(_ name: String, _ id: TaskID, check: (ReplicaState) throws -> Void) throws
        -> TaskRecord
    {
        let state = try queue { state in
            try check(state)
            return (name, ["id": .text(id)])
        }
        return try Self.shown(state.tasks[id], "task")
    }
}
