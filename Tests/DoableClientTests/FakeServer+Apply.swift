import DoableAPI
import DoableClient
import DoableCore

/// The mutations the fake server knows, each applied as the real one would (simplified).
extension FakeServer {
    /// The word the fake server refuses in titles, standing in for a rule only the server can check.
    static let forbiddenWord = "forbidden"

    /// Applies one mutation; returns why it was rejected, or nil.
    func apply(_ mutation: Mutation) -> MutationError? {
        let args = mutation.args
        let text = { (key: String) in args[key]?.stringValue }
        switch mutation.name {
        case "task.create":
            guard let id = text("id").flatMap(TaskID.init), let title = text("title") else { return Self.invalid }
            guard tasks[id] == nil else { return MutationError(code: "already_exists", message: "Id in use.") }
            if title.contains(Self.forbiddenWord) {
                return MutationError(code: "validation_failed", field: "title", message: "That title is not allowed.")
            }
            tasks[id] = TaskRecord(
                id: id, listId: text("listId").flatMap(ListID.init) ?? account.inboxId,
                parentId: text("parentId").flatMap(TaskID.init), title: title, notes: text("notes") ?? "",
                priority: text("priority").flatMap(TaskPriority.init(rawValue:)) ?? .none,
                due: text("due").flatMap(TaskDate.init), createdAt: time, updatedAt: time, version: 1,
                rank: text("rank") ?? "a0")
            touch("task", id)
        case "task.update", "task.complete", "task.delete":
            guard let id = text("id").flatMap(TaskID.init), var task = tasks[id] else {
                return MutationError(code: "not_found", message: "Task not found.")
            }
            guard task.deletedAt == nil else {
                return MutationError(code: "in_trash", message: "The task is in the trash; restore it first.")
            }
            if mutation.name == "task.complete" {
                task.status = .completed
                task.completedAt = time
            } else if mutation.name == "task.delete" {
                task.deletedAt = time
            } else if let fields = args["fields"]?.objectValue {
                if let title = fields["title"]?.stringValue { task.title = title }
                if let notes = fields["notes"]?.stringValue { task.notes = notes }
                if let priority = fields["priority"]?.stringValue.flatMap(TaskPriority.init(rawValue:)) {
                    task.priority = priority
                }
                if let due = fields["due"] { task.due = due.stringValue.flatMap(TaskDate.init) }
            }
            task.version += 1
            task.updatedAt = time
            tasks[id] = task
            touch("task", id)
        case "list.create":
            guard let id = text("id").flatMap(ListID.init), let name = text("name") else { return Self.invalid }
            lists[id] = ListRecord(
                id: id, name: name, color: text("color") ?? "blue", ownerId: account.id,
                createdAt: time, updatedAt: time)
            touch("list", id)
        default:
            return MutationError(code: "unknown_mutation", message: "This server does not know \(mutation.name).")
        }
        return nil
    }

    static let invalid = MutationError(code: "validation_failed", message: "Bad arguments.")

    /// A task made on the server (as if by the web app), in the Inbox unless told otherwise.
    @discardableResult
    func addTask(
        id: TaskID = .make(), title: String, list: ListID? = nil, parent: TaskID? = nil,
        rank: String = "a0", deleted: Bool = false
    ) -> TaskRecord {
        let task = TaskRecord(
            id: id, listId: list ?? account.inboxId, parentId: parent, title: title,
            createdAt: time, updatedAt: time, deletedAt: deleted ? time : nil, rank: rank)
        tasks[id] = task
        touch("task", id)
        return task
    }

    /// Deletes a task for good (it shows in pulls as gone).
    func purge(task id: TaskID) {
        tasks[id] = nil
        touch("task", id, gone: true)
    }

    @discardableResult
    func addLabel(name: String) -> LabelRecord {
        let label = LabelRecord(id: .make(), name: name, createdAt: time, updatedAt: time)
        labels[label.id] = label
        touch("label", label.id)
        return label
    }

    @discardableResult
    func addList(name: String, id: ListID = .make()) -> ListRecord {
        let list = ListRecord(id: id, name: name, ownerId: account.id, createdAt: time, updatedAt: time)
        lists[id] = list
        touch("list", id)
        return list
    }
}
