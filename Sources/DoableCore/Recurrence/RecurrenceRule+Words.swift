public import Foundation

extension RecurrenceRule {
    /// The rule in plain English: "Every 2 weeks on Monday, 5 times", "Every month on the last Friday".
    /// `start` fills in what the rule leaves to the series' first date (the weekday of a weekly rule, the day
    /// of a monthly one); a moment counts by its day in `zone`.
    public func describedInWords(start: TaskDate?, in zone: TimeZone = .gmt) -> String {
        let calendar = ZonedCalendar(zone: zone, weekStart: .monday)
        var text = cadence(start: start.map(calendar.day(of:)))
        if !byMonth.isEmpty && frequency != .yearly { text += " in " + Self.list(byMonth.map(Self.monthName)) }
        if let count { text += count == 1 ? ", once" : ", \(count) times" }
        if let until {
            let day = calendar.day(of: until)
            text += ", until \(day.day) \(Self.monthName(day.month)) \(day.year)"
        }
        return text
    }

    private func cadence(start: CivilDate?) -> String {
        switch frequency {
        case .daily:
            if byDay.isEmpty { return every("day") }
            let days = weekdayNames(isPlural: interval != 1)
            return interval == 1 ? "Every " + days : every("day") + " on " + days
        case .weekly:
            let weekdays = byDay.isEmpty ? start.map { [ZonedCalendar.weekday(of: $0)] } ?? [] : byDay.map(\.weekday)
            if weekdays == Self.workWeek && interval == 1 { return "Every weekday" }
            guard !weekdays.isEmpty else { return every("week") }
            let names = weekdays == Self.workWeek ? "weekdays" : Self.list(weekdays.map(Self.weekdayName))
            return every("week") + " on " + names
        case .monthly:
            return every("month") + (daysOfMonth(start: start).map { " on " + $0 } ?? "")
        case .yearly:
            let months = Self.list(byMonth.map(Self.monthName))
            if byMonth.isEmpty {
                guard byDay.isEmpty && byMonthDay.isEmpty else {
                    let scope = byMonthDay.isEmpty ? " of the year" : " of every month"
                    return every("year") + " on " + (daysOfMonth(start: nil) ?? "") + scope
                }
                return every("year") + (start.map { " on \($0.day) \(Self.monthName($0.month))" } ?? "")
            }
            // One day of one month: "on 4 July".
            if byDay.isEmpty, byMonth.count == 1, byMonthDay.count <= 1, let day = byMonthDay.first ?? start?.day,
                day > 0
            {
                return every("year") + " on \(day) \(months)"
            }
            guard let days = daysOfMonth(start: start) else { return every("year") + " in " + months }
            return every("year") + " on \(days) of \(months)"
        }
    }

    /// "Every month", "Every 3 months".
    private func every(_ unit: String) -> String { interval == 1 ? "Every \(unit)" : "Every \(interval) \(unit)s" }

    /// Which days of a month the rule picks ("the 15th", "the second Tuesday", "the last weekday"); the start's
    /// day of the month when it does not say, nil when that is not known either.
    private func daysOfMonth(start: CivilDate?) -> String? {
        if !byMonthDay.isEmpty {
            let days = Self.list(byMonthDay.map(Self.dayOfMonthName))
            return byDay.isEmpty ? days : "\(days) if it is a \(weekdayNames(isPlural: false, joinedBy: "or"))"
        }
        if byDay.contains(where: { $0.ordinal != nil }) {
            return Self.list(
                byDay.map { entry in
                    let name = Self.weekdayName(entry.weekday)
                    return entry.ordinal.map { "the \(Self.ordinalName($0)) \(name)" } ?? "every \(name)"
                })
        }
        if !byDay.isEmpty {
            guard !bySetPos.isEmpty else { return "every " + weekdayNames(isPlural: false) }
            let positions = Self.list(bySetPos.map(Self.ordinalName))
            return "the \(positions) \(weekdayNames(isPlural: false, joinedBy: "or"))"
        }
        return start.map { Self.dayOfMonthName($0.day) }
    }

    /// "Monday and Friday", "weekday(s)".
    private func weekdayNames(isPlural: Bool, joinedBy conjunction: String = "and") -> String {
        let weekdays = byDay.map(\.weekday)
        if weekdays == Self.workWeek { return isPlural ? "weekdays" : "weekday" }
        return Self.list(weekdays.map(Self.weekdayName), joinedBy: conjunction)
    }

    private static let workWeek = [0, 1, 2, 3, 4]

    private static func weekdayName(_ weekday: Int) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][weekday]
    }

    private static func monthName(_ month: Int) -> String {
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ][month - 1]
    }

    /// "the 15th", "the last day", "the second-to-last day".
    private static func dayOfMonthName(_ day: Int) -> String {
        day > 0 ? "the \(numbered(day))" : "the \(ordinalName(day)) day"
    }

    /// "first" … "fifth", then "20th"; "last", "second-to-last" counting from the end.
    private static func ordinalName(_ number: Int) -> String {
        if number == -1 { return "last" }
        if number < 0 { return ordinalName(-number) + "-to-last" }
        return number <= 5 ? ["first", "second", "third", "fourth", "fifth"][number - 1] : numbered(number)
    }

    /// "1st", "2nd", "11th", "23rd".
    public static func numbered(_ number: Int) -> String { "\(number)\(QuickAddVocabulary.ordinalSuffix(number))" }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String], joinedBy conjunction: String = "and") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
