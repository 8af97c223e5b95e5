import Foundation

/// Taskwarrior's value formats: dates (`20261127T100000Z`, ISO 8601 too) and `recur` periods.
enum TaskwarriorValues {
    /// A Taskwarrior date is a moment in UTC. One at midnight in the member's zone was most likely a date without
    /// a time (`due:tomorrow` stores local midnight), so it becomes that whole day.
    static func date(_ text: String, zone: TimeZone) -> TaskDate? {
        guard let moment = moment(text) else { return nil }
        let calendar = ZonedCalendar(zone: zone, weekStart: .monday)
        let (hour, minute) = calendar.wallTime(of: moment)
        if hour == 0, minute == 0, moment.milliseconds % 60_000 == 0 { return .day(calendar.day(of: moment)) }
        return .moment(moment)
    }

    /// `YYYYMMDDTHHMMSSZ` (what `task export` writes), or RFC 3339; also a Unix epoch in seconds (older versions).
    static func moment(_ text: String) -> Timestamp? {
        let bytes = Array(text.utf8)
        if bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") {
            func part(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            let iso =
                part(0..<4) + "-" + part(4..<6) + "-" + part(6..<8) + "T" + part(9..<11) + ":" + part(11..<13)
                + ":" + part(13..<15) + "Z"
            return Timestamp(rfc3339: iso)
        }
        if let moment = Timestamp(rfc3339: text) { return moment }
        if !bytes.isEmpty, bytes.count <= 11, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }), let seconds = Int64(text) {
            return Timestamp(milliseconds: seconds * 1000)
        }
        return nil
    }

    /// A `recur` value as an RRULE: the named periods (`daily`, `weekdays`, `weekly`, `biweekly`, `monthly`,
    /// `quarterly`, `semiannual`, `annual`/`yearly`, …) and counted ones (`3d`, `2w`, `6mo`, `1y`, `2q`, ISO `P2W`).
    /// Periods shorter than a day are nil: Doable repeats by the day at most.
    static func rrule(_ recur: String) -> String? {
        let text = recur.lowercased().trimmingCharacters(in: .whitespaces)
        switch text {
        case "daily", "day", "1day": return "FREQ=DAILY"
        case "weekdays": return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case "weekly", "week", "sennight": return "FREQ=WEEKLY"
        case "biweekly", "fortnight": return "FREQ=WEEKLY;INTERVAL=2"
        case "monthly", "month": return "FREQ=MONTHLY"
        case "bimonthly": return "FREQ=MONTHLY;INTERVAL=2"
        case "quarterly", "quarter": return "FREQ=MONTHLY;INTERVAL=3"
        case "semiannual": return "FREQ=MONTHLY;INTERVAL=6"
        case "annual", "yearly", "year", "biannual", "biyearly":
            return text.hasPrefix("bi") ? "FREQ=YEARLY;INTERVAL=2" : "FREQ=YEARLY"
        default: break
        }
        var body = Substring(text)
        if body.hasPrefix("p") { body = body.dropFirst() }  // ISO 8601 durations: P3D, P2W, P1M, P1Y
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        let amount = digits.isEmpty ? 1 : Int(digits) ?? 0
        guard (1...1000).contains(amount) else { return nil }
        let unit = body.dropFirst(digits.count)
        let (frequency, multiple): (String, Int)
        switch unit {
        case "d", "day", "days": (frequency, multiple) = ("DAILY", 1)
        case "w", "wk", "wks", "week", "weeks": (frequency, multiple) = ("WEEKLY", 1)
        case "mo", "mos", "mth", "mths", "month", "months": (frequency, multiple) = ("MONTHLY", 1)
        case "q", "qtr", "qtrs", "quarter", "quarters": (frequency, multiple) = ("MONTHLY", 3)
        case "y", "yr", "yrs", "year", "years": (frequency, multiple) = ("YEARLY", 1)
        default: return nil
        }
        let interval = amount * multiple
        return interval == 1 ? "FREQ=\(frequency)" : "FREQ=\(frequency);INTERVAL=\(interval)"
    }
}
