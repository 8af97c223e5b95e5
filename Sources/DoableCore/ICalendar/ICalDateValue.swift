/// DATE, DATE-TIME and DURATION values as RFC 5545 §3.3.4–3.3.6 write them.
enum ICalDateValue: Equatable {
    /// `20261127`
    case date(CivilDate)
    /// `20261127T090000`, in UTC when it ended with `Z`, otherwise a wall time (floating, or in the TZID's zone).
    case dateTime(CivilDate, secondsOfDay: Int, isUTC: Bool)

    init?(_ text: some StringProtocol) {
        var text = String(text)
        guard let value = text.withUTF8(Self.init(bytes:)) else { return nil }
        self = value
    }

    /// Read in place from the value's bytes: every date of every object a report looks at comes through here.
    private init?(bytes: UnsafeBufferPointer<UInt8>) {
        func parseDigits(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard let digit = asciiDigit(byte) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes.count >= 8, let year = parseDigits(0..<4), let month = parseDigits(4..<6),
            let dayNumber = parseDigits(6..<8), let day = CivilDate(year: year, month: month, day: dayNumber)
        else { return nil }
        if bytes.count == 8 {
            self = .date(day)
            return
        }
        guard bytes.count == 15 || bytes.count == 16, bytes[8] == UInt8(ascii: "T") || bytes[8] == UInt8(ascii: "t"),
            let hour = parseDigits(9..<11), let minute = parseDigits(11..<13),
            let second = parseDigits(13..<15), hour < 24, minute < 60, second <= 60
        else { return nil }
        let isUTC = bytes.count == 16
        if isUTC, bytes[15] != UInt8(ascii: "Z"), bytes[15] != UInt8(ascii: "z") { return nil }
        self = .dateTime(day, secondsOfDay: hour * 3600 + minute * 60 + min(second, 59), isUTC: isUTC)
    }

    /// `20261121T185526Z` (whole seconds).
    static func text(_ moment: Timestamp) -> String {
        let day = moment.civilDate
        let seconds = Int(floorDivide(moment.milliseconds, 1000) - Int64(day.daysSinceEpoch) * 86_400)
        return text(day) + "T" + twoDigits(seconds / 3600) + twoDigits(seconds / 60 % 60) + twoDigits(seconds % 60)
            + "Z"
    }

    /// `20261121T090000`: a wall time, floating or in a TZID's zone.
    static func text(_ day: CivilDate, secondsOfDay: Int) -> String {
        text(day) + "T" + twoDigits(secondsOfDay / 3600) + twoDigits(secondsOfDay / 60 % 60)
            + twoDigits(secondsOfDay % 60)
    }

    /// `20261121`
    static func text(_ day: CivilDate) -> String {
        let year = String(day.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + twoDigits(day.month) + twoDigits(day.day)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// A DURATION (`-PT15M`, `P1D`, `P1W`, `PT1H30M`) in seconds, negative before.
    static func durationSeconds(_ text: some StringProtocol) -> Int64? {
        var bytes = Array(text.utf8)[...]
        var sign: Int64 = 1
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            if first == UInt8(ascii: "-") { sign = -1 }
            bytes = bytes.dropFirst()
        }
        guard bytes.popFirst().map({ $0 | 0x20 }) == UInt8(ascii: "p") else { return nil }
        var total: Int64 = 0
        var isTime = false
        var parts = 0
        var number: Int64?
        while let byte = bytes.popFirst() {
            if let digit = asciiDigit(byte) {
                let value = (number ?? 0) * 10 + Int64(digit)
                guard value < 100_000_000 else { return nil }
                number = value
                continue
            }
            let unit = byte & ~0x20
            if unit == UInt8(ascii: "T") {
                guard number == nil, !isTime else { return nil }
                isTime = true
                continue
            }
            guard let count = number else { return nil }
            let scale: Int64
            switch (unit, isTime) {
            case (UInt8(ascii: "W"), false): scale = 604_800
            case (UInt8(ascii: "D"), false): scale = 86_400
            case (UInt8(ascii: "H"), true): scale = 3600
            case (UInt8(ascii: "M"), true): scale = 60
            case (UInt8(ascii: "S"), true): scale = 1
            default: return nil
            }
            total += count * scale
            guard total <= 1_000_000_000_000 else { return nil }
            number = nil
            parts += 1
        }
        guard parts > 0, number == nil else { return nil }
        return sign * total
    }

    /// A whole number of minutes as a DURATION: `-PT15M`, `PT0M`.
    static func durationText(minutes: Int) -> String { (minutes < 0 ? "-" : "") + "PT\(minutes.magnitude)M" }
}
