public import Foundation
import PublicInit

/// Days and wall times in a member's time zone, with weeks that start on their chosen day. Quick add and the web
/// app's dates use the same one, so "tomorrow 17:00" typed and 17:00 picked are the same moment.
@PublicInit
public struct ZonedCalendar: Sendable {
    public let zone: TimeZone
    public let weekStart: Preferences.Weekday

    /// A member's calendar; an unknown zone name counts as UTC.
    public init(preferences: Preferences) {
        self.init(zone: TimeZone(identifier: preferences.timeZone) ?? .gmt, weekStart: preferences.weekStart)
    }

    /// The local day a moment falls on.
    public func day(of moment: Timestamp) -> CivilDate { CivilDate.today(in: zone, now: moment) }

    /// The local wall time of a moment.
    public func wallTime(of moment: Timestamp) -> (hour: Int, minute: Int) {
        let offset = Int64(zone.secondsFromGMT(for: moment.date)) * 1000
        let intoDay = (((moment.milliseconds + offset) % 86_400_000) + 86_400_000) % 86_400_000
        return (Int(intoDay / 3_600_000), Int(intoDay % 3_600_000 / 60_000))
    }

    /// A wall time on a day, as a moment. In a daylight-saving gap (a wall time that does not exist) the zone's
    /// offset from before the change applies, moving the time forward.
    public func moment(on day: CivilDate, hour: Int, minute: Int) -> Timestamp {
        let wall = day.startTimestamp.adding(seconds: Int64(hour * 3600 + minute * 60))
        let before = Int64(zone.secondsFromGMT(for: wall.adding(seconds: -86_400).date))
        let guess = wall.adding(seconds: -before)
        let offset = Int64(zone.secondsFromGMT(for: guess.date))
        let candidate = wall.adding(seconds: -offset)
        // Either offset may be the right one; the right one gives back the same wall time.
        if Int64(zone.secondsFromGMT(for: candidate.date)) == offset { return candidate }
        return guess
    }

    /// The week start's weekday, Monday = 0 … Sunday = 6.
    public var weekStartIndex: Int {
        switch weekStart {
        case .monday: 0
        case .saturday: 5
        case .sunday: 6
        }
    }

    /// The first day of the week holding `day`.
    public func startOfWeek(containing day: CivilDate) -> CivilDate {
        day.adding(days: -Self.daysForward(from: weekStartIndex, to: Self.weekday(of: day)))
    }

    /// Monday = 0 … Sunday = 6 (1 January 1970 was a Thursday).
    public static func weekday(of date: CivilDate) -> Int {
        ((date.daysSinceEpoch + 3) % 7 + 7) % 7
    }

    /// Days from one weekday to the next occurrence of another, 0 when they are the same.
    public static func daysForward(from weekday: Int, to target: Int) -> Int {
        ((target - weekday) % 7 + 7) % 7
    }
}
