public import Foundation

/// A calendar day without a time or zone, written `YYYY-MM-DD`.
public struct CivilDate: Hashable, Sendable, Comparable, TextCodable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Howard Hinnant's civil-from-days.
    public init(daysSinceEpoch: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    public init?(_ text: String) {
        self.init(utf8: Array(text.utf8)[...])
    }

    init?(utf8 chars: ArraySlice<UInt8>) {
        let bytes = Array(chars)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = parseDigits(bytes[0..<4]), let month = parseDigits(bytes[5..<7]),
            let day = parseDigits(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// Midnight UTC at the start of this day.
    public var startTimestamp: Timestamp { Timestamp(milliseconds: Int64(daysSinceEpoch) * 86_400_000) }

    public var description: String {
        String(unsafeUninitializedCapacity: 10) { buffer in
            writeDigits(into: buffer)
            return 10
        }
    }

    /// `YYYY-MM-DD` into the first ten bytes of `buffer`.
    func writeDigits(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        DoableCore.writeDigits(year, count: 4, into: buffer, at: 0)
        buffer[4] = UInt8(ascii: "-")
        DoableCore.writeDigits(month, count: 2, into: buffer, at: 5)
        buffer[7] = UInt8(ascii: "-")
        DoableCore.writeDigits(day, count: 2, into: buffer, at: 8)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day it is now in a time zone.
    public static func today(in zone: TimeZone, now: Timestamp = .now) -> CivilDate {
        let offset = Int64(zone.secondsFromGMT(for: now.date)) * 1000
        return Timestamp(milliseconds: now.milliseconds + offset).civilDate
    }

    /// Whole years from this date to `other`, as a birthday counts them.
    public func years(until other: CivilDate) -> Int {
        var years = other.year - year
        if (other.month, other.day) < (month, day) { years -= 1 }
        return years
    }
}
