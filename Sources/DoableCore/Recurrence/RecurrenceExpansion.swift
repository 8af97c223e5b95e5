/// The days a rule picks, period by period (RFC 5545 section 3.3.10), counting periods from the one that holds
/// `start`: period `n` is the day, week, month or year `n × INTERVAL` after it.
///
/// BYMONTH limits DAILY, WEEKLY and MONTHLY periods and expands YEARLY ones; BYMONTHDAY limits DAILY and
/// expands MONTHLY and YEARLY; BYDAY limits DAILY, expands WEEKLY, and in MONTHLY and YEARLY expands or, next
/// to BYMONTHDAY, limits. A day the month does not have (the 31st of April, 29 February in 2027) is skipped.
struct RecurrenceExpansion {
    let rule: RecurrenceRule
    let start: CivilDate
    let interval: Int

    init(rule: RecurrenceRule, start: CivilDate, interval: Int? = nil) {
        self.rule = rule
        self.start = start
        self.interval = interval ?? rule.interval
    }

    /// The days of period `index` in order, after BYSETPOS.
    func days(inPeriod index: Int) -> [CivilDate] {
        let step = index * interval
        let candidates: [CivilDate]
        switch rule.frequency {
        case .daily:
            let day = start.adding(days: step)
            candidates = isInByMonth(day.month) && isInByMonthDay(day) && matchesByDay(day, scope: nil) ? [day] : []
        case .weekly:
            let weekday = ZonedCalendar.weekday(of: start)
            candidates = (0..<7).map { firstDay(ofWeek: index).adding(days: $0) }.filter { day in
                let dayWeekday = ZonedCalendar.weekday(of: day)
                let isChosen =
                    rule.byDay.isEmpty
                    ? dayWeekday == weekday : rule.byDay.contains { $0.weekday == dayWeekday }
                return isChosen && isInByMonth(day.month)
            }
        case .monthly:
            let (year, month) = Self.month(start.year * 12 + start.month - 1 + step)
            candidates = isInByMonth(month) ? days(inMonth: month, of: year, yearScope: false) : []
        case .yearly:
            let year = start.year + step
            let months =
                !rule.byMonth.isEmpty
                ? rule.byMonth
                : rule.byMonthDay.isEmpty && rule.byDay.isEmpty ? [start.month] : Array(1...12)
            candidates = months.flatMap { days(inMonth: $0, of: year, yearScope: rule.byMonth.isEmpty) }
        }
        return selectSetPositions(candidates)
    }

    /// The year period `index` starts in, which tells when a search has gone far enough.
    func year(ofPeriod index: Int) -> Int {
        let step = index * interval
        switch rule.frequency {
        case .daily: return start.adding(days: step).year
        case .weekly: return firstDay(ofWeek: index).year
        case .monthly: return Self.month(start.year * 12 + start.month - 1 + step).year
        case .yearly: return start.year + step
        }
    }

    /// The last period that starts on or before `day` (0 for a day before the series starts).
    func period(containing day: CivilDate) -> Int {
        let periods: Int
        switch rule.frequency {
        case .daily:
            periods = day.daysSinceEpoch - start.daysSinceEpoch
        case .weekly:
            periods = (day.daysSinceEpoch - firstDay(ofWeek: 0).daysSinceEpoch) / 7
        case .monthly:
            periods = (day.year * 12 + day.month) - (start.year * 12 + start.month)
        case .yearly:
            periods = day.year - start.year
        }
        return max(0, periods / interval)
    }

    /// The first day of WEEKLY period `index`, the weeks starting on WKST.
    private func firstDay(ofWeek index: Int) -> CivilDate {
        let weekday = ZonedCalendar.weekday(of: start)
        return start.adding(days: 7 * index * interval - ZonedCalendar.daysForward(from: rule.weekStart, to: weekday))
    }

    /// The chosen days of one month. With neither BYMONTHDAY nor BYDAY that is the start's day of the month, which
    /// a shorter month does not have. BYDAY ordinals count within the month, or within the year when `yearScope`.
    private func days(inMonth month: Int, of year: Int, yearScope: Bool) -> [CivilDate] {
        let length = CivilDate.daysIn(month: month, year: year)
        let numbers: [Int]
        if !rule.byMonthDay.isEmpty {
            numbers = Set(rule.byMonthDay.map { $0 > 0 ? $0 : length + 1 + $0 }).filter { (1...length).contains($0) }
                .sorted()
        } else if !rule.byDay.isEmpty {
            numbers = Array(1...length)
        } else {
            numbers = [start.day]
        }
        return numbers.compactMap { CivilDate(year: year, month: month, day: $0) }
            .filter { matchesByDay($0, scope: yearScope ? .year : .month) }
    }

    private enum Scope { case month, year }

    /// Whether `day` is one of BYDAY's weekdays and, for an entry with an ordinal, that weekday's n-th
    /// (or n-th from last) in its month or year. An empty BYDAY matches every day.
    private func matchesByDay(_ day: CivilDate, scope: Scope?) -> Bool {
        guard !rule.byDay.isEmpty else { return true }
        let weekday = ZonedCalendar.weekday(of: day)
        let (position, length) =
            switch scope {
            case .month, nil: (day.day - 1, CivilDate.daysIn(month: day.month, year: day.year))
            case .year:
                (
                    day.daysSinceEpoch - CivilDate(year: day.year, month: 1, day: 1)!.daysSinceEpoch,
                    CivilDate.daysIn(month: 2, year: day.year) == 29 ? 366 : 365
                )
            }
        return rule.byDay.contains { entry in
            guard entry.weekday == weekday else { return false }
            guard let ordinal = entry.ordinal else { return true }
            return ordinal > 0 ? position / 7 + 1 == ordinal : (length - 1 - position) / 7 + 1 == -ordinal
        }
    }

    private func isInByMonth(_ month: Int) -> Bool { rule.byMonth.isEmpty || rule.byMonth.contains(month) }

    private func isInByMonthDay(_ day: CivilDate) -> Bool {
        let length = CivilDate.daysIn(month: day.month, year: day.year)
        return rule.byMonthDay.isEmpty || rule.byMonthDay.contains { $0 == day.day || $0 == day.day - length - 1 }
    }

    /// BYSETPOS picks from the period's days by position: 1 the first, -1 the last.
    private func selectSetPositions(_ days: [CivilDate]) -> [CivilDate] {
        guard !rule.bySetPos.isEmpty else { return days }
        let picked = rule.bySetPos.compactMap { position -> CivilDate? in
            let index = position > 0 ? position - 1 : days.count + position
            return days.indices.contains(index) ? days[index] : nil
        }
        return Set(picked).sorted()
    }

    /// Year and month (1 to 12) of a month counted from January of year 0.
    private static func month(_ index: Int) -> (year: Int, month: Int) { (index / 12, index % 12 + 1) }
}
