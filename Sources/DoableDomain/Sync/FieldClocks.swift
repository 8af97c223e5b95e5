import DoableCore
@_spi(StoreWriting) import DoableStore

/// SYNC-2: the fields whose last write wins by clock. A task's position (list, parent and rank) is one field, so two
/// concurrent moves cannot leave it in two places.
enum ClockedField {
    static func changed(from old: TaskItem, to new: TaskItem) -> [String] {
        var fields: [String] = []
        if old.title != new.title { fields.append("title") }
        if old.notes != new.notes { fields.append("notes") }
        if old.status != new.status { fields.append("status") }
        if old.priority != new.priority { fields.append("priority") }
        if old.due != new.due { fields.append("due") }
        if old.start != new.start { fields.append("start") }
        if old.estimatedMinutes != new.estimatedMinutes { fields.append("estimatedMinutes") }
        if old.category != new.category { fields.append("category") }
        if old.assigneeID != new.assigneeID { fields.append("assigneeId") }
        if old.labelIDs != new.labelIDs { fields.append("labelIds") }
        if old.recurrence != new.recurrence { fields.append("recurrence") }
        if old.recurrenceBasis != new.recurrenceBasis { fields.append("recurrenceBasis") }
        if old.listID != new.listID || old.parentID != new.parentID || old.rank != new.rank {
            fields.append("position")
        }
        return fields
    }

    static func changed(from old: TaskList, to new: TaskList) -> [String] {
        var fields: [String] = []
        if old.name != new.name { fields.append("name") }
        if old.description != new.description { fields.append("description") }
        if old.color != new.color { fields.append("color") }
        if old.icon != new.icon { fields.append("icon") }
        if old.isArchived != new.isArchived { fields.append("isArchived") }
        return fields
    }

    static func changed(from old: Label, to new: Label) -> [String] {
        var fields: [String] = []
        if old.name != new.name { fields.append("name") }
        if old.color != new.color { fields.append("color") }
        return fields
    }

    /// The clocked fields a task edit sets.
    static func fields(of input: TaskInput) -> [String] {
        var fields: [String] = []
        if input.title != nil { fields.append("title") }
        if input.notes != nil { fields.append("notes") }
        if input.status != nil { fields.append("status") }
        if input.priority != nil { fields.append("priority") }
        if input.due != nil { fields.append("due") }
        if input.start != nil { fields.append("start") }
        if input.estimatedMinutes != nil { fields.append("estimatedMinutes") }
        if input.category != nil { fields.append("category") }
        if input.assigneeID != nil { fields.append("assigneeId") }
        if input.labelIDs != nil { fields.append("labelIds") }
        if input.recurrence != nil { fields.append("recurrence") }
        if input.recurrenceBasis != nil { fields.append("recurrenceBasis") }
        if input.listID != nil || input.parentID != nil { fields.append("position") }
        return fields
    }

    /// Whether a write at `clock` to `field` comes too late: a later write already set it. A field never written
    /// through a clock (set when the item was made) loses to any write.
    static func isSuperseded(_ field: String, in clocks: [String: String], by clock: String) -> Bool {
        (clocks[field] ?? "") > clock
    }

    /// Leaves out of a task edit the fields a later write already set; returns their names.
    static func dropSuperseded(from input: inout TaskInput, clocks: [String: String], clock: String) -> [String] {
        let superseded = fields(of: input).filter { isSuperseded($0, in: clocks, by: clock) }
        for field in superseded {
            switch field {
            case "title": input.title = nil
            case "notes": input.notes = nil
            case "status": input.status = nil
            case "priority": input.priority = nil
            case "due": input.due = nil
            case "start": input.start = nil
            case "estimatedMinutes": input.estimatedMinutes = nil
            case "category": input.category = nil
            case "assigneeId": input.assigneeID = nil
            case "labelIds": input.labelIDs = nil
            case "recurrence": input.recurrence = nil
            case "recurrenceBasis": input.recurrenceBasis = nil
            default: input.listID = nil; input.parentID = nil
            }
        }
        return superseded
    }

    static func dropSuperseded(from input: inout ListInput, clocks: [String: String], clock: String) -> [String] {
        var superseded: [String] = []
        func check(_ name: String, _ isSet: Bool, _ clear: () -> Void) {
            guard isSet, isSuperseded(name, in: clocks, by: clock) else { return }
            superseded.append(name)
            clear()
        }
        check("name", input.name != nil) { input.name = nil }
        check("description", input.description != nil) { input.description = nil }
        check("color", input.color != nil) { input.color = nil }
        check("icon", input.icon != nil) { input.icon = nil }
        check("isArchived", input.isArchived != nil) { input.isArchived = nil }
        return superseded
    }

    /// A label edit's name and colour, without those a later write already set; returns their names.
    static func dropSuperseded(name: inout String?, color: inout String?, clocks: [String: String], clock: String)
        -> [String]
    {
        var superseded: [String] = []
        if name != nil, isSuperseded("name", in: clocks, by: clock) { name = nil; superseded.append("name") }
        if color != nil, isSuperseded("color", in: clocks, by: clock) { color = nil; superseded.append("color") }
        return superseded
    }
}

extension Domain {
    /// The clock stamps of what a batch changes in tasks, lists and labels, read against their stored rows; and for a
    /// task that changed lists, word to its old list's audience.
    func fieldClockStamps(in batch: WriteBatch) async throws -> [WriteBatch.Operation] {
        var tasks: [TaskItem] = []
        var lists: [TaskList] = []
        var labels: [Label] = []
        for operation in batch.operations {
            switch operation {
            case .task(.putTask(let task)) where task.version > 1: tasks.append(task)
            case .task(.putList(let list)) where list.version > 1: lists.append(list)
            case .task(.putLabel(let label)) where label.version > 1: labels.append(label)
            default: break
            }
        }
        guard !tasks.isEmpty || !lists.isEmpty || !labels.isEmpty else { return [] }
        let clock = (SyncScope.current?.clock ?? .server(at: batch.now)).description
        var stamps: [WriteBatch.Operation] = []
        func stamp(_ id: String, _ fields: [String]) {
            if !fields.isEmpty { stamps.append(.stampFieldClocks(entityID: id, fields: fields, clock: clock)) }
        }
        if !tasks.isEmpty {
            let stored = Dictionary(
                try await storedTasks(tasks.map(\.id)).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            for task in tasks {
                guard let old = stored[task.id] else { continue }
                stamp(task.id.description, ClockedField.changed(from: old, to: task))
                // Word that the task left its old list: for whoever saw the old list but cannot see the new one,
                // and for consumers that follow one list (a CalDAV calendar's sync token, INTEROP-1).
                if old.listID != task.listID {
                    stamps.append(.announceTask(task.id, listID: old.listID, listOwner: old.ownerID, onlyTo: nil))
                }
            }
        }
        if !lists.isEmpty {
            let stored = Dictionary(
                try await store.lists(ids: lists.map(\.id)).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            for list in lists { if let old = stored[list.id] { stamp(list.id.description, ClockedField.changed(from: old, to: list)) } }
        }
        for label in labels {
            if let old = try await store.label(id: label.id) { stamp(label.id.description, ClockedField.changed(from: old, to: label)) }
        }
        return stamps
    }

    /// Tasks as stored, from the push run's reads when it made them ahead (`PushRun`).
    func storedTasks(_ ids: [TaskID]) async throws -> [TaskItem] {
        if let known = PushRun.current?.tasks(ids) { return known }
        return try await store.tasks(ids: ids)
    }
}
