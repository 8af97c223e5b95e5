import HTTPTypes
import DoableCore
import Foundation

/// Dates and times as a member sees them: in their time zone, in words ("Tomorrow 09:00", "Overdue 2 days").
struct MemberTime: Sendable {
    let zone: TimeZone
    let now: Timestamp
    let weekStart: Preferences.Weekday
    private let calendar: Calendar

    init(preferences: Preferences, now: Timestamp = .now) {
        zone = TimeZone(identifier: preferences.timeZone) ?? .gmt
        self.now = now
        weekStart = preferences.weekStart
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    var today: CivilDate { date(of: now) }

    func date(of moment: Timestamp) -> CivilDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: moment.date)
        return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? moment.civilDate
    }

    /// "HH:mm" in the member's zone.
    func time(of moment: Timestamp) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: moment.date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The moment a local date and "HH:mm" name in the member's zone.
    func moment(on day: CivilDate, at time: String) -> Timestamp? {
        let pieces = time.split(separator: ":")
        guard pieces.count >= 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...23).contains(hour),
              (0...59).contains(minute) else { return nil }
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        return calendar.date(from: parts).map(Timestamp.init)
    }

    /// The local day a due date falls on.
    func day(of due: TaskDate) -> CivilDate {
        switch due {
        case .day(let day): day
        case .moment(let moment): date(of: moment)
        }
    }

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

    /// The first day of the week containing `day`, by the member's week start.
    func weekStart(of day: CivilDate) -> CivilDate {
        let first: Int = switch weekStart {
        case .monday: 1
        case .saturday: 6
        case .sunday: 0
        }
        let weekday = Self.weekdayIndex(day)
        return day.adding(days: -((weekday - first + 7) % 7))
    }

    /// 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday.
    static func weekdayIndex(_ day: CivilDate) -> Int { ((day.daysSinceEpoch % 7) + 7 + 4) % 7 }

    static func weekdayName(_ day: CivilDate) -> String { weekdayNames[weekdayIndex(day)] }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
}
