import Foundation

/// Pins a recognised phrase to the member's calendar: their time zone decides what "today" is, their
/// week start what "next week" is, and wall times become moments in UTC.
struct QuickAddCalendar {
    typealias Phrase = QuickAddDuePhrase

    let now: Timestamp
    let calendar: ZonedCalendar
    let today: CivilDate

    init(now: Timestamp, zone: TimeZone, weekStart: Preferences.Weekday) {
        self.now = now
        calendar = ZonedCalendar(zone: zone, weekStart: weekStart)
        today = calendar.day(of: now)
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

    /// The first due date of a repeating task: the first day the rule picks on or after the typed day (today
    /// when none was typed), at the typed time if any. A time typed alone that has already passed today moves
    /// on to the rule's next day, as a time alone without a repeat moves to tomorrow.
    func firstDue(of rule: RecurrenceRule, typed: TaskDate?, isTimeAlone: Bool) -> TaskDate? {
        let from = typed.map { isTimeAlone ? today : calendar.day(of: $0) } ?? today
        guard var day = rule.firstDay(onOrAfter: from) else { return typed }
        guard case .moment(let typedMoment)? = typed else { return .day(day) }
        let time = calendar.wallTime(of: typedMoment)
        if isTimeAlone && calendar.moment(on: day, hour: time.hour, minute: time.minute) < now {
            guard let next = rule.firstDay(onOrAfter: day.adding(days: 1)) else { return typed }
            day = next
        }
        return .moment(calendar.moment(on: day, hour: time.hour, minute: time.minute))
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
            let saturday =
                Self.weekday(of: today) == 6
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

    func moment(on day: CivilDate, at time: Phrase.WallTime) -> Timestamp {
        calendar.moment(on: day, hour: time.hour, minute: time.minute)
    }

    private var weekStartIndex: Int { calendar.weekStartIndex }

    private var startOfNextWeek: CivilDate { calendar.startOfWeek(containing: today).adding(days: 7) }

    static func weekday(of date: CivilDate) -> Int { ZonedCalendar.weekday(of: date) }

    static func daysForward(from weekday: Int, to target: Int) -> Int {
        ZonedCalendar.daysForward(from: weekday, to: target)
    }

    /// The same day `months` later, or the month's last day when it is shorter (31 January + 1 month).
    static func adding(months: Int, to date: CivilDate) -> CivilDate? {
        let index = date.year * 12 + (date.month - 1) + months
        let year = index / 12
        let month = index % 12 + 1
        return CivilDate(year: year, month: month, day: min(date.day, CivilDate.daysIn(month: month, year: year)))
    }
}
