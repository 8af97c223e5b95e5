import DoableCore
@_spi(StoreWriting) import DoableStore

/// Whom an edit assigned a task to (COLLAB-2).
enum AssignmentChange: Equatable {
    case none, cleared
    case assigned(AccountID)
}

/// A task's history (TASK-12): every operation that changes a task writes, in the same batch, who did what.
extension TaskService {
    func activity(
        _ task: TaskItem, _ action: TaskActivity.Action, fields: [String] = [], detail: String = "",
        by identity: Identity?, at now: Timestamp? = nil
    ) -> WriteBatch.Operation {
        let at = now ?? clock()
        return .addActivity(
            TaskActivity(
                id: .make(at: at), taskID: task.id, actorID: identity?.account.id,
                action: action, fields: fields, detail: detail, at: at))
    }

    /// The API names of the fields whose values differ.
    static func changedFields(_ old: TaskItem, _ new: TaskItem) -> [String] {
        var fields: [String] = []
        if old.title != new.title { fields.append("title") }
        if old.notes != new.notes { fields.append("notes") }
        if old.priority != new.priority { fields.append("priority") }
        if old.due != new.due { fields.append("due") }
        if old.start != new.start { fields.append("start") }
        if old.estimatedMinutes != new.estimatedMinutes { fields.append("estimatedMinutes") }
        if old.category != new.category { fields.append("category") }
        if old.labelIDs != new.labelIDs { fields.append("labelIds") }
        if old.parentID != new.parentID && old.listID == new.listID { fields.append("parentId") }
        if old.status != new.status && new.status == .inProgress || old.status == .inProgress && new.status == .pending {
            fields.append("status")
        }
        return fields
    }

    /// The history lines of an edit: a move to another list, completion or reopening, a change of assignee, and
    /// one line naming the other fields that changed.
    func history(of old: TaskItem, becoming new: TaskItem, by identity: Identity) async throws
        -> [WriteBatch.Operation]
    {
        let now = clock()
        var lines: [WriteBatch.Operation] = []
        if old.listID != new.listID {
            let name = try await store.list(id: new.listID)?.name ?? ""
            lines.append(activity(new, .moved, fields: ["listId"], detail: name, by: identity, at: now))
        }
        if old.status != .completed && new.status == .completed {
            lines.append(activity(new, .completed, by: identity, at: now))
        } else if old.status == .completed && new.status != .completed {
            lines.append(activity(new, .reopened, by: identity, at: now))
        }
        if old.assigneeID != new.assigneeID {
            if let assignee = new.assigneeID {
                let name = try await store.account(id: assignee)?.username ?? ""
                lines.append(activity(new, .assigned, fields: ["assigneeId"], detail: name, by: identity, at: now))
            } else {
                let reason = old.listID != new.listID ? "Not a member of the new list" : ""
                lines.append(activity(new, .unassigned, fields: ["assigneeId"], detail: reason, by: identity, at: now))
            }
        }
        let fields = Self.changedFields(old, new)
        if !fields.isEmpty { lines.append(activity(new, .edited, fields: fields, by: identity, at: now)) }
        return lines
    }

    /// NOTIF-4: a task newly assigned to someone other than the caller tells them.
    func assignmentEffects(_ change: AssignmentChange, task: TaskItem, listName: String? = nil, by identity: Identity)
        async throws -> [WriteBatch.Operation]
    {
        guard case .assigned(let assignee) = change, assignee != identity.account.id else { return [] }
        var listName = listName
        if listName == nil { listName = try await store.list(id: task.listID)?.name }
        return try await domain.reminders.notification(
            to: assignee, .taskAssigned, title: "\(identity.account.username) assigned you “\(task.title)”",
            body: "In \(listName ?? "its list").", task: task.id, list: task.listID, by: identity)
    }
}
