import DoableCore
import Foundation

/// TASK-10: the task page's Repeat fields and the RRULE they make. Pure: from a rule to the fields that show it,
/// from posted fields back to a rule. Numbers and dates stay as typed, so a refused form shows them again.
///
/// The advanced field holds the raw rule. The page also sends the rule it showed (`recurrenceShown`): when the
/// member changed the raw text, or chose "Custom rule", the text wins; otherwise the fields make the rule. A rule
/// the fields cannot say (BYMONTH, several days of the month, WKST, an UNTIL with a time) shows as "Custom rule".
struct RepeatForm: Equatable, Sendable {
    enum Frequency: String, CaseIterable, Sendable { case none, daily, weekly, monthly, yearly, custom }
    enum MonthlyBy: String, Sendable { case day, weekday }
    enum End: String, Sendable { case never, count, until }

    var frequency = Frequency.none
    /// Every how many days, weeks, months or years.
    var every = "1"
    /// Weekly: Monday = 0 … Sunday = 6; none ticked repeats on the due date's weekday.
    var weekdays: Set<Int> = []
    var monthlyBy = MonthlyBy.day
    /// Monthly by day: "" for the due date's day, "1"…"31", or "-1" for the last day.
    var monthDay = ""
    /// Monthly by weekday: "1"…"5" (the first … fifth) or "-1" (the last), and the weekday.
    var weekNumber = "1"
    var weekday = 0
    var end = End.never
    var count = ""
    /// The last day, YYYY-MM-DD.
    var until = ""
    var basis = RecurrenceBasis.due
    /// The advanced field's raw RRULE, and the rule the page showed in it.
    var text = ""
    var shownText = ""

    /// The names of the form's controls, also the fields an error is shown by.
    enum Name {
        static let frequency = "repeat", every = "repeatEvery", weekdays = "repeatDays"
        static let monthlyBy = "repeatMonthly", monthDay = "repeatMonthDay", weekNumber = "repeatWeekNumber"
        static let weekday = "repeatWeekday", end = "repeatEnds", count = "repeatCount", until = "repeatUntil"
        static let basis = "recurrenceBasis", text = "recurrence", shownText = "recurrenceShown"
        static let all: Set<String> = [
            frequency, every, weekdays, monthlyBy, monthDay, weekNumber, weekday, end,
            count, until, basis, text,
        ]
    }

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    init() {}

    /// The fields that show a task's rule; "Custom rule" when they cannot say it exactly. An UNTIL moment counts
    /// by its day in `zone`.
    init(rule: RecurrenceRule?, basis: RecurrenceBasis, zone: TimeZone = .gmt) {
        self.basis = basis
        guard let rule else { return }
        text = rule.description
        shownText = text
        every = String(rule.interval)
        if let count = rule.count {
            end = .count
            self.count = String(count)
        } else if let until = rule.until {
            end = .until
            switch until {
            case .day(let day): self.until = day.description
            case .moment(let moment):
                self.until = ZonedCalendar(zone: zone, weekStart: .monday).day(of: moment).description
            }
        }
        switch rule.frequency {
        case .daily: frequency = .daily
        case .yearly: frequency = .yearly
        case .weekly:
            frequency = .weekly
            weekdays = Set(rule.byDay.map(\.weekday))
        case .monthly:
            frequency = .monthly
            if rule.byDay.count == 1, let entry = rule.byDay.first, let ordinal = entry.ordinal {
                monthlyBy = .weekday
                weekNumber = String(ordinal)
                weekday = entry.weekday
            } else if let day = rule.byMonthDay.first {
                monthDay = String(day)
            }
        }
        // Whatever the fields would not make again is shown as the raw rule alone.
        if (try? builtRule()) != rule { frequency = .custom }
    }

    /// Fills what the chosen frequency does not use from the series' first day, so that switching to weekly
    /// ticks the due date's weekday and "monthly on the" names its week and weekday (a form shown, not posted).
    mutating func suggest(from day: CivilDate) {
        let weekdayOfDay = ZonedCalendar.weekday(of: day)
        if frequency != .weekly && weekdays.isEmpty { weekdays = [weekdayOfDay] }
        if frequency != .monthly || monthlyBy != .weekday {
            weekday = weekdayOfDay
            // A fifth weekday is missing from most months: the last one is what is meant.
            let week = (day.day - 1) / 7 + 1
            weekNumber = week == 5 ? "-1" : String(week)
        }
    }

    /// What the page posted.
    init(form: FormData) {
        frequency = Frequency(rawValue: form[Name.frequency] ?? "") ?? .none
        every = form[Name.every]?.trimmingCharacters(in: .whitespaces) ?? "1"
        weekdays = Set(form.all(Name.weekdays).compactMap { Self.weekdayCodes.firstIndex(of: $0) })
        monthlyBy = MonthlyBy(rawValue: form[Name.monthlyBy] ?? "") ?? .day
        monthDay = form[Name.monthDay] ?? ""
        weekNumber = form[Name.weekNumber] ?? "1"
        weekday = Self.weekdayCodes.firstIndex(of: form[Name.weekday] ?? "") ?? 0
        end = End(rawValue: form[Name.end] ?? "") ?? .never
        count = form[Name.count]?.trimmingCharacters(in: .whitespaces) ?? ""
        until = form[Name.until]?.trimmingCharacters(in: .whitespaces) ?? ""
        basis = RecurrenceBasis(rawValue: form[Name.basis] ?? "") ?? .due
        text = form[Name.text]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        shownText = form[Name.shownText]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// Whether the raw rule decides: "Custom rule" is chosen, or the member edited the text.
    var usesText: Bool { frequency == .custom || text != shownText }

    /// The canonical RRULE the form asks for, nil for "Does not repeat". `firstDay` is the day the series starts
    /// on (the due date, else the start date) when known: an end date before it is refused here, by its field.
    func recurrence(firstDay: CivilDate? = nil) throws -> String? {
        if usesText {
            return text.isEmpty ? nil : try RecurrenceRule(rrule: text).description
        }
        guard let rule = try builtRule() else { return nil }
        if let firstDay, case .day(let last)? = rule.until, last < firstDay {
            throw DoableError.invalid(Name.until, "The end date is before the first date, \(firstDay).")
        }
        return rule.description
    }

    /// The rule the fields make (the raw text aside); refusals name the field to show them by.
    func builtRule() throws -> RecurrenceRule? {
        let frequency: RecurrenceRule.Frequency
        switch self.frequency {
        case .none, .custom: return nil
        case .daily: frequency = .daily
        case .weekly: frequency = .weekly
        case .monthly: frequency = .monthly
        case .yearly: frequency = .yearly
        }
        guard let interval = Int(every), (1...1000).contains(interval) else {
            throw DoableError.invalid(Name.every, "Enter a whole number from 1 to 1000.")
        }
        var count: Int?
        var until: TaskDate?
        switch end {
        case .never: break
        case .count:
            guard let number = Int(self.count), (1...1000).contains(number) else {
                throw DoableError.invalid(Name.count, "Enter how many times, from 1 to 1000.")
            }
            count = number
        case .until:
            guard let day = CivilDate(self.until) else {
                throw DoableError.invalid(Name.until, "Choose the last date, as YYYY-MM-DD.")
            }
            until = .day(day)
        }
        var byDay: [RecurrenceRule.WeekdayNum] = []
        var byMonthDay: [Int] = []
        if frequency == .weekly {
            byDay = weekdays.sorted().map { RecurrenceRule.WeekdayNum(weekday: $0) }
        } else if frequency == .monthly {
            switch monthlyBy {
            case .day:
                if !monthDay.isEmpty {
                    guard let day = Int(monthDay), (1...31).contains(day) || day == -1 else {
                        throw DoableError.invalid(Name.monthDay, "Choose a day of the month.")
                    }
                    byMonthDay = [day]
                }
            case .weekday:
                guard let number = Int(weekNumber), (1...5).contains(number) || number == -1,
                    (0...6).contains(weekday)
                else {
                    throw DoableError.invalid(Name.weekNumber, "Choose which weekday of the month.")
                }
                byDay = [RecurrenceRule.WeekdayNum(weekday: weekday, ordinal: number)]
            }
        }
        return try RecurrenceRule(
            frequency: frequency, interval: interval, count: count, until: until,
            byDay: byDay, byMonthDay: byMonthDay)
    }
}
