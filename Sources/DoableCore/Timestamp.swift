public import Foundation

/// A moment in time as whole milliseconds since the Unix epoch, written as RFC 3339 in UTC.
public struct Timestamp: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public init(_ date: Date) { self.milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    public static var now: Timestamp { Timestamp(Date()) }

    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public func adding(seconds: Int64) -> Timestamp { Timestamp(milliseconds: milliseconds + seconds * 1000) }

    public var civilDate: CivilDate { CivilDate(daysSinceEpoch: Int(floorDivide(milliseconds, 86_400_000))) }

    /// `2026-11-21T18:55:26.123Z`, written digit by digit (timestamps are written many times per response).
    public var description: String {
        let day = civilDate
        let msOfDay = Int(milliseconds - Int64(day.daysSinceEpoch) * 86_400_000)
        return String(unsafeUninitializedCapacity: 24) { buffer in
            day.writeDigits(into: buffer)
            buffer[10] = UInt8(ascii: "T")
            writeDigits(msOfDay / 3_600_000, count: 2, into: buffer, at: 11)
            buffer[13] = UInt8(ascii: ":")
            writeDigits(msOfDay / 60_000 % 60, count: 2, into: buffer, at: 14)
            buffer[16] = UInt8(ascii: ":")
            writeDigits(msOfDay / 1000 % 60, count: 2, into: buffer, at: 17)
            buffer[19] = UInt8(ascii: ".")
            writeDigits(msOfDay % 1000, count: 3, into: buffer, at: 20)
            buffer[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// Parses an RFC 3339 date-time (`2026-11-21T18:55:26Z`, fractions and offsets allowed).
    public init?(rfc3339 text: String) {
        let chars = Array(text.utf8)
        guard chars.count >= 20, let day = CivilDate(utf8: chars[0..<10]) else { return nil }
        guard chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: "t") || chars[10] == UInt8(ascii: " "),
            chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
            let hours = parseDigits(chars[11..<13]), let minutes = parseDigits(chars[14..<16]),
            let seconds = parseDigits(chars[17..<19]),
            hours < 24, minutes < 60, seconds < 61
        else { return nil }
        var index = 19
        var millis = 0
        if chars[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 100
            let start = index
            while index < chars.count, let digit = asciiDigit(chars[index]) {
                millis += digit * scale
                scale /= 10
                index += 1
            }
            if index == start { return nil }
        }
        guard index < chars.count else { return nil }
        var offsetMinutes = 0
        switch chars[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == chars.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == chars.count, chars[index + 3] == UInt8(ascii: ":"),
                let offsetHours = parseDigits(chars[(index + 1)..<(index + 3)]),
                let offsetMins = parseDigits(chars[(index + 4)..<(index + 6)]),
                offsetHours < 24, offsetMins < 60
            else { return nil }
            offsetMinutes = (offsetHours * 60 + offsetMins) * (chars[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let secondsOfDay = Int64(hours * 3600 + minutes * 60 + min(seconds, 59))
        let total = Int64(day.daysSinceEpoch) * 86_400 + secondsOfDay - Int64(offsetMinutes * 60)
        let milliseconds = total * 1000 + Int64(millis)
        // The moment in UTC must still be a year from 1 to 9999, or it could not be written back.
        guard (1...9999).contains(Timestamp(milliseconds: milliseconds).civilDate.year) else { return nil }
        self.milliseconds = milliseconds
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not RFC 3339"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}

/// Writes `value` as exactly `count` decimal digits, zero-padded.
func writeDigits(_ value: Int, count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
    var rest = value
    for index in stride(from: start + count - 1, through: start, by: -1) {
        buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
    }
}

func asciiDigit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
}

func parseDigits(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
        guard let digit = asciiDigit(byte) else { return nil }
        value = value * 10 + digit
    }
    return bytes.isEmpty ? nil : value
}
