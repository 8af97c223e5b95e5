import PublicInit

/// NOTIF-1: a member's reminder on a task, at a moment or relative to the task's due or start date. Reminders are
/// personal: each member of a shared list sets their own, and only they hear it.
@PublicInit
public struct Reminder: Sendable, Equatable, Codable {
    public var id: ReminderID
    public var taskID: TaskID
    public var accountID: AccountID
    public var trigger: Trigger
    /// NOTIF-3: fire at this moment instead (snooze); cleared when it fires.
    public var snoozedUntil: Timestamp?
    /// NOTIF-3: a silenced reminder does not fire again until the task's next occurrence.
    public var silenced: Bool = false
    /// The trigger moment it last fired (or was dropped) for: it fires once per moment, and a new due date or the
    /// next occurrence of a recurring task gives it a new one.
    public var firedFor: Timestamp?
    /// When it fires next; nil when it will not (fired, silenced, no date to be relative to, task done or trashed).
    /// Stored so the scheduler finds due reminders by an index.
    public var nextAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64 = 1

    public enum Trigger: Sendable, Equatable, Codable {
        case at(Timestamp)
        /// `offsetMinutes` is negative before the date ("15 minutes before" is -15).
        case relative(to: Anchor, offsetMinutes: Int)
    }

    public enum Anchor: String, Sendable, Codable, CaseIterable { case due, start }

    /// The hour a reminder relative to a whole-day date counts from, in the member's time zone.
    public static let wholeDayHour = 9

    /// The moment the trigger names for this task, nil when it is relative to a date the task does not have. A
    /// whole-day date counts from 09:00 local.
    public func moment(for task: TaskItem, in calendar: ZonedCalendar) -> Timestamp? {
        switch trigger {
        case .at(let moment):
            return moment
        case .relative(let anchor, let offset):
            guard let date = anchor == .due ? task.due : task.start else { return nil }
            let base: Timestamp =
                switch date {
                case .moment(let moment): moment
                case .day(let day): calendar.moment(on: day, hour: Self.wholeDayHour, minute: 0)
                }
            return base.adding(seconds: Int64(offset) * 60)
        }
    }

    /// `nextAt` recomputed for the task as it is now.
    public func scheduled(for task: TaskItem, in calendar: ZonedCalendar) -> Timestamp? {
        guard !silenced, task.status != .completed, task.deletedAt == nil else { return nil }
        if let snoozedUntil { return snoozedUntil }
        guard let moment = moment(for: task, in: calendar), moment != firedFor else { return nil }
        return moment
    }
}

/// TASK-10: one occurrence of a task completed, kept so that history and statistics see every occurrence of a
/// recurring task, and so that un-completing puts the occurrence back (its dates, rule and reset subtasks).
public struct TaskCompletion: Sendable, Equatable, Codable {
    public var id: CompletionID
    public var taskID: TaskID
    /// The list's owner at the time (whose statistics it counts in); `actorID` is who completed it.
    public var ownerID: AccountID
    public var actorID: AccountID?
    public var completedAt: Timestamp
    /// The occurrence's own dates and rule, put back by un-completing.
    public var due: TaskDate?
    public var start: TaskDate?
    public var recurrence: String?
    /// The next occurrence's due date it produced (nil when the series ended or the task does not repeat).
    public var nextDue: TaskDate?
    /// Subtasks the next occurrence reset to pending.
    public var resetSubtaskIDs: [TaskID]
    /// GAME-6: the day it was done in the completing member's time zone (their statistics group by it), whether it
    /// was done by its deadline (nil: it had none), and how long after the task (or its previous occurrence) was made.
    public var localDay: CivilDate?
    public var onTime: Bool?
    public var ageSeconds: Int64?

    public init(
        id: CompletionID, taskID: TaskID, ownerID: AccountID, actorID: AccountID?, completedAt: Timestamp,
        due: TaskDate?, start: TaskDate?, recurrence: String?, nextDue: TaskDate?, resetSubtaskIDs: [TaskID],
        localDay: CivilDate? = nil, onTime: Bool? = nil, ageSeconds: Int64? = nil
    ) {
        self.localDay = localDay
        self.onTime = onTime
        self.ageSeconds = ageSeconds
        self.id = id
        self.taskID = taskID
        self.ownerID = ownerID
        self.actorID = actorID
        self.completedAt = completedAt
        self.due = due
        self.start = start
        self.recurrence = recurrence
        self.nextDue = nextDue
        self.resetSubtaskIDs = resetSubtaskIDs
    }
}
