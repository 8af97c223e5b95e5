/// A VTIMEZONE's STANDARD and DAYLIGHT observances (RFC 5545 §3.6.5), enough to find the offset of a wall time: each
/// observance starts at its DTSTART and, with a yearly RRULE, again every year on its BYMONTH/BYDAY day (`-1SU`, `2SU`,
/// or `SU` with BYMONTHDAY=8,…,14). The offset at a wall time is TZOFFSETTO of the observance that began last.
struct VTimeZoneRules {
    struct Observance {
        var offsetFrom: Int
        var offsetTo: Int
        /// DTSTART as a wall time in seconds since the epoch (in the offset before the change).
        var start: Int64
        var startSecondsOfDay: Int
        var yearly: YearlyRule?
        var until: Int64?
    }

    struct YearlyRule {
        var month: Int
        /// Monday = 0 … Sunday = 6, nil for a BYMONTHDAY without BYDAY.
        var weekday: Int?
        /// 1 the first, -1 the last such weekday of the month.
        var ordinal: Int
        var monthDays: [Int]
    }

    let observances: [Observance]

    init?(_ vtimezone: ICalComponent) {
        observances = vtimezone.components.compactMap(Self.observance)
        if observances.isEmpty { return nil }
    }

    /// Seconds east of UTC at a wall time (seconds since the epoch as if it were UTC).
    func offset(atWallTime wall: Int64) -> Int {
        let year = CivilDate(daysSinceEpoch: Int(floorDivide(wall, 86_400))).year
        var latest: (onset: Int64, offset: Int)?
        for observance in observances {
            for onset in onsets(of: observance, years: [year - 1, year]) where onset <= wall {
                if latest.map({ onset > $0.onset }) ?? true { latest = (onset, observance.offsetTo) }
            }
        }
        if let latest { return latest.offset }
        return observances.min { $0.start < $1.start }?.offsetFrom ?? 0
    }

    private func onsets(of observance: Observance, years: [Int]) -> [Int64] {
        guard let rule = observance.yearly else { return [observance.start] }
        return years.compactMap { year in
            guard let day = rule.day(in: year) else { return nil }
            let onset = Int64(day.daysSinceEpoch) * 86_400 + Int64(observance.startSecondsOfDay)
            guard onset >= observance.start, observance.until.map({ onset <= $0 }) ?? true else { return nil }
            return onset
        }
    }

    private static func observance(_ component: ICalComponent) -> Observance? {
        guard component.name == "STANDARD" || component.name == "DAYLIGHT",
            let to = component.property("TZOFFSETTO").flatMap({ offsetSeconds($0.value) }),
            case .dateTime(let day, let seconds, _)? = component.property("DTSTART").flatMap({
                ICalDateValue($0.value)
            })
        else { return nil }
        let from = component.property("TZOFFSETFROM").flatMap { offsetSeconds($0.value) } ?? to
        var observance = Observance(
            offsetFrom: from, offsetTo: to,
            start: Int64(day.daysSinceEpoch) * 86_400 + Int64(seconds),
            startSecondsOfDay: seconds)
        if let rule = component.property("RRULE")?.value {
            let parts = Dictionary(
                rule.split(separator: ";").compactMap { part -> (String, String)? in
                    let pieces = part.split(separator: "=", maxSplits: 1)
                    return pieces.count == 2 ? (pieces[0].uppercased(), pieces[1].uppercased()) : nil
                }, uniquingKeysWith: { first, _ in first })
            guard parts["FREQ"] == "YEARLY" else { return observance }
            let month = parts["BYMONTH"].flatMap { Int($0) } ?? day.month
            let monthDays = parts["BYMONTHDAY"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? []
            var weekday: Int?
            var ordinal = 1
            if let byDay = parts["BYDAY"]?.split(separator: ",").first {
                let code = String(byDay.suffix(2))
                weekday = RecurrenceRule.weekdayCodes.firstIndex(of: code)
                ordinal = Int(byDay.dropLast(2)) ?? 1
            }
            if weekday == nil, monthDays.isEmpty { return observance }
            guard (1...12).contains(month), ordinal != 0, (-5...5).contains(ordinal) else { return observance }
            observance.yearly = YearlyRule(month: month, weekday: weekday, ordinal: ordinal, monthDays: monthDays)
            if let until = parts["UNTIL"].flatMap({ ICalDateValue($0) }) {
                switch until {
                case .date(let day): observance.until = Int64(day.daysSinceEpoch + 1) * 86_400
                case .dateTime(let day, let seconds, _):
                    observance.until = Int64(day.daysSinceEpoch) * 86_400 + Int64(seconds + from)
                }
            }
        }
        return observance
    }

    /// `+0100`, `-0530`, `+013045` in seconds.
    static func offsetSeconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            let hours = parseDigits(bytes[1..<3]), let minutes = parseDigits(bytes[3..<5]), hours < 24, minutes < 60
        else { return nil }
        let seconds = bytes.count == 7 ? parseDigits(bytes[5..<7]) : 0
        guard let seconds, seconds < 60 else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
    }
}

extension VTimeZoneRules.YearlyRule {
    /// The day the observance begins in `year`.
    func day(in year: Int) -> CivilDate? {
        guard (1...9999).contains(year) else { return nil }
        let length = CivilDate.daysIn(month: month, year: year)
        if !monthDays.isEmpty {
            return monthDays.compactMap { CivilDate(year: year, month: month, day: $0 > 0 ? $0 : length + 1 + $0) }
                .sorted().first { weekday == nil || ZonedCalendar.weekday(of: $0) == weekday }
        }
        guard let weekday, let first = CivilDate(year: year, month: month, day: 1),
            let last = CivilDate(year: year, month: month, day: length)
        else { return nil }
        if ordinal > 0 {
            let day = first.adding(
                days: ZonedCalendar.daysForward(from: ZonedCalendar.weekday(of: first), to: weekday)
                    + 7 * (ordinal - 1))
            return day.month == month ? day : nil
        }
        let day = last.adding(
            days: -ZonedCalendar.daysForward(from: weekday, to: ZonedCalendar.weekday(of: last))
                - 7 * (-ordinal - 1))
        return day.month == month ? day : nil
    }
}
