import DoableCore
import Foundation
import Testing

/// TASK-10: random rules from random starts, checked against a per-day restatement of RFC 5545. A failure names
/// its seed and case, and the same seed gives the same rules.
@Suite("Recurrence: properties")
struct RecurrencePropertyTests {
    static let seed: UInt64 = 0x5EED_0010
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Lord_Howe"]

    @Test func TASK10_randomSeriesAreOrderedMatchTheirRuleAndAgreeWithNext() throws {
        var random = SplitMix64(seed: Self.seed)
        for index in 0..<300 {
            let rule = try Self.randomRule(&random)
            let calendar = ZonedCalendar(
                zone: TimeZone(identifier: Self.zones.randomElement(using: &random)!)!,
                weekStart: .monday)
            let startDay = CivilDate(daysSinceEpoch: Int.random(in: 7300...25500, using: &random))  // 1990 to 2039
            let start: TaskDate =
                Bool.random(using: &random)
                ? .day(startDay)
                : .moment(
                    calendar.moment(
                        on: startDay, hour: .random(in: 0...23, using: &random),
                        minute: .random(in: 0...59, using: &random)))
            let comment: Comment = "seed \(Self.seed), case \(index): \(rule) from \(start)"
            Self.check(rule, from: start, in: calendar, comment: comment)
        }
    }

    static func check(_ rule: RecurrenceRule, from start: TaskDate, in calendar: ZonedCalendar, comment: Comment) {
        let series = Array(rule.occurrences(from: start, in: calendar).prefix(30))
        #expect(series.first == start, comment)
        let startDay = localDay(calendar, start)
        let days = series.map { localDay(calendar, $0) }
        for (date, day) in zip(series, days).dropFirst() {
            #expect(date.isWholeDay == start.isWholeDay, comment)
            #expect(Self.matches(day, rule, start: startDay), "\(day) does not match; \(comment)")
            if case .moment(let moment) = date, case .moment(let first) = start {
                let wall = calendar.wallTime(of: first)
                let intended = calendar.moment(on: day, hour: wall.hour, minute: wall.minute)
                // The start's wall time, or in a daylight-saving gap the moment the calendar moves it to.
                #expect(moment == intended, comment)
            }
            if let until = rule.until {
                #expect(localDay(calendar, date) <= localDay(calendar, until), comment)
                if case .moment(let end) = until, case .moment(let moment) = date { #expect(moment <= end, comment) }
            }
        }
        for (previous, next) in zip(series, series.dropFirst()) {
            #expect(localDay(calendar, previous) < localDay(calendar, next), "not strictly after; \(comment)")
            #expect(rule.next(after: previous, from: start, in: calendar) == next, comment)
            // Just before the next one, it is still the next one.
            let justBefore: TaskDate =
                switch next {
                case .day(let day): .day(day.adding(days: -1))
                case .moment(let moment): .moment(moment.adding(seconds: -60))
                }
            #expect(rule.next(after: justBefore, from: start, in: calendar) == next, comment)
        }
        if let count = rule.count { #expect(series.count <= count, comment) }
        if series.count < 30, series.count < rule.count ?? .max, let last = days.last {
            // The series ended before COUNT: no day matches up to UNTIL (or for ten years).
            #expect(rule.next(after: series[series.count - 1], from: start, in: calendar) == nil, comment)
            let tenYears = last.adding(days: 3660)
            let horizon = min(rule.until.map { localDay(calendar, $0) } ?? tenYears, tenYears)
            if horizon > last {
                let missed = (last.daysSinceEpoch + 1...horizon.daysSinceEpoch).map(CivilDate.init(daysSinceEpoch:))
                    .first { rule.bySetPos.isEmpty && matches($0, rule, start: startDay) }
                #expect(missed == nil, "the series stops before \(missed?.description ?? ""); \(comment)")
            }
        }
        // No day that matches is missing between the start and the last occurrence (BYSETPOS aside, which picks
        // among the matching days).
        if rule.bySetPos.isEmpty, let lastDay = days.last, lastDay > startDay {
            let matching = (startDay.daysSinceEpoch + 1...lastDay.daysSinceEpoch).map(CivilDate.init(daysSinceEpoch:))
                .filter { matches($0, rule, start: startDay) }
            #expect(matching == Array(days.dropFirst()), comment)
        }
    }

    static func localDay(_ calendar: ZonedCalendar, _ date: TaskDate) -> CivilDate {
        switch date {
        case .day(let day): day
        case .moment(let moment): calendar.day(of: moment)
        }
    }

    /// Whether the rule picks `day` for a series starting on `start`, judged on the day alone.
    static func matches(_ day: CivilDate, _ rule: RecurrenceRule, start: CivilDate) -> Bool {
        let weekday = ZonedCalendar.weekday(of: day)
        let periods: Int =
            switch rule.frequency {
            case .daily: day.daysSinceEpoch - start.daysSinceEpoch
            case .weekly: (weekStart(day, rule).daysSinceEpoch - weekStart(start, rule).daysSinceEpoch) / 7
            case .monthly: (day.year - start.year) * 12 + day.month - start.month
            case .yearly: day.year - start.year
            }
        guard periods % rule.interval == 0 else { return false }
        if !rule.byMonth.isEmpty && !rule.byMonth.contains(day.month) { return false }
        let monthLength = CivilDate.daysIn(month: day.month, year: day.year)
        let isMonthDay = rule.byMonthDay.contains { $0 == day.day || $0 == day.day - monthLength - 1 }
        if !rule.byMonthDay.isEmpty && !isMonthDay { return false }
        let yearScope = rule.frequency == .yearly && rule.byMonth.isEmpty
        let dayOfYear = day.daysSinceEpoch - CivilDate(year: day.year, month: 1, day: 1)!.daysSinceEpoch
        let (position, length) =
            yearScope
            ? (dayOfYear, CivilDate.daysIn(month: 2, year: day.year) == 29 ? 366 : 365) : (day.day - 1, monthLength)
        // The how-many-th such weekday of the month (or year), from its start and from its end.
        let (fromStart, fromEnd) = (position / 7 + 1, -((length - 1 - position) / 7 + 1))
        let isByDay = rule.byDay.contains { entry in
            entry.weekday == weekday && (entry.ordinal == nil || entry.ordinal == fromStart || entry.ordinal == fromEnd)
        }
        if !rule.byDay.isEmpty && !isByDay { return false }
        // What the rule leaves to the start.
        switch rule.frequency {
        case .daily: return true
        case .weekly: return !rule.byDay.isEmpty || weekday == ZonedCalendar.weekday(of: start)
        case .monthly: return !rule.byDay.isEmpty || !rule.byMonthDay.isEmpty || day.day == start.day
        case .yearly:
            guard rule.byDay.isEmpty && rule.byMonthDay.isEmpty else { return true }
            return day.day == start.day && (!rule.byMonth.isEmpty || day.month == start.month)
        }
    }

    static func weekStart(_ day: CivilDate, _ rule: RecurrenceRule) -> CivilDate {
        day.adding(days: -ZonedCalendar.daysForward(from: rule.weekStart, to: ZonedCalendar.weekday(of: day)))
    }

    static func randomRule(_ random: inout SplitMix64) throws -> RecurrenceRule {
        let frequency = RecurrenceRule.Frequency.allCases.randomElement(using: &random)!
        let hasOrdinals = (frequency == .monthly || frequency == .yearly) && Bool.random(using: &random)
        let byMonth =
            Int.random(in: 0...3, using: &random) == 0
            ? (1...12).filter { _ in Bool.random(using: &random) } : []
        let maxOrdinal = frequency == .yearly && byMonth.isEmpty ? 53 : 5
        let byDay: [RecurrenceRule.WeekdayNum] =
            Bool.random(using: &random)
            ? []
            : (0...6).compactMap { weekday in
                guard Int.random(in: 0...2, using: &random) == 0 else { return nil }
                guard hasOrdinals else { return .init(weekday: weekday) }
                let ordinal = Int.random(in: 1...maxOrdinal, using: &random) * (Bool.random(using: &random) ? 1 : -1)
                return .init(weekday: weekday, ordinal: ordinal)
            }
        let byMonthDay =
            frequency == .weekly || Int.random(in: 0...2, using: &random) > 0
            ? []
            : (1...Int.random(in: 1...3, using: &random)).map { _ in
                Int.random(in: 1...31, using: &random) * (Int.random(in: 0...3, using: &random) == 0 ? -1 : 1)
            }
        // A DAILY period holds one day, so BYSETPOS there only keeps or drops it.
        let hasSetPos =
            frequency != .daily && !(byDay.isEmpty && byMonthDay.isEmpty)
            && Int.random(in: 0...4, using: &random) == 0
        let end = Int.random(in: 0...2, using: &random)
        let interval = Bool.random(using: &random) ? Int.random(in: 2...5, using: &random) : 1
        return try RecurrenceRule(
            frequency: frequency, interval: interval,
            count: end == 1 ? .random(in: 1...30, using: &random) : nil,
            until: end == 2 ? .day(CivilDate(daysSinceEpoch: Int.random(in: 7300...27000, using: &random))) : nil,
            byDay: byDay, byMonthDay: byMonthDay, byMonth: byMonth,
            bySetPos: hasSetPos ? [[1, -1, 2, -2].randomElement(using: &random)!] : [],
            weekStart: Bool.random(using: &random) ? .random(in: 0...6, using: &random) : 0)
    }
}

/// A small seeded generator, so that a failing case can be run again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
