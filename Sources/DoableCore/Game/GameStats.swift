import PublicInit

/// GAME-6: the statistics every member gets, game on or off, built from per-day totals (pure; the domain reads).
@PublicInit
public struct StatsReport: Sendable, Equatable {
    public enum Period: String, Sendable, CaseIterable { case week, month, year }

    /// One bar of the charts: a day (week and month periods) or a month (year period).
    @PublicInit
    public struct Bucket: Sendable, Equatable {
        /// "Mon 23", "Nov 23", "Nov 2026"
        public var label: String
        public var from: CivilDate
        public var through: CivilDate
        public var completed: Int
        /// Open tasks (now) whose due date falls in the bucket.
        public var pending: Int
        public var onTime: Int
        public var late: Int
        /// Points earned (nil with the game off).
        public var points: Int?
    }

    public var period: Period
    public var from: CivilDate
    public var through: CivilDate
    public var buckets: [Bucket]
    /// Totals over the period.
    public var completed: Int
    /// Open now, and of those past due (not period-bound).
    public var pending: Int
    public var overdue: Int
    /// Share (0…1) of completions with a deadline done by it; nil when none had one.
    public var onTimeRate: Double?
    /// Mean seconds from a task's creation (or its previous occurrence) to its completion; nil without data.
    public var averageSecondsToComplete: Double?
    /// 0 Monday … 6 Sunday: the weekday with the most completions in the period (nil when none).
    public var busiestWeekday: Int?
    /// Completions per weekday, Monday first.
    public var weekdayCounts: [Int]
    /// Points earned in the period (nil with the game off).
    public var points: Int?
    /// GAME-6: after a month of use: the last 12 months' completions and on-time rates (oldest first); nil before.
    public var monthly: [Bucket]?
}

/// What `StatsReport.build` is built from.
@PublicInit
public struct StatsInput: Sendable {
    public var period: StatsReport.Period
    public var today: CivilDate
    /// Per-day completion totals; for `monthly`, at least the last 12 months.
    public var days: [CompletionDayTotals]
    /// Open tasks by due date (the period's range).
    public var openByDueDay: [CivilDate: Int]
    public var open: Int
    public var overdue: Int
    /// Points per day (nil with the game off).
    public var pointsByDay: [CivilDate: Int]?
    /// The day the member started (their account's creation): the monthly chart shows from 30 days after it.
    public var firstDay: CivilDate
}

/// GAME-6: one local day's completions by a member (the store adds them up from its index).
@PublicInit
public struct CompletionDayTotals: Sendable, Equatable {
    public var day: CivilDate
    public var completed: Int
    /// Completions with a deadline, done by it / after it.
    public var onTime: Int
    public var late: Int
    /// Sum and count of `ageSeconds` (completions that have one).
    public var ageSecondsTotal: Int64
    public var ageCount: Int
}

extension StatsReport {
    /// The period's range: week = the last 7 days, month = the last 30 days (one bucket per day), year = the last 12
    /// calendar months (one bucket per month), each ending today.
    public static func range(of period: Period, today: CivilDate) -> (from: CivilDate, through: CivilDate) {
        switch period {
        case .week: (today.adding(days: -6), today)
        case .month: (today.adding(days: -29), today)
        case .year:
            (
                CivilDate(year: today.month == 12 ? today.year : today.year - 1, month: today.month % 12 + 1, day: 1)!,
                today
            )
        }
    }

    public static func build(_ input: StatsInput) -> StatsReport {
        let (from, through) = range(of: input.period, today: input.today)
        var byDay: [CivilDate: CompletionDayTotals] = [:]
        for day in input.days {
            if var sum = byDay[day.day] {
                sum.completed += day.completed
                sum.onTime += day.onTime
                sum.late += day.late
                sum.ageSecondsTotal += day.ageSecondsTotal
                sum.ageCount += day.ageCount
                byDay[day.day] = sum
            } else {
                byDay[day.day] = day
            }
        }
        let spans: [(label: String, from: CivilDate, through: CivilDate)] =
            switch input.period {
            case .week:
                (0..<7).map { offset in
                    let day = from.adding(days: offset)
                    return ("\(weekdayNames[ZonedCalendar.weekday(of: day)]) \(day.day)", day, day)
                }
            case .month:
                (0..<30).map { offset in
                    let day = from.adding(days: offset)
                    return ("\(monthNames[day.month - 1]) \(day.day)", day, day)
                }
            case .year: months(endingWith: input.today)
            }
        let buckets = spans.map { span in
            bucket(span, byDay: byDay, openByDueDay: input.openByDueDay, pointsByDay: input.pointsByDay)
        }

        var onTime = 0, late = 0, ageSeconds: Int64 = 0, ageCount = 0
        var weekdayCounts = Array(repeating: 0, count: 7)
        for (day, totals) in byDay where day >= from && day <= through {
            onTime += totals.onTime
            late += totals.late
            ageSeconds += totals.ageSecondsTotal
            ageCount += totals.ageCount
            weekdayCounts[ZonedCalendar.weekday(of: day)] += totals.completed
        }
        let busiest = weekdayCounts.max().flatMap { most in most > 0 ? weekdayCounts.firstIndex(of: most) : nil }
        let monthly: [Bucket]? =
            input.today >= input.firstDay.adding(days: 30)
            ? months(endingWith: input.today).map { span in
                var month = bucket(span, byDay: byDay, openByDueDay: [:], pointsByDay: input.pointsByDay)
                month.pending = 0
                return month
            }
            : nil
        return StatsReport(
            period: input.period, from: from, through: through, buckets: buckets,
            completed: buckets.reduce(0) { $0 + $1.completed }, pending: input.open, overdue: input.overdue,
            onTimeRate: onTime + late > 0 ? Double(onTime) / Double(onTime + late) : nil,
            averageSecondsToComplete: ageCount > 0 ? Double(ageSeconds) / Double(ageCount) : nil,
            busiestWeekday: busiest, weekdayCounts: weekdayCounts,
            points: input.pointsByDay.map { points in buckets.reduce(0) { $0 + ($1.points ?? 0) } },
            monthly: monthly)
    }

    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The 12 calendar months ending with `today`'s, oldest first; the current one runs through today.
    static func months(endingWith today: CivilDate) -> [(label: String, from: CivilDate, through: CivilDate)] {
        (0..<12).map { back in
            let index = today.year * 12 + (today.month - 1) - (11 - back)
            let year = index / 12, month = index % 12 + 1
            let first = CivilDate(year: year, month: month, day: 1)!
            let last = CivilDate(year: year, month: month, day: CivilDate.daysIn(month: month, year: year))!
            return ("\(monthNames[month - 1]) \(year)", first, min(last, today))
        }
    }

    static func bucket(
        _ span: (label: String, from: CivilDate, through: CivilDate),
        byDay: [CivilDate: CompletionDayTotals], openByDueDay: [CivilDate: Int],
        pointsByDay: [CivilDate: Int]?
    ) -> Bucket {
        var bucket = Bucket(
            label: span.label, from: span.from, through: span.through, completed: 0, pending: 0,
            onTime: 0, late: 0, points: pointsByDay == nil ? nil : 0)
        var day = span.from
        while day <= span.through {
            if let totals = byDay[day] {
                bucket.completed += totals.completed
                bucket.onTime += totals.onTime
                bucket.late += totals.late
            }
            bucket.pending += openByDueDay[day] ?? 0
            if let points = pointsByDay?[day] { bucket.points? += points }
            day = day.adding(days: 1)
        }
        return bucket
    }
}
