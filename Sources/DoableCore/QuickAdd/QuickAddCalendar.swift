import Foundation

/// Pins a recognised phrase to the member's calendar: their time zone decides what "today" is, their
/// week start what "next week" is, and wall times become moments in UTC.
struct QuickAddCalendar {
    typealias Phrase = QuickAddDuePhrase

    let now: Timestamp
    let zone: TimeZone
    let weekStart: Preferences.Weekday
    let today: CivilDate

    init(now: Timestamp, zone: TimeZone, weekStart: Preferences.Weekday) {
        self.now = now
        self.zone = zone
        self.weekStart = weekStart
        today = CivilDate.today(in: zone, now: now)
    }

    /// The due date the phrase means, or nil when it names no real day ("feb 30").
    func resolve(_ phrase: Phrase) -> TaskDate? {
        guard let day = phrase.day else {
            // A time alone is the next time the clock shows it: today, or tomorrow once it has passed.
            guard let time = phrase.time else { return nil }
            let moment = self.moment(on: today, at: time)
            return .moment(moment < now ? self.moment(on: today.adding(days: 1), at: time) : moment)
        }
        if case .later(let count, let unit) = day, !unit.isCalendarUnit {
            return .moment(now.adding(seconds: Int64(count) * (unit == .hour ? 3600 : 60)))
        }
        guard var date = civilDate(day) else { return nil }
        switch (day, phrase.time) {
        case (.tonight, nil):
            // After 19:00 "tonight" is still today, as a whole day.
            let evening = moment(on: date, at: .evening)
            return evening < now ? .day(date) : .moment(evening)
        case (.weekday(_, isNext: false), let time?) where date == today && moment(on: date, at: time) < now:
            // "fri 9am" typed on a Friday afternoon means the coming Friday.
            date = date.adding(days: 7)
        default:
            break
        }
        return phrase.time.map { .moment(moment(on: date, at: $0)) } ?? .day(date)
    }

    func civilDate(_ day: Phrase.Day) -> CivilDate? {
        switch day {
        case .today, .tonight:
            return today
        case .tomorrow:
            return today.adding(days: 1)
        case .weekday(let weekday, isNext: false):
            return today.adding(days: Self.daysForward(from: Self.weekday(of: today), to: weekday))
        case .weekday(let weekday, isNext: true):
            return startOfNextWeek.adding(days: Self.daysForward(from: weekStartIndex, to: weekday))
        case .nextWeek:
            return startOfNextWeek
        case .weekend(let isNext):
            // On a Sunday this weekend is still on: it started yesterday.
            let saturday = Self.weekday(of: today) == 6
                ? today.adding(days: -1)
                : today.adding(days: Self.daysForward(from: Self.weekday(of: today), to: 5))
            return isNext ? saturday.adding(days: 7) : max(saturday, today)
        case .later(let count, let unit):
            switch unit {
            case .day: return today.adding(days: count)
            case .week: return today.adding(days: 7 * count)
            case .month: return Self.adding(months: count, to: today)
            case .year: return Self.adding(months: 12 * count, to: today)
            case .hour, .minute: return nil
            }
        case .monthDay(let month, let day, let year?):
            return CivilDate(year: year, month: month, day: day)
        case .monthDay(let month, let day, nil):
            // The next time this day comes: a day already past this year means next year's (29 February
            // means the next leap year's).
            return (today.year...(today.year + 8)).lazy
                .compactMap { CivilDate(year: $0, month: month, day: day) }
                .first { $0 >= today }
        case .date(let date):
            return date
        }
    }

    /// A wall time on a day in the member's zone, as a moment. In a daylight-saving gap (a wall time that
    /// does not exist) the zone's offset from before the change applies, moving the time forward.
    func moment(on day: CivilDate, at time: Phrase.WallTime) -> Timestamp {
        let wall = day.startTimestamp.adding(seconds: Int64(time.hour * 3600 + time.minute * 60))
        let before = Int64(zone.secondsFromGMT(for: wall.adding(seconds: -86_400).date))
        let guess = wall.adding(seconds: -before)
        let offset = Int64(zone.secondsFromGMT(for: guess.date))
        let candidate = wall.adding(seconds: -offset)
        // Either offset may be the right one; the right one gives back the same wall time.
        if Int64(zone.secondsFromGMT(for: candidate.date)) == offset { return candidate }
        return guess
    }

    private var weekStartIndex: Int {
        switch weekStart {
        case .monday: 0
        case .saturday: 5
        case .sunday: 6
        }
    }

    private var startOfNextWeek: CivilDate {
        let intoWeek = Self.daysForward(from: weekStartIndex, to: Self.weekday(of: today))
        return today.adding(days: 7 - intoWeek)
    }

    /// Monday = 0 … Sunday = 6 (1 January 1970 was a Thursday).
    static func weekday(of date: CivilDate) -> Int {
        ((date.daysSinceEpoch + 3) % 7 + 7) % 7
    }

    /// Days from one weekday to the next occurrence of another, 0 when they are the same.
    static func daysForward(from weekday: Int, to target: Int) -> Int {
        ((target - weekday) % 7 + 7) % 7
    }

    /// The same day `months` later, or the month's last day when it is shorter (31 January + 1 month).
    static func adding(months: Int, to date: CivilDate) -> CivilDate? {
        let index = date.year * 12 + (date.month - 1) + months
        let year = index / 12
        let month = index % 12 + 1
        return CivilDate(year: year, month: month, day: min(date.day, CivilDate.daysIn(month: month, year: year)))
    }
}
