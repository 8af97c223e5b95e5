/// Times of day as people type them: "17:00", "9:30", "5pm", "5:30pm", "5 pm", "5 p.m.", "noon".
///
/// A bare number is never a time ("at 9" stays text): it needs minutes or am/pm.
enum QuickAddClock {
    typealias WallTime = QuickAddDuePhrase.WallTime

    enum Meridiem {
        case am, pm

        init?(_ word: String) {
            switch word {
            case "am", "a.m", "a.m.": self = .am
            case "pm", "p.m", "p.m.": self = .pm
            default: return nil
            }
        }

        /// `hour` on a 12-hour clock (1 to 12) as a 24-hour hour.
        func hour24(_ hour: Int) -> Int? {
            guard (1...12).contains(hour) else { return nil }
            return self == .am ? hour % 12 : hour % 12 + 12
        }
    }

    /// One word read as a clock: hour, optional minutes and an optional glued am/pm.
    struct Reading {
        var hour: Int
        var minute: Int?
        var meridiem: Meridiem?

        init?(_ word: String) {
            let bytes = Array(word.utf8)
            var index = 0
            while index < bytes.count, index < 2, asciiDigit(bytes[index]) != nil { index += 1 }
            guard let hour = parseDigits(bytes[0..<index]) else { return nil }
            self.hour = hour
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                guard index + 3 <= bytes.count, let minute = parseDigits(bytes[(index + 1)..<(index + 3)]),
                    minute < 60
                else { return nil }
                self.minute = minute
                index += 3
            }
            if index < bytes.count {
                guard let meridiem = Meridiem(String(decoding: bytes[index...], as: UTF8.self)) else { return nil }
                self.meridiem = meridiem
            }
        }

        /// The time if this word is one on its own, with `following` as a possible separate am/pm.
        /// Returns whether `following` was used.
        func wallTime(following: String?) -> (time: WallTime, usesFollowing: Bool)? {
            if let meridiem {
                return meridiem.hour24(hour).map { (WallTime(hour: $0, minute: minute ?? 0), false) }
            }
            if let following, let hour24 = Meridiem(following)?.hour24(hour) {
                return (WallTime(hour: hour24, minute: minute ?? 0), true)
            }
            guard let minute, hour < 24 else { return nil }
            return (WallTime(hour: hour, minute: minute), false)
        }
    }
}
