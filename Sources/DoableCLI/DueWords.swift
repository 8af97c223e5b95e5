public import DoableCore
public import Foundation

/// Due and start dates in words, in the member's time zone, relative to an injectable `now`: "today",
/// "tomorrow", "yesterday", "in 3 days", "Mon 30 Nov", "2 days overdue"; a moment adds its local time
/// ("today 14:00").
///
/// The member's zone, not the machine's, decides what "today" is, as in the web app: a task due on the 30th is
/// due "today" on the 30th wherever the terminal is.
public struct DueWords: Sendable {
    public let calendar: ZonedCalendar
    public let now: Timestamp

    /// How pressing a date is, for colour.
    public enum Tone: Sendable, Equatable { case overdue, today, soon, later, done }

    public init(timeZone: TimeZone, weekStart: Preferences.Weekday = .monday, now: Timestamp = .now) {
        calendar = ZonedCalendar(zone: timeZone, weekStart: weekStart)
        self.now = now
    }

    /// A member's time zone by name; an unknown or missing name counts as UTC, as on the server.
    public init(timeZoneName: String?, now: Timestamp = .now) {
        self.init(timeZone: timeZoneName.flatMap(TimeZone.init(identifier:)) ?? .gmt, now: now)
    }

    public var today: CivilDate { calendar.day(of: now) }

    /// The local day a date falls on.
    public func day(of date: TaskDate) -> CivilDate {
        switch date {
        case .day(let day): day
        case .moment(let moment): calendar.day(of: moment)
        }
    }

    /// A due date as listings show it; `isCompleted` tasks are never overdue.
    public func due(_ date: TaskDate, isCompleted: Bool = false) -> (text: String, tone: Tone) {
        let offset = day(of: date).daysSinceEpoch - today.daysSinceEpoch
        let isOverdue = !isCompleted && date.passesAt <= now
        let tone: Tone =
            switch true {
            case isCompleted: .done
            case isOverdue: .overdue
            case offset == 0: .today
            case offset <= 6: .soon
            default: .later
            }
        if isOverdue && offset <= -2 { return ("\(-offset) days overdue", tone) }
        return (words(date), tone)
    }

    /// The date in words with no judgement: "today 14:00", "in 3 days", "Mon 30 Nov".
    public func words(_ date: TaskDate) -> String {
        let dayWords = words(day(of: date))
        guard case .moment(let moment) = date else { return dayWords }
        return "\(dayWords) \(time(of: moment))"
    }

    /// A day relative to today.
    public func words(_ day: CivilDate) -> String {
        switch day.daysSinceEpoch - today.daysSinceEpoch {
        case 0: "today"
        case 1: "tomorrow"
        case -1: "yesterday"
        case let offset where (2...6).contains(offset): "in \(offset) days"
        default: short(day)
        }
    }

    /// "Mon 30 Nov", with the year when it is not this year's.
    public func short(_ day: CivilDate) -> String {
        let text = "\(Self.weekdays[ZonedCalendar.weekday(of: day)]) \(day.day) \(Self.months[day.month - 1])"
        return day.year == today.year ? text : "\(text) \(day.year)"
    }

    /// "HH:MM" on the member's clock.
    public func time(of moment: Timestamp) -> String {
        let wall = calendar.wallTime(of: moment)
        return (wall.hour < 10 ? "0" : "") + "\(wall.hour):" + (wall.minute < 10 ? "0" : "") + "\(wall.minute)"
    }

    /// How long ago a past moment was: "just now", "5 minutes ago", "3 hours ago", "yesterday 14:00", "Mon 30 Nov".
    public func ago(_ moment: Timestamp) -> String {
        let seconds = (now.milliseconds - moment.milliseconds) / 1000
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return seconds / 60 == 1 ? "1 minute ago" : "\(seconds / 60) minutes ago"
        case ..<(12 * 3600): return seconds / 3600 == 1 ? "1 hour ago" : "\(seconds / 3600) hours ago"
        default: return words(.moment(moment))
        }
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
