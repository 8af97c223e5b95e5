public import DoableCore
@_spi(StoreWriting) import DoableStore

/// NOTIF-1 and NOTIF-3: a member's reminders on a task. Anyone who can see a task may set reminders on it for
/// themselves; nobody sees or hears another member's.
extension ReminderService {
    public static let maximumRemindersPerTask = 100
    /// A reminder further away than this is a typo, not a plan.
    static let maximumReminderYears: Int64 = 10
    static let maximumOffsetMinutes = 366 * 24 * 60

    /// The caller's reminders on a task it can see.
    public func reminders(_ identity: Identity, taskID: TaskID) async throws -> [Reminder] {
        _ = try await domain.tasks.visibleTask(taskID, for: identity)
        return try await store.reminders(taskID: taskID, accountID: identity.account.id)
    }

    public func createReminder(
        _ identity: Identity, taskID: TaskID, trigger: Reminder.Trigger,
        id: ReminderID? = nil
    ) async throws -> Reminder {
        try await perform(by: identity.account.id) {
            let task = try await domain.tasks.visibleTask(taskID, for: identity)
            guard task.deletedAt == nil else {
                throw DoableError.conflict(code: "in_trash", field: nil, message: "The task is in the trash; restore it first.")
            }
            let now = clock()
            try validate(trigger, for: task, now: now)
            if try await store.reminders(taskIDs: [taskID]).count >= Self.maximumRemindersPerTask {
                throw DoableError.invalid("reminders", "A task can have at most \(Self.maximumRemindersPerTask) reminders.")
            }
            let id = try await domain.newID(id, exists: { try await store.reminder(id: $0) != nil }) ?? .make(at: now)
            var reminder = Reminder(
                id: id, taskID: taskID, accountID: identity.account.id, trigger: trigger,
                createdAt: now, updatedAt: now)
            reminder = Self.rescheduled(reminder, task: task, calendar: domain.calendar(of: identity.account), now: now)
            return (
                WriteBatch(
                    [
                        .putReminder(reminder),
                        .requireAtMost(.remindersOnTask(taskID, Self.maximumRemindersPerTask)),
                    ], now: now),
                reminder
            )
        }
    }

    /// NOTIF-1 and NOTIF-3: a new trigger, or silenced (until the task's next occurrence) or not.
    public func updateReminder(
        _ identity: Identity, id: ReminderID, trigger: Reminder.Trigger?, silenced: Bool?,
        ifVersion expected: Int64? = nil
    ) async throws -> Reminder {
        try await perform(by: identity.account.id) {
            var (reminder, task) = try await ownReminder(id, for: identity)
            try require(version: reminder.version, expected: expected, of: "reminder")
            let now = clock()
            if let trigger, trigger != reminder.trigger {
                try validate(trigger, for: task, now: now)
                reminder.trigger = trigger
                reminder.firedFor = nil
                reminder.snoozedUntil = nil
            }
            if let silenced {
                reminder.silenced = silenced
                if silenced { reminder.snoozedUntil = nil }
            }
            reminder = Self.rescheduled(reminder, task: task, calendar: domain.calendar(of: identity.account), now: now)
            reminder.updatedAt = now
            reminder.version += 1
            return (WriteBatch([.putReminder(reminder)], now: now), reminder)
        }
    }

    public func deleteReminder(_ identity: Identity, id: ReminderID, ifVersion expected: Int64? = nil) async throws {
        try await perform(by: identity.account.id) {
            let (reminder, _) = try await ownReminder(id, for: identity)
            try require(version: reminder.version, expected: expected, of: "reminder")
            return (WriteBatch([.deleteReminder(reminder)], now: clock()), ())
        }
    }

    public enum Snooze: Sendable, Equatable {
        case minutes(Int)
        case until(Timestamp)
        /// 09:00 tomorrow in the member's time zone.
        case tomorrowMorning
    }

    /// NOTIF-3: the reminder fires again at the chosen moment (also after it fired, which is what snooze is for).
    public func snoozeReminder(_ identity: Identity, id: ReminderID, _ snooze: Snooze) async throws -> Reminder {
        try await perform(by: identity.account.id) {
            var (reminder, task) = try await ownReminder(id, for: identity)
            let now = clock()
            let calendar = domain.calendar(of: identity.account)
            let until: Timestamp
            switch snooze {
            case .minutes(let minutes):
                guard (1...(7 * 24 * 60)).contains(minutes) else {
                    throw DoableError.invalid("minutes", "Snooze for 1 minute to 7 days (10080 minutes).")
                }
                until = now.adding(seconds: Int64(minutes) * 60)
            case .until(let moment):
                guard moment > now, moment <= now.adding(seconds: 366 * 86_400) else {
                    throw DoableError.invalid("until", "Snooze until a moment in the future, within a year.")
                }
                until = moment
            case .tomorrowMorning:
                until = calendar.moment(on: calendar.day(of: now).adding(days: 1), hour: Reminder.wholeDayHour, minute: 0)
            }
            guard task.status != .completed, task.deletedAt == nil else {
                throw DoableError.conflict(
                    code: "task_done", field: nil,
                    message: "The task is completed or in the trash; there is nothing to remind of.")
            }
            reminder.snoozedUntil = until
            reminder.silenced = false
            reminder = Self.rescheduled(reminder, task: task, calendar: calendar, now: now)
            reminder.updatedAt = now
            reminder.version += 1
            return (WriteBatch([.putReminder(reminder)], now: now), reminder)
        }
    }

    /// VIEW-1: the caller's next reminders, soonest first, with their tasks.
    public func upcomingReminders(_ identity: Identity, limit: Int = 10) async throws -> [(Reminder, TaskItem)] {
        let reminders = try await store.upcomingReminders(
            accountID: identity.account.id, from: clock().adding(seconds: -60),
            limit: max(1, min(limit, 100)))
        let tasks = Dictionary(
            try await store.tasks(ids: reminders.map(\.taskID)).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        return reminders.compactMap { reminder in tasks[reminder.taskID].map { (reminder, $0) } }
    }

    /// The caller's own reminder and its task, or 404 (another member's reminder is not there for the caller).
    func ownReminder(_ id: ReminderID, for identity: Identity) async throws -> (Reminder, TaskItem) {
        guard let reminder = try await store.reminder(id: id), reminder.accountID == identity.account.id else {
            throw DoableError.notFound("Reminder not found.")
        }
        let task = try await domain.tasks.visibleTask(reminder.taskID, for: identity)
        return (reminder, task)
    }

    func validate(_ trigger: Reminder.Trigger, for task: TaskItem, now: Timestamp) throws {
        switch trigger {
        case .at(let moment):
            guard moment >= now.adding(seconds: -60) else {
                throw DoableError.invalid("at", "A reminder's moment must not be in the past.")
            }
            guard moment <= now.adding(seconds: Self.maximumReminderYears * 366 * 86_400) else {
                throw DoableError.invalid("at", "A reminder must be within \(Self.maximumReminderYears) years from now.")
            }
        case .relative(let anchor, let offset):
            guard abs(offset) <= Self.maximumOffsetMinutes else {
                throw DoableError.invalid(
                    "offsetMinutes",
                    "A reminder can be at most a year (\(Self.maximumOffsetMinutes) minutes) before or after the date.")
            }
            guard (anchor == .due ? task.due : task.start) != nil else {
                throw DoableError.invalid("relativeTo", "The task has no \(anchor.rawValue) date for the reminder to follow.")
            }
        }
    }

    /// Each reminder owner's calendar, in one read: reminders are scheduled in their owner's time zone.
    func ownerCalendars(of reminders: [Reminder]) async throws -> [AccountID: ZonedCalendar] {
        try await store.accounts(ids: Array(Set(reminders.map(\.accountID))))
            .reduce(into: [:]) { calendars, account in calendars[account.id] = domain.calendar(of: account) }
    }

    /// The reminder's `nextAt` for the task as it is now. A relative reminder whose moment moved into the past (the
    /// task's date changed) counts as passed instead of going off at once; the scheduler's catch-up after downtime is
    /// for reminders whose moment did not move.
    static func rescheduled(_ reminder: Reminder, task: TaskItem, calendar: ZonedCalendar, now: Timestamp) -> Reminder {
        var reminder = reminder
        let next = reminder.scheduled(for: task, in: calendar)
        if let next, next != reminder.nextAt, reminder.snoozedUntil == nil, next < now.adding(seconds: -60) {
            reminder.firedFor = next
            reminder.nextAt = nil
        } else {
            reminder.nextAt = next
        }
        return reminder
    }

    /// Reminders follow their task: a batch that changes tasks' dates, status or trash state also moves (or stops)
    /// every member's reminders on them. Called by `commit` for every batch, so no path can forget it. New tasks have
    /// no reminders, and a batch that already writes a reminder decided it itself.
    func remindersFollowingTasks(in batch: WriteBatch) async throws -> [WriteBatch.Operation] {
        var changed: [TaskID: TaskItem] = [:]
        var decided = Set<ReminderID>()
        for operation in batch.operations {
            switch operation {
            case .task(.putTask(let task)) where task.version > 1: changed[task.id] = task
            case .reminder(.putReminder(let reminder)), .reminder(.deleteReminder(let reminder)): decided.insert(reminder.id)
            default: break
            }
        }
        guard !changed.isEmpty else { return [] }
        let ids = Array(changed.keys)
        var stored = PushRun.current?.reminders(of: ids)
        if stored == nil { stored = try await store.reminders(taskIDs: ids) }
        let reminders = (stored ?? []).filter { !decided.contains($0.id) }
        guard !reminders.isEmpty else { return [] }
        let calendars = try await ownerCalendars(of: reminders)
        var operations: [WriteBatch.Operation] = []
        for reminder in reminders {
            guard let task = changed[reminder.taskID] else { continue }
            var moved = Self.rescheduled(
                reminder, task: task,
                calendar: calendars[reminder.accountID] ?? Domain.defaultCalendar, now: batch.now)
            guard moved != reminder else { continue }
            moved.updatedAt = batch.now
            moved.version += 1
            operations.append(.putReminder(moved))
        }
        return operations
    }
}

extension ReminderService {
    /// INTEROP-1 (issue 34): a member's reminder shows in their calendar app as an alarm of its task, so a changed
    /// reminder changes that task's calendar object for them. Each reminder written or deleted gives its owner a feed
    /// entry about the task in the task's list, so that the calendar's ctag and sync-collection report it. Called by
    /// `commit` for every batch, so no path (the API, the web, sync, CalDAV, firing) can forget it.
    func calendarAnnouncements(in batch: WriteBatch) async throws -> [WriteBatch.Operation] {
        var wanted: [(TaskID, AccountID)] = []
        var seen = Set<String>()
        var inBatch: [TaskID: TaskItem] = [:]
        for operation in batch.operations {
            switch operation {
            case .reminder(.putReminder(let reminder)), .reminder(.deleteReminder(let reminder)):
                if seen.insert("\(reminder.taskID)/\(reminder.accountID)").inserted {
                    wanted.append((reminder.taskID, reminder.accountID))
                }
            case .task(.putTask(let task)): inBatch[task.id] = task
            default: break
            }
        }
        guard !wanted.isEmpty else { return [] }
        let missing = Set(wanted.map(\.0)).subtracting(inBatch.keys)
        var tasks = inBatch
        if !missing.isEmpty {
            for task in try await store.tasks(ids: Array(missing)) { tasks[task.id] = task }
        }
        return wanted.compactMap { taskID, account in
            // A task the batch made has no calendar object anyone fetched yet: its own put announces it.
            guard let task = tasks[taskID], task.version > 1 || inBatch[taskID] == nil else { return nil }
            return .announceTask(taskID, listID: task.listID, listOwner: task.ownerID, onlyTo: account)
        }
    }
}
