public import DoableAPI
public import DoableCore

/// NOTIF-1 on this device: the account's own reminders on a task, checked here, queued, and shown at once.
extension Replica {
    /// The most reminders one task can have.
    static let maximumRemindersPerTask = 100
    /// How far before or after its date a relative reminder can be: a year.
    static let maximumOffsetMinutes = 366 * 24 * 60

    /// A reminder at a moment, which must not be in the past.
    @discardableResult
    public func createReminder(taskID: TaskID, at moment: Timestamp) throws -> ReminderRecord {
        guard moment >= now().adding(seconds: -60) else {
            throw ClientError.invalid(field: "at", message: "A reminder's moment must not be in the past.")
        }
        return try createReminder(taskID: taskID, ["at": .text(moment)]) { _ in }
    }

    /// A reminder `offsetMinutes` after (negative: before) the task's `relativeTo` date; a whole-day date counts
    /// from 09:00 in the account's time zone.
    @discardableResult
    public func createReminder(taskID: TaskID, relativeTo anchor: Reminder.Anchor, offsetMinutes: Int) throws
        -> ReminderRecord
    {
        guard abs(offsetMinutes) <= Self.maximumOffsetMinutes else {
            throw ClientError.invalid(
                field: "offsetMinutes",
                message: "A reminder can be at most a year before or after the date.")
        }
        let args: [String: JSONValue] = ["relativeTo": .string(anchor.rawValue), "offsetMinutes": .int(Int64(offsetMinutes))]
        return try createReminder(taskID: taskID, args) { task in
            guard (anchor == .due ? task.due : task.start) != nil else {
                throw ClientError.invalid(
                    field: "relativeTo",
                    message: "The task has no \(anchor.rawValue) date for the reminder to follow.")
            }
        }
    }

    /// A reminder relative to the task's date, the date named as text: `due` or `start` (any case).
    @discardableResult
    public func createReminder(taskID: TaskID, relativeTo anchor: String, offsetMinutes: Int) throws
        -> ReminderRecord
    {
        guard let anchor = Reminder.Anchor(rawValue: anchor.lowercased()) else {
            throw ClientError.invalid(field: "relativeTo", message: "A reminder follows the task's “due” or “start” date.")
        }
        return try createReminder(taskID: taskID, relativeTo: anchor, offsetMinutes: offsetMinutes)
    }

    private func createReminder(
        taskID: TaskID, _ trigger: [String: JSONValue],
        check: (TaskRecord) throws -> Void
    ) throws -> ReminderRecord {
        let id = ReminderID.make(at: now())
        let state = try queue { state in
            let task = try state.existingTask(taskID, field: "taskId")
            guard task.deletedAt == nil else {
                throw ClientError.invalid(field: "taskId", message: "The task “\(task.title)” is in the trash; restore it first.")
            }
            try check(task)
            if state.reminders.values.count(where: { $0.taskId == taskID }) >= Self.maximumRemindersPerTask {
                throw ClientError.invalid(
                    field: "reminders",
                    message: "A task can have at most \(Self.maximumRemindersPerTask) reminders.")
            }
            return ("reminder.create", trigger.merging(["id": .text(id), "taskId": .text(taskID)]) { $1 })
        }
        return try Self.shown(state.reminders[id], "reminder")
    }

    /// Moves one of the account's reminders to a moment, which must not be in the past (issue 34: reminders are
    /// edited offline too, not only made and deleted).
    public func updateReminder(_ id: ReminderID, at moment: Timestamp) throws {
        guard moment >= now().adding(seconds: -60) else {
            throw ClientError.invalid(field: "at", message: "A reminder's moment must not be in the past.")
        }
        try updateReminder(id, ["at": .text(moment)])
    }

    /// Makes one of the account's reminders follow the task's `relativeTo` date by `offsetMinutes`.
    public func updateReminder(_ id: ReminderID, relativeTo anchor: Reminder.Anchor, offsetMinutes: Int) throws {
        guard abs(offsetMinutes) <= Self.maximumOffsetMinutes else {
            throw ClientError.invalid(
                field: "offsetMinutes",
                message: "A reminder can be at most a year before or after the date.")
        }
        try updateReminder(id, ["relativeTo": .string(anchor.rawValue), "offsetMinutes": .int(Int64(offsetMinutes))]) {
            state, reminder in
            guard let task = state.tasks[reminder.taskId], (anchor == .due ? task.due : task.start) != nil else {
                throw ClientError.invalid(
                    field: "relativeTo",
                    message: "The task has no \(anchor.rawValue) date for the reminder to follow.")
            }
        }
    }

    /// Silences one of the account's reminders until the task's next occurrence, or lets it speak again.
    public func setReminderSilenced(_ id: ReminderID, _ silenced: Bool) throws {
        try updateReminder(id, ["silenced": .bool(silenced)])
    }

    private func updateReminder(
        _ id: ReminderID, _ fields: [String: JSONValue],
        check: (ReplicaState, ReminderRecord) throws -> Void = { _, _ in }
    ) throws {
        _ = try queue { state in
            guard let reminder = state.reminders[id] else {
                throw ClientError.notFound("No reminder \(id) on this device.")
            }
            try check(state, reminder)
            return ("reminder.update", fields.merging(["id": .text(id)]) { $1 })
        }
    }

    /// Deletes one of the account's reminders.
    public func deleteReminder(_ id: ReminderID) throws {
        _ = try queue { state in
            guard state.reminders[id] != nil else { throw ClientError.notFound("No reminder \(id) on this device.") }
            return ("reminder.delete", ["id": .text(id)])
        }
    }
}
