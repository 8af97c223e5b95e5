/// How a task repeats (TASK-10), stored as the value of an RFC 5545 RRULE: `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE`.
///
/// Tasks repeat by the day at most, so the rule covers DAILY, WEEKLY, MONTHLY and YEARLY with INTERVAL,
/// COUNT or UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS and WKST. A rule is valid once made: every
/// initializer refuses what the engine cannot honour with `DoableError.invalid` naming `recurrence`.
/// Lists are kept sorted and without repeats, so two rules that mean the same compare equal.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    public enum Frequency: String, Hashable, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A BYDAY entry: a weekday (Monday = 0 … Sunday = 6), with an ordinal in MONTHLY and YEARLY rules
    /// (`2TU` is the second Tuesday, `-1FR` the last Friday).
    public struct WeekdayNum: Hashable, Sendable, CustomStringConvertible {
        public let weekday: Int
        public let ordinal: Int?

        public init(weekday: Int, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        public var description: String { (ordinal.map(String.init) ?? "") + RecurrenceRule.code(weekday) }
    }

    public let frequency: Frequency
    /// Every how many periods the rule repeats, 1 to 1000.
    public let interval: Int
    /// How many occurrences the series has, the first included (1 to 1000).
    public let count: Int?
    /// The last day or moment an occurrence may fall on.
    public let until: TaskDate?
    public let byDay: [WeekdayNum]
    /// Days of the month, 1 to 31, or -31 to -1 counting back from the month's last day.
    public let byMonthDay: [Int]
    public let byMonth: [Int]
    /// Which of each period's days to keep, 1 the first and -1 the last.
    public let bySetPos: [Int]
    /// WKST, Monday = 0 … Sunday = 6: where the weeks of a WEEKLY rule start.
    public let weekStart: Int

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// `MO` for 0; a weekday out of range only shows in the message that refuses it.
    static func code(_ weekday: Int) -> String {
        weekdayCodes.indices.contains(weekday) ? weekdayCodes[weekday] : "(\(weekday))"
    }

    public init(
        frequency: Frequency, interval: Int = 1, count: Int? = nil, until: TaskDate? = nil,
        byDay: [WeekdayNum] = [], byMonthDay: [Int] = [], byMonth: [Int] = [], bySetPos: [Int] = [],
        weekStart: Int = 0
    ) throws {
        try self.init(
            frequency: frequency, interval: interval, count: count, until: until, byDay: byDay,
            byMonthDay: byMonthDay, byMonth: byMonth, bySetPos: bySetPos, weekStart: weekStart, text: nil)
    }

    /// Sets every part in canonical order, then refuses the rule if a part is out of range or does not fit.
    /// `text` is the rule as typed, quoted in the messages (the canonical form when nil).
    init(
        frequency: Frequency, interval: Int, count: Int?, until: TaskDate?, byDay: [WeekdayNum],
        byMonthDay: [Int], byMonth: [Int], bySetPos: [Int], weekStart: Int, text: String?
    ) throws {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        // UNTIL is written to the second.
        self.until = until.map {
            guard case .moment(let moment) = $0 else { return $0 }
            return .moment(Timestamp(milliseconds: floorDivide(moment.milliseconds, 1000) * 1000))
        }
        self.byDay = Set(byDay).sorted {
            ($0.weekday, Self.sortKey($0.ordinal)) < ($1.weekday, Self.sortKey($1.ordinal))
        }
        self.byMonthDay = Set(byMonthDay).sorted { Self.sortKey($0) < Self.sortKey($1) }
        self.byMonth = Set(byMonth).sorted()
        self.bySetPos = Set(bySetPos).sorted { Self.sortKey($0) < Self.sortKey($1) }
        self.weekStart = weekStart
        if let problem {
            throw DoableError.invalid("recurrence", "Repeat rule \"\(text ?? description)\": \(problem).")
        }
    }

    /// Positive numbers first, then negative ones from the furthest from the end: -2 (second-to-last) before -1.
    private static func sortKey(_ number: Int?) -> Int { number.map { $0 > 0 ? $0 : 1000 + $0 } ?? 0 }

    private var problem: String? {
        if !(1...1000).contains(interval) { return "INTERVAL must be from 1 to 1000" }
        if let count, !(1...1000).contains(count) { return "COUNT must be from 1 to 1000" }
        if count != nil && until != nil { return "COUNT and UNTIL cannot both be given: end by a number or a date" }
        if let entry = byDay.first(where: { !(0...6).contains($0.weekday) }) {
            return "BYDAY has no weekday \(entry.weekday) (Monday is 0, Sunday 6)"
        }
        if let entry = byDay.first(where: { $0.ordinal != nil }) {
            let ordinal = entry.ordinal ?? 0
            if frequency == .daily || frequency == .weekly {
                return "BYDAY=\(entry) needs FREQ=MONTHLY or YEARLY: a \(frequency.rawValue) rule takes plain weekdays"
            }
            if ordinal == 0 || abs(ordinal) > 53 {
                return "BYDAY=\(entry): the number must be from 1 to 53 or -53 to -1"
            }
            if (frequency == .monthly || !byMonth.isEmpty) && abs(ordinal) > 5 {
                return "BYDAY=\(entry) never happens: a month has at most 5 of each weekday"
            }
        }
        if let day = byMonthDay.first(where: { $0 == 0 || abs($0) > 31 }) {
            return "BYMONTHDAY=\(day) is not a day of the month (1 to 31, or -31 to -1 from the end)"
        }
        if !byMonthDay.isEmpty && frequency == .weekly { return "BYMONTHDAY does not fit FREQ=WEEKLY" }
        if let month = byMonth.first(where: { !(1...12).contains($0) }) {
            return "BYMONTH=\(month) is not a month (1 to 12)"
        }
        if let position = bySetPos.first(where: { $0 == 0 || abs($0) > 366 }) {
            return "BYSETPOS=\(position) must be from 1 to 366 or -366 to -1"
        }
        if !bySetPos.isEmpty && byDay.isEmpty && byMonthDay.isEmpty && byMonth.isEmpty {
            return "BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to choose from"
        }
        if !(0...6).contains(weekStart) { return "WKST has no weekday \(weekStart) (Monday is 0, Sunday 6)" }
        return nil
    }

    /// The canonical RRULE value: parts in a fixed order, INTERVAL and WKST left out at their defaults.
    public var description: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ values: [some CustomStringConvertible]) {
            if !values.isEmpty { parts.append("\(name)=" + values.map(\.description).joined(separator: ",")) }
        }
        list("BYMONTH", byMonth)
        list("BYMONTHDAY", byMonthDay)
        list("BYDAY", byDay)
        list("BYSETPOS", bySetPos)
        if weekStart != 0 { parts.append("WKST=\(Self.code(weekStart))") }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=\(Self.untilText(until))") }
        return parts.joined(separator: ";")
    }

    /// `20261231` or `20261231T235959Z`.
    private static func untilText(_ until: TaskDate) -> String {
        let iso = until.description  // 2026-12-31 or 2026-12-31T23:59:59.000Z
        let day = iso.prefix(10).filter { $0 != "-" }
        guard case .moment = until else { return day }
        return day + "T" + iso.dropFirst(11).prefix(8).filter { $0 != ":" } + "Z"
    }
}
