public import Foundation

extension QuickAddResult {
    /// A time typed for today that has already passed ("Pay rent today 9am" at 17:57). TASK-2 refuses a deadline
    /// in the past, so quick add, in the web app and the CLI alike, offers the same time tomorrow instead of only
    /// failing. Nil when the due date is not a moment earlier today. Repeating tasks already start at their next
    /// occurrence, so they get nil too.
    public func passedTimeToday(now: Timestamp, zone: TimeZone) -> (passed: Timestamp, tomorrow: Timestamp)? {
        guard recurrence == nil, case .moment(let moment)? = due, moment.milliseconds < now.milliseconds - 60_000
        else { return nil }
        let calendar = ZonedCalendar(zone: zone, weekStart: .monday)
        let today = calendar.day(of: now)
        guard calendar.day(of: moment) == today else { return nil }
        let time = calendar.wallTime(of: moment)
        return (moment, calendar.moment(on: today.adding(days: 1), hour: time.hour, minute: time.minute))
    }

    /// The words both surfaces use for that offer: "9:00 has passed today. Add it for tomorrow 9:00?"
    public static func passedTimeMessage(clock: String) -> String {
        "\(clock) has passed today. Add it for tomorrow \(clock)?"
    }
}
