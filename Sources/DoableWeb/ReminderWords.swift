import DoableCore

/// NOTIF-1 and NOTIF-3: a reminder in words, as the task page and Today show it, in the member's time zone:
/// "15 minutes before due", "At Tue 24 Nov 09:00", "Snoozed until Today 10:05", "Silenced", "Next: Tomorrow 08:45".
struct ReminderWords {
    let time: MemberTime

    /// When the reminder is set to go off.
    func trigger(_ trigger: Reminder.Trigger) -> String {
        switch trigger {
        case .at(let moment):
            return "At \(self.moment(moment))"
        case .relative(let anchor, let offset):
            let date = anchor == .due ? "due" : "start"
            guard offset != 0 else { return "At the \(date) time" }
            return "\(Self.duration(minutes: abs(offset))) \(offset < 0 ? "before" : "after") \(date)"
        }
    }

    /// Where the reminder stands; nil when nothing needs saying (a reminder at a moment, still to come).
    func state(_ reminder: Reminder, task: TaskItem) -> String? {
        if reminder.silenced { return "Silenced" }
        if let until = reminder.snoozedUntil { return "Snoozed until \(near(until))" }
        if task.status == .completed { return "The task is done" }
        if task.deletedAt != nil { return "The task is in the trash" }
        if let next = reminder.nextAt {
            if case .at(let moment) = reminder.trigger, moment == next { return nil }
            return "Next: \(near(next))"
        }
        if case .relative(let anchor, _) = reminder.trigger, (anchor == .due ? task.due : task.start) == nil {
            return "Waits for a \(anchor == .due ? "due" : "start") date"
        }
        return reminder.firedFor.map { "Went off \(near($0))" } ?? "Passed"
    }

    /// "Tue 24 Nov 09:00", with the year when it is not this one.
    func moment(_ moment: Timestamp) -> String {
        let day = time.date(of: moment)
        let month = MemberTime.monthNames[day.month - 1].prefix(3)
        let year = day.year == time.today.year ? "" : " \(day.year)"
        return "\(MemberTime.weekdayName(day).prefix(3)) \(day.day) \(month)\(year) \(time.time(of: moment))"
    }

    /// A moment near now as the task rows say days: "Today 09:00", "Tomorrow 08:45", "Friday 09:00", "24 Nov 09:00".
    func near(_ moment: Timestamp) -> String { "\(time.words(time.date(of: moment))) \(time.time(of: moment))" }

    /// "15 minutes", "1 hour", "2 days": the largest whole unit.
    static func duration(minutes: Int) -> String {
        func counted(_ number: Int, _ unit: String) -> String { number == 1 ? "1 \(unit)" : "\(number) \(unit)s" }
        if minutes % 1440 == 0 { return counted(minutes / 1440, "day") }
        if minutes % 60 == 0 { return counted(minutes / 60, "hour") }
        return counted(minutes, "minute")
    }
}
