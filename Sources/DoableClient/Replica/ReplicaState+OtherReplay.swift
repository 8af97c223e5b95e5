import DoableAPI
import DoableCore
import Foundation

/// Replay of the list, label and reminder mutations (docs/sync.md, "Mutations").
extension ReplicaState {
    static let placeholderOwner = AccountID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))

    mutating func createList(_ args: MutationArgs, at: Timestamp) {
        guard let id: ListID = args.id(), lists[id] == nil, let name = args.string("name") else { return }
        var list = ListRecord(
            id: id, name: name, ownerId: account?.id ?? Self.placeholderOwner, createdAt: at,
            updatedAt: at, version: 0)
        Self.assignFields(args, to: &list)
        lists[id] = list
    }

    mutating func updateList(_ args: MutationArgs, at: Timestamp) {
        guard let id: ListID = args.id(), var list = lists[id], list.deletedAt == nil,
            let fields = args.object("fields")
        else { return }
        Self.assignFields(fields, to: &list)
        list.updatedAt = at
        lists[id] = list
    }

    static func assignFields(_ fields: MutationArgs, to list: inout ListRecord) {
        fields.assign("name", Parse.text, to: &list.name)
        fields.assign("description", Parse.text, to: &list.description)
        fields.assign("color", Parse.text, to: &list.color)
        fields.assign("icon", Parse.text, to: &list.icon)
        fields.assign("isArchived", Parse.bool, to: &list.isArchived)
    }

    /// A list goes to the trash with its tasks; the Inbox cannot.
    mutating func trashList(_ args: MutationArgs, at: Timestamp) {
        guard let id: ListID = args.id(), let list = lists[id], list.deletedAt == nil, !list.isInbox else { return }
        lists[id]?.deletedAt = at
        lists[id]?.updatedAt = at
        for task in tasks.values where task.listId == id && task.deletedAt == nil {
            tasks[task.id]?.deletedAt = at
        }
    }

    /// A list comes back with the tasks that went to the trash with it.
    mutating func restoreList(_ args: MutationArgs, at: Timestamp) {
        guard let id: ListID = args.id(), let trashed = lists[id]?.deletedAt else { return }
        lists[id]?.deletedAt = nil
        lists[id]?.updatedAt = at
        for task in tasks.values where task.listId == id && task.deletedAt == trashed {
            tasks[task.id]?.deletedAt = nil
        }
    }

    mutating func createLabel(_ args: MutationArgs, at: Timestamp) {
        guard let id: LabelID = args.id(), labels[id] == nil, let name = args.string("name") else { return }
        labels[id] = LabelRecord(
            id: id, name: name, color: args.string("color") ?? "gray", createdAt: at,
            updatedAt: at, version: 0)
    }

    mutating func updateLabel(_ args: MutationArgs, at: Timestamp) {
        guard let id: LabelID = args.id(), var label = labels[id], let fields = args.object("fields") else { return }
        fields.assign("name", Parse.text, to: &label.name)
        fields.assign("color", Parse.text, to: &label.color)
        label.updatedAt = at
        labels[id] = label
    }

    /// A label is deleted for good and taken off every task.
    mutating func deleteLabel(_ args: MutationArgs) {
        guard let id: LabelID = args.id(), labels.removeValue(forKey: id) != nil else { return }
        for task in tasks.values where task.labelIds.contains(id) {
            tasks[task.id]?.labelIds.removeAll { $0 == id }
        }
    }

    mutating func createReminder(_ args: MutationArgs, at: Timestamp) {
        guard let id: ReminderID = args.id(), reminders[id] == nil, let taskID: TaskID = args.id("taskId"),
            let task = tasks[taskID], task.deletedAt == nil
        else { return }
        var reminder = ReminderRecord(id: id, taskId: taskID, createdAt: at, updatedAt: at, version: 0)
        if let moment = args.value("at", Parse.moment) {
            reminder.at = moment
            reminder.nextAt = moment
        } else if let anchor = args.value("relativeTo", Parse.raw(Reminder.Anchor.self)) {
            let offset = args.value("offsetMinutes", Parse.int) ?? 0
            reminder.relativeTo = anchor
            reminder.offsetMinutes = offset
            reminder.nextAt = nextMoment(of: task, anchor: anchor, offsetMinutes: offset)
        } else {
            return
        }
        reminders[id] = reminder
    }

    mutating func updateReminder(_ args: MutationArgs) {
        guard let id: ReminderID = args.id(), var reminder = reminders[id] else { return }
        if let moment = args.value("at", Parse.moment) {
            reminder.at = moment
            reminder.relativeTo = nil
            reminder.offsetMinutes = nil
            reminder.nextAt = moment
            reminder.snoozedUntil = nil
        } else if let anchor = args.value("relativeTo", Parse.raw(Reminder.Anchor.self)) {
            let offset = args.value("offsetMinutes", Parse.int) ?? 0
            reminder.at = nil
            reminder.relativeTo = anchor
            reminder.offsetMinutes = offset
            reminder.snoozedUntil = nil
            reminder.nextAt = tasks[reminder.taskId].flatMap { nextMoment(of: $0, anchor: anchor, offsetMinutes: offset) }
        }
        if let silenced = args.value("silenced", Parse.bool) {
            reminder.silenced = silenced
            if silenced { reminder.nextAt = nil }
        }
        reminders[id] = reminder
    }

    mutating func deleteReminder(_ args: MutationArgs) {
        guard let id: ReminderID = args.id() else { return }
        reminders[id] = nil
    }

    /// When a reminder relative to the task's date fires: a whole day counts from 09:00 in the account's zone.
    func nextMoment(of task: TaskRecord, anchor: Reminder.Anchor, offsetMinutes: Int) -> Timestamp? {
        guard task.status != .completed, let date = anchor == .due ? task.due : task.start else { return nil }
        let base: Timestamp
        switch date {
        case .moment(let moment):
            base = moment
        case .day(let day):
            let zone = account?.preferences.timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(secondsFromGMT: 0) ?? .current
            base = ZonedCalendar(zone: zone, weekStart: .monday).moment(on: day, hour: Reminder.wholeDayHour, minute: 0)
        }
        return base.adding(seconds: Int64(offsetMinutes) * 60)
    }
}
