import HTTPTypes
import DoableCore
import Foundation

/// Dates and times as a member sees them: in their time zone, in words ("Tomorrow 09:00", "Overdue 2 days").
struct MemberTime: Sendable {
    let calendar: ZonedCalendar
    let now: Timestamp

    init(preferences: Preferences, now: Timestamp = .now) {
        calendar = ZonedCalendar(preferences: preferences)
        self.now = now
    }

    var today: CivilDate { date(of: now) }

    func date(of moment: Timestamp) -> CivilDate { calendar.day(of: moment) }

    /// "HH:mm" in the member's zone.
    func time(of moment: Timestamp) -> String {
        let wall = calendar.wallTime(of: moment)
        return String(format: "%02d:%02d", wall.hour, wall.minute)
    }

    /// The moment a local date and "HH:mm" name in the member's zone.
    func moment(on day: CivilDate, at time: String) -> Timestamp? {
        let pieces = time.split(separator: ":")
        guard pieces.count >= 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return nil }
        return calendar.moment(on: day, hour: hour, minute: minute)
    }

    /// The local day a due date falls on.
    func day(of due: TaskDate) -> CivilDate { calendar.day(of: due) }

    /// The date in words relative to today.
    func words(_ day: CivilDate) -> String {
        let offset = day.daysSinceEpoch - today.daysSinceEpoch
        switch offset {
        case 0: return "Today"
        case 1: return "Tomorrow"
        case -1: return "Yesterday"
        case 2...6: return Self.weekdayName(day)
        default:
            let month = Self.monthNames[day.month - 1].prefix(3)
            return day.year == today.year ? "\(day.day) \(month)" : "\(day.day) \(month) \(day.year)"
        }
    }

    /// A due date as the task rows show it; overdue ones say by how much.
    func dueWords(_ due: TaskDate, isCompleted: Bool) -> (text: String, isOverdue: Bool) {
        let day = day(of: due)
        let isOverdue = !isCompleted && due.passesAt <= now
        if isOverdue {
            let late = today.daysSinceEpoch - day.daysSinceEpoch
            if late >= 1 { return (late == 1 ? "Overdue 1 day" : "Overdue \(late) days", true) }
            if case .moment(let moment) = due { return ("Overdue since \(time(of: moment))", true) }
        }
        switch due {
        case .day: return (words(day), isOverdue)
        case .moment(let moment): return ("\(words(day)) \(time(of: moment))", isOverdue)
        }
    }

    /// "Monday 23 November 2026".
    func longWords(_ day: CivilDate) -> String {
        "\(Self.weekdayName(day)) \(day.day) \(Self.monthNames[day.month - 1]) \(day.year)"
    }

    /// A day's heading: "Tomorrow · Tuesday 24 November 2026" near today, else the long date alone (not
    /// "Wednesday · Wednesday 25 November 2026").
    func heading(_ day: CivilDate) -> String {
        abs(day.daysSinceEpoch - today.daysSinceEpoch) <= 1 ? "\(words(day)) · \(longWords(day))" : longWords(day)
    }

    /// The first day of the week containing `day`, by the member's week start.
    func weekStart(of day: CivilDate) -> CivilDate { calendar.startOfWeek(containing: day) }
    /// "Next week": the first day of the week after this one (the row menu's preset and the due chip's choice).
    var nextWeek: CivilDate { weekStart(of: today).adding(days: 7) }

    static func weekdayName(_ day: CivilDate) -> String { weekdayNames[ZonedCalendar.weekday(of: day)] }

    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
}
