import Foundation

extension RecurrenceRule {
    static let maximumTextLength = 500

    /// Parses an RRULE value such as `FREQ=MONTHLY;BYDAY=2TU;COUNT=6`, with or without a leading `RRULE:`.
    /// Part names and values are case-insensitive and the parts may come in any order.
    public init(rrule text: String) throws {
        let rule = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard rule.utf8.count <= Self.maximumTextLength else {
            throw DoableError.invalid(
                "recurrence",
                "A repeat rule must be at most \(Self.maximumTextLength) characters.")
        }
        func refuse(_ problem: String) -> DoableError {
            .invalid("recurrence", "Repeat rule \"\(rule)\": \(problem).")
        }
        var body = Substring(rule)
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var values: [String: String] = [:]
        for part in body.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else { throw refuse("\"\(part)\" is not NAME=VALUE") }
            let name = pieces[0].trimmingCharacters(in: .whitespaces).uppercased()
            switch name {
            case "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST":
                guard values[name] == nil else { throw refuse("\(name) is given twice") }
                values[name] = pieces[1].trimmingCharacters(in: .whitespaces).uppercased()
            case "BYHOUR", "BYMINUTE", "BYSECOND":
                throw refuse("\(name) is not supported: a task repeats on days, not at times of day")
            case "BYYEARDAY", "BYWEEKNO":
                throw refuse("\(name) is not supported: use BYMONTH with BYMONTHDAY or BYDAY")
            default:
                throw refuse("\(name) is not a part of a repeat rule")
            }
        }

        guard let freq = values["FREQ"] else { throw refuse("FREQ is missing") }
        guard let frequency = Frequency(rawValue: freq) else {
            if ["HOURLY", "MINUTELY", "SECONDLY"].contains(freq) {
                throw refuse("FREQ=\(freq) is not supported: a task repeats daily at most")
            }
            throw refuse("FREQ=\(freq) is not DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        func number(_ name: String, _ text: String) throws -> Int {
            guard let value = Int(text) else { throw refuse("\(name)=\(text) is not a whole number") }
            return value
        }
        func numbers(_ name: String) throws -> [Int] {
            try values[name].map { list in
                try list.split(separator: ",", omittingEmptySubsequences: false)
                    .map { try number(name, String($0)) }
            } ?? []
        }
        func weekday(_ name: String, _ code: Substring) throws -> Int {
            guard let index = Self.weekdayCodes.firstIndex(of: String(code)) else {
                throw refuse("\(name)=\(values[name] ?? ""): \"\(code)\" is not a weekday (MO, TU, WE, TH, FR, SA, SU)")
            }
            return index
        }

        let byDay: [WeekdayNum] =
            try values["BYDAY"].map { list in
                try list.split(separator: ",", omittingEmptySubsequences: false).map { item in
                    let ordinal = item.dropLast(2)
                    return WeekdayNum(
                        weekday: try weekday("BYDAY", item.suffix(2)),
                        ordinal: ordinal.isEmpty ? nil : try number("BYDAY", String(ordinal)))
                }
            } ?? []
        let until = try values["UNTIL"].map { text in
            guard let date = Self.untilDate(text) else {
                throw refuse("UNTIL=\(text) must be a date (20261231) or a time in UTC (20261231T235959Z)")
            }
            return date
        }
        try self.init(
            frequency: frequency, interval: try values["INTERVAL"].map { try number("INTERVAL", $0) } ?? 1,
            count: try values["COUNT"].map { try number("COUNT", $0) }, until: until, byDay: byDay,
            byMonthDay: try numbers("BYMONTHDAY"), byMonth: try numbers("BYMONTH"), bySetPos: try numbers("BYSETPOS"),
            weekStart: try values["WKST"].map { try weekday("WKST", $0[...]) } ?? 0, text: rule)
    }

    /// `20261231` as a day, `20261231T235959Z` as a moment.
    private static func untilDate(_ text: String) -> TaskDate? {
        let chars = Array(text)
        guard chars.count == 8 || (chars.count == 16 && chars[8] == "T" && chars[15] == "Z"),
            chars.indices.allSatisfy({ [8, 15].contains($0) || chars[$0].isASCII && chars[$0].isNumber })
        else { return nil }
        let day = "\(String(chars[0..<4]))-\(String(chars[4..<6]))-\(String(chars[6..<8]))"
        guard chars.count == 16 else { return CivilDate(day).map(TaskDate.day) }
        let time = "\(String(chars[9..<11])):\(String(chars[11..<13])):\(String(chars[13..<15]))"
        return Timestamp(rfc3339: "\(day)T\(time)Z").map(TaskDate.moment)
    }
}
