import Foundation

extension RecurrenceRule {
    /// The series that starts at `start`, lazily, in order: `start` itself first (as RFC 5545 counts DTSTART, also
    /// when the rule would not pick it), then every later day the rule picks, ending at COUNT or UNTIL.
    ///
    /// A `.day` start gives `.day` occurrences. A `.moment` start repeats its wall time in `calendar.zone`, so a
    /// 09:00 task stays at 09:00 local across daylight-saving changes (a wall time in a gap moves forward).
    /// A rule that picks nothing more for 400 years and 50 periods (BYMONTHDAY=30;BYMONTH=2) ends there.
    public func occurrences(from start: TaskDate, in calendar: ZonedCalendar) -> some Sequence<TaskDate> {
        RecurrenceSeries(rule: self, start: start, calendar: calendar, skippingTo: nil)
    }

    /// The first occurrence of the series starting at `start` strictly after `moment`, or nil once it has ended.
    /// A whole day is after a moment when it is a later local day, and a moment after a day when it falls on a
    /// later local day.
    public func next(after moment: TaskDate, from start: TaskDate, in calendar: ZonedCalendar) -> TaskDate? {
        // With no COUNT to keep, nothing before `moment` matters, so the walk may begin at the period holding it.
        let skipTo = count == nil ? calendar.day(of: moment) : nil
        let series = RecurrenceSeries(rule: self, start: start, calendar: calendar, skippingTo: skipTo)
        return series.first { calendar.isDate($0, after: moment) }
    }

    /// The first day on or after `day` that the rule picks, to begin a series with (quick add's "every monday"
    /// typed on a Wednesday); nil when it picks none. INTERVAL counts from that first day, so it is not applied
    /// here: "every 2 weeks on monday" starts on the coming Monday.
    func firstDay(onOrAfter day: CivilDate) -> CivilDate? {
        let expansion = RecurrenceExpansion(rule: self, start: day, interval: 1)
        var days = RecurrenceDays(expansion: expansion, from: day, period: 0)
        return days.next()
    }
}

/// One series: DTSTART, then the rule's days after it as dates like the start, up to COUNT or UNTIL.
struct RecurrenceSeries: Sequence, IteratorProtocol {
    let rule: RecurrenceRule
    let start: TaskDate
    let calendar: ZonedCalendar
    private var days: RecurrenceDays
    private var isStartPending = true
    private var yielded = 0
    /// For a `.moment` start: its local wall time, and the seconds and milliseconds past the minute.
    private let wallTime: (hour: Int, minute: Int, extra: Int64)

    init(rule: RecurrenceRule, start: TaskDate, calendar: ZonedCalendar, skippingTo skipTo: CivilDate?) {
        self.rule = rule
        self.start = start
        self.calendar = calendar
        let startDay = calendar.day(of: start)
        let expansion = RecurrenceExpansion(rule: rule, start: startDay)
        let from = Swift.max(startDay.adding(days: 1), skipTo ?? startDay)
        days = RecurrenceDays(expansion: expansion, from: from, period: expansion.period(containing: from))
        if case .moment(let moment) = start {
            let (hour, minute) = calendar.wallTime(of: moment)
            let local = moment.milliseconds + Int64(calendar.zone.secondsFromGMT(for: moment.date)) * 1000
            wallTime = (hour, minute, local - floorDivide(local, 60_000) * 60_000)
        } else {
            wallTime = (0, 0, 0)
        }
    }

    mutating func next() -> TaskDate? {
        if let count = rule.count, yielded >= count { return nil }
        let date: TaskDate
        if isStartPending {
            isStartPending = false
            date = start
        } else {
            guard let day = days.next() else { return nil }
            date = self.date(on: day)
            if let until = rule.until, calendar.isDate(date, after: until) { return nil }
        }
        yielded += 1
        return date
    }

    private func date(on day: CivilDate) -> TaskDate {
        guard case .moment = start else { return .day(day) }
        let moment = calendar.moment(on: day, hour: wallTime.hour, minute: wallTime.minute)
        return .moment(Timestamp(milliseconds: moment.milliseconds + wallTime.extra))
    }
}

/// The days a rule's periods hold from `from` on, in order. The walk gives up after 400 years and 50 periods
/// without a day (the calendar repeats every 400 years; the periods keep rules with a long INTERVAL from
/// stopping after a few), and at the end of year 9999.
struct RecurrenceDays: IteratorProtocol {
    let expansion: RecurrenceExpansion
    let from: CivilDate
    var period: Int
    private var pending: [CivilDate] = []
    private var pendingIndex = 0
    private var lastFound: (period: Int, year: Int)

    init(expansion: RecurrenceExpansion, from: CivilDate, period: Int) {
        self.expansion = expansion
        self.from = from
        self.period = period
        lastFound = (period, expansion.year(ofPeriod: period))
    }

    mutating func next() -> CivilDate? {
        while pendingIndex == pending.count {
            let year = expansion.year(ofPeriod: period)
            if year > 9999 || (year - lastFound.year > 400 && period - lastFound.period > 50) { return nil }
            pending = expansion.days(inPeriod: period).filter { $0 >= from && $0.year <= 9999 }
            pendingIndex = 0
            if !pending.isEmpty { lastFound = (period, year) }
            period += 1
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }
}

extension ZonedCalendar {
    /// The local day of a date: a whole day is its own.
    public func day(of date: TaskDate) -> CivilDate {
        switch date {
        case .day(let day): day
        case .moment(let moment): day(of: moment)
        }
    }

    /// Whether `date` comes after `other`: as moments when both are moments, otherwise as local days.
    func isDate(_ date: TaskDate, after other: TaskDate) -> Bool {
        if case .moment(let moment) = date, case .moment(let otherMoment) = other { return moment > otherMoment }
        return day(of: date) > day(of: other)
    }
}
