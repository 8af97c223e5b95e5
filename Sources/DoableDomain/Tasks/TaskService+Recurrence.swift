public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// TASK-10: completing a repeating task. The task itself moves on to its next occurrence (see docs/recurrence.md
/// for why it is the same task and not a new one): the occurrence done is kept as a `TaskCompletion`, its subtasks
/// are reset, its reminders move with it. Un-completing puts the occurrence back from that record.
extension TaskService {
    /// The rule's canonical text, checked against the task's dates; a repeating task needs a due or start date.
    func checkedRecurrence(_ text: String, for task: TaskItem) throws -> String {
        let rule = try RecurrenceRule(rrule: text)
        guard let anchor = task.due ?? task.start else {
            throw DoableError.invalid("recurrence", "A repeating task needs a due date (or a start date) to repeat from.")
        }
        if let until = rule.until, until.passesAt <= anchor.sortKey {
            throw DoableError.invalid("recurrence", "The rule's UNTIL (\(until)) is before the task's first date (\(anchor)).")
        }
        return rule.description
    }

    /// The next occurrence of a task being completed at `now`, or nil when its series ends (or it does not repeat):
    /// its due date, start date and rule (COUNT counts down by the occurrences it passes).
    func nextOccurrence(
        of task: TaskItem, completedAt now: Timestamp, calendar: ZonedCalendar,
        skipping exceptions: [TaskDate] = []
    )
        -> (due: TaskDate?, start: TaskDate?, recurrence: String)?
    {
        guard let text = task.recurrence, var rule = try? RecurrenceRule(rrule: text),
            let anchor = task.due ?? task.start
        else { return nil }
        let today = calendar.day(of: now)
        func isFuture(_ date: TaskDate) -> Bool {
            switch date {
            case .day(let day): day > today
            case .moment(let moment): moment > now
            }
        }
        let from: TaskDate
        switch task.recurrenceBasis {
        case .due:
            from = anchor
        case .completion:
            // The series starts again on the day it was done, at the time of day the task had.
            switch anchor {
            case .day: from = .day(today)
            case .moment(let moment):
                let (hour, minute) = calendar.wallTime(of: moment)
                from = .moment(calendar.moment(on: today, hour: hour, minute: minute))
            }
        }
        // Occurrences after `from` that are still in the past are passed over (a weekly task done three weeks late
        // comes due next week, not three weeks ago); each one passed counts against COUNT.
        var used = 0
        var next: TaskDate?
        for occurrence in rule.occurrences(from: from, in: calendar).dropFirst().prefix(100_000) {
            used += 1
            if isFuture(occurrence), !Self.isException(occurrence, exceptions, calendar: calendar) {
                next = occurrence
                break
            }
        }
        guard let next else { return nil }
        if let count = rule.count {
            guard count - used >= 1,
                let counted = try? RecurrenceRule(
                    frequency: rule.frequency, interval: rule.interval, count: count - used, until: rule.until,
                    byDay: rule.byDay, byMonthDay: rule.byMonthDay, byMonth: rule.byMonth, bySetPos: rule.bySetPos,
                    weekStart: rule.weekStart)
            else { return nil }
            rule = counted
        }
        let shift = Self.shift(from: anchor, to: next)
        let due = task.due.map { task.due == anchor ? next : Self.moved($0, by: shift) }
        let start = task.start.map { task.start == anchor && task.due == nil ? next : Self.moved($0, by: shift) }
        return (due, start, rule.description)
    }

    /// INTEROP-1: the EXDATEs a CalDAV client set on the task's series (kept in its calendar object): those occurrences
    /// are skipped when the task comes round again.
    func exceptionDates(of task: TaskItem, zone: TimeZone) async throws -> [TaskDate] {
        guard let object = try await store.calendarObject(taskID: task.id) else { return [] }
        return domain.davBodies.parsed(object, zone: zone)?.record?.exceptionDates ?? []
    }

    /// An occurrence an EXDATE names: the same moment, or (a whole-day EXDATE or occurrence) the same day.
    static func isException(_ occurrence: TaskDate, _ exceptions: [TaskDate], calendar: ZonedCalendar) -> Bool {
        exceptions.contains { exception in
            switch (occurrence, exception) {
            case (.moment(let a), .moment(let b)): a == b
            case (.day(let a), .day(let b)): a == b
            case (.moment(let a), .day(let b)): calendar.day(of: a) == b
            case (.day(let a), .moment(let b)): calendar.day(of: b) == a
            }
        }
    }

    /// How far a date moved: whole days between days, milliseconds between moments.
    static func shift(from old: TaskDate, to new: TaskDate) -> (days: Int, milliseconds: Int64) {
        switch (old, new) {
        case (.day(let a), .day(let b)): (b.daysSinceEpoch - a.daysSinceEpoch, Int64(b.daysSinceEpoch - a.daysSinceEpoch) * 86_400_000)
        case (.moment(let a), .moment(let b)):
            (Int((b.milliseconds - a.milliseconds) / 86_400_000), b.milliseconds - a.milliseconds)
        default:
            (
                new.sortKey.civilDate.daysSinceEpoch - old.sortKey.civilDate.daysSinceEpoch,
                new.sortKey.milliseconds - old.sortKey.milliseconds
            )
        }
    }

    static func moved(_ date: TaskDate, by shift: (days: Int, milliseconds: Int64)) -> TaskDate {
        switch date {
        case .day(let day): .day(day.adding(days: shift.days))
        case .moment(let moment): .moment(Timestamp(milliseconds: moment.milliseconds + shift.milliseconds))
        }
    }

    /// What completing `task` writes besides the task itself: the record of the occurrence, and for a repeating task
    /// its next occurrence (the task is changed in place: new dates, pending again), its subtasks reset and its
    /// reminders moved. Returns the operations and the activity detail.
    func completionEffects(
        _ task: inout TaskItem, by identity: Identity, now: Timestamp,
        carrying profile: GameProfile? = nil
    ) async throws
        -> (operations: [WriteBatch.Operation], detail: String, reaction: GameReaction?)
    {
        let before = task
        var operations: [WriteBatch.Operation] = []
        var reset: [TaskID] = []
        var detail = ""
        let calendar = domain.calendar(of: identity.account)
        let exceptions = task.recurrence == nil ? [] : try await exceptionDates(of: task, zone: domain.zone(of: identity.account))
        if let next = nextOccurrence(of: task, completedAt: now, calendar: calendar, skipping: exceptions) {
            task.due = next.due
            task.start = next.start
            task.recurrence = next.recurrence
            task.status = .pending
            task.completedAt = nil
            for var child in try await store.descendants(of: task.id)
            where child.deletedAt == nil && child.status == .completed {
                child.status = .pending
                child.completedAt = nil
                child.updatedAt = now
                child.version += 1
                reset.append(child.id)
                operations.append(.putTask(child))
            }
            let shift = Self.shift(from: (before.due ?? before.start)!, to: (task.due ?? task.start)!)
            operations += try await remindersMoved(with: task, by: shift.milliseconds, unsilencing: true, now: now)
            detail = "Next: \(task.due?.description ?? task.start?.description ?? "")"
        }
        let previous = before.recurrence == nil ? nil : try await store.latestCompletion(taskID: task.id)
        let completion = TaskCompletion(
            id: .make(at: now), taskID: task.id, ownerID: task.ownerID, actorID: identity.account.id, completedAt: now,
            due: before.due, start: before.start, recurrence: before.recurrence,
            nextDue: task.recurrence == nil && before.recurrence == nil ? nil : (task.status == .pending ? task.due : nil),
            resetSubtaskIDs: reset, localDay: calendar.day(of: now),
            onTime: RewardFormula.isOnTime(due: before.due, completedAt: now, calendar: calendar),
            ageSeconds: max(0, (now.milliseconds - (previous?.completedAt ?? before.createdAt).milliseconds) / 1000))
        operations.append(.addCompletion(completion))
        let game = try await domain.game.gameRewardOperations(
            for: completion, of: before, previous: previous, by: identity, now: now,
            carrying: profile)
        return (operations + game.operations, detail, game.reaction)
    }

    /// Every member's reminders on a task that moved to another occurrence: those at a fixed moment move by as much
    /// as the task did (relative ones follow its dates by themselves), snoozes end, and on the way forward silenced
    /// ones speak again; each is scheduled in its owner's time zone.
    func remindersMoved(with task: TaskItem, by milliseconds: Int64, unsilencing: Bool, now: Timestamp) async throws
        -> [WriteBatch.Operation]
    {
        let reminders = try await store.reminders(taskIDs: [task.id])
        guard !reminders.isEmpty else { return [] }
        let calendars = try await domain.reminders.ownerCalendars(of: reminders)
        return reminders.map { reminder in
            var reminder = reminder
            if case .at(let moment) = reminder.trigger {
                reminder.trigger = .at(Timestamp(milliseconds: moment.milliseconds + milliseconds))
            }
            if unsilencing { reminder.silenced = false }
            reminder.snoozedUntil = nil
            reminder.nextAt = reminder.scheduled(for: task, in: calendars[reminder.accountID] ?? Domain.defaultCalendar)
            reminder.updatedAt = now
            reminder.version += 1
            return .putReminder(reminder)
        }
    }

    /// Un-completing: the latest completion is taken back. For a repeating task that moved on (and was not changed
    /// since in its dates), the occurrence comes back with its dates, rule, subtasks and reminders.
    func reopenEffects(_ task: inout TaskItem, by identity: Identity, now: Timestamp) async throws
        -> [WriteBatch.Operation]?
    {
        guard let completion = try await store.latestCompletion(taskID: task.id) else { return nil }
        // GAME-1: un-completing takes the reward back.
        var operations: [WriteBatch.Operation] =
            [.deleteCompletion(completion)]
            + (try await domain.game.gameReversalOperations(for: completion, now: now))
        if task.status == .completed { return operations }
        // A repeating task is pending after completion; only its latest, untouched move is undone.
        guard completion.nextDue != nil, completion.nextDue == task.due else { return nil }
        let moved = task
        task.due = completion.due
        task.start = completion.start
        task.recurrence = completion.recurrence
        if let from = moved.due ?? moved.start, let to = task.due ?? task.start {
            let shift = Self.shift(from: from, to: to)
            operations += try await remindersMoved(with: task, by: shift.milliseconds, unsilencing: false, now: now)
        }
        for var child in try await store.tasks(ids: completion.resetSubtaskIDs)
        where child.deletedAt == nil && child.status != .completed {
            child.status = .completed
            child.completedAt = completion.completedAt
            child.updatedAt = now
            child.version += 1
            operations.append(.putTask(child))
        }
        return operations
    }
}

extension TaskService {
    /// VIEW-4: occurrences of the caller's repeating tasks it completed (the tasks themselves moved on, so the
    /// Completed view shows these next to completed tasks), newest first, with their tasks as they are now.
    public func completedOccurrences(_ identity: Identity, limit: Int = 500) async throws
        -> [(completion: TaskCompletion, task: TaskItem)]
    {
        let completions = try await store.completions(
            ownerID: identity.account.id, since: Timestamp(milliseconds: 0),
            limit: max(1, min(limit, 5000))
        )
        .filter { $0.nextDue != nil }
        let tasks = ReminderService.byID(try await store.tasks(ids: completions.map(\.taskID)), \.id)
        return completions.compactMap { completion in
            guard let task = tasks[completion.taskID], task.deletedAt == nil else { return nil }
            return (completion, task)
        }
    }
}
