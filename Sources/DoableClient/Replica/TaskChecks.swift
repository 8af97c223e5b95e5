import DoableAPI
import DoableCore

/// The task rules of `DoableCore.Rules`, as the server applies them, turned into mutation arguments.
enum TaskChecks {
    /// The `fields` of a `task.update` (or the optional members of a `task.create`): only the fields set, JSON
    /// `null` for cleared ones, every value checked and in the server's form.
    static func fields(_ fields: TaskFields, for task: TaskRecord, in state: ReplicaState) throws
        -> [String: JSONValue]
    {
        var args: [String: JSONValue] = [:]
        if let title = fields.title { args["title"] = .string(try ClientError.checking { try Rules.taskTitle(title) }) }
        if let notes = fields.notes { args["notes"] = .string(try ClientError.checking { try Rules.taskNotes(notes) }) }
        if let status = fields.status { args["status"] = .string(status.rawValue) }
        if let priority = fields.priority { args["priority"] = .string(priority.rawValue) }
        if let due = fields.due { args["due"] = .text(orNull: due) }
        if let start = fields.start { args["start"] = .text(orNull: start) }
        if let labelIDs = fields.labelIDs {
            try state.requireLabels(labelIDs)
            var unique: [LabelID] = []
            for id in labelIDs where !unique.contains(id) { unique.append(id) }
            args["labelIds"] = .array(unique.map { .text($0) })
        }
        if let minutes = fields.estimatedMinutes {
            if let minutes {
                args["estimatedMinutes"] = .int(Int64(try ClientError.checking { try Rules.estimatedMinutes(minutes) }))
            } else {
                args["estimatedMinutes"] = .null
            }
        }
        if let category = fields.category { args["category"] = category.map { .string($0.rawValue) } ?? .null }
        if let assignee = fields.assigneeID { args["assigneeId"] = .text(orNull: assignee) }
        if let basis = fields.recurrenceBasis { args["recurrenceBasis"] = .string(basis.rawValue) }
        let due = fields.due ?? task.due, start = fields.start ?? task.start
        try ClientError.checking { try Rules.startNotAfterDue(start: start, due: due) }
        let recurrence = fields.recurrence ?? task.recurrence
        if let recurrence, fields.recurrence != nil || fields.due != nil || fields.start != nil {
            let checked = try rule(recurrence, due: due, start: start)
            if fields.recurrence != nil { args["recurrence"] = .string(checked) }
        } else if let cleared = fields.recurrence, cleared == nil {
            args["recurrence"] = .null
        }
        return args
    }

    /// TASK-10: a valid RRULE that has a date to repeat from and does not end before it; in its canonical form.
    static func rule(_ text: String, due: TaskDate?, start: TaskDate?) throws -> String {
        let rule = try ClientError.checking { try RecurrenceRule(rrule: text) }
        guard let anchor = due ?? start else {
            throw ClientError.invalid(
                field: "recurrence",
                message: "A repeating task needs a due date (or a start date) to repeat from.")
        }
        if let until = rule.until, until.passesAt <= anchor.sortKey {
            throw ClientError.invalid(
                field: "recurrence",
                message: "The rule's UNTIL (\(until)) is before the task's first date (\(anchor)).")
        }
        return rule.description
    }

    /// The optional members of a `task.create` for `draft`: those that differ from a new task's defaults.
    static func createFields(_ draft: TaskDraft, in state: ReplicaState, placeholder: TaskRecord) throws
        -> [String: JSONValue]
    {
        let fields = TaskFields(
            notes: draft.notes.isEmpty ? nil : draft.notes,
            priority: draft.priority == .none ? nil : draft.priority,
            due: draft.due.map { .some($0) }, start: draft.start.map { .some($0) },
            labelIDs: draft.labelIDs.isEmpty ? nil : draft.labelIDs,
            estimatedMinutes: draft.estimatedMinutes.map { .some($0) },
            category: draft.category.map { .some($0) },
            recurrence: draft.recurrence.map { .some($0) },
            recurrenceBasis: draft.recurrenceBasis == .due ? nil : draft.recurrenceBasis)
        return try self.fields(fields, for: placeholder, in: state)
    }
}
