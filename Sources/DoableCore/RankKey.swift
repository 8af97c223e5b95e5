/// Fractional rank keys for manual order (TASK-5, design/sync.md "Ordering"): a key strictly between any two
/// keys always exists, so moving an item is one write. Keys compare as plain byte strings.
///
/// A key is an integer part (a head letter giving its length, then base-62 digits) and an optional fraction.
/// Appending increments the integer part, so 10,000 appends stay at four or five characters.
public enum RankKey {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    static let smallestInteger = "A" + String(repeating: "0", count: 26)

    /// A key after `lower` and before `upper` (either may be nil for "the start" / "the end"), with random
    /// low-order digits so two writers placing items in the same gap rarely pick the same key. When `lower` is not
    /// below `upper` (two items share a key), the key goes just before `upper`.
    public static func between(_ lower: String?, _ upper: String?) -> String {
        var lowerKey = lower
        if let lowerValue = lower, let upperValue = upper, lowerValue >= upperValue { lowerKey = nil }
        let key = plainBetween(lowerKey, upper)
        var generator = PooledRandomGenerator()
        var jittered = Array(key.utf8)
        // About 30 bits between two items; fewer when appending, where keys stay short instead (median < 8).
        let randomDigits = upper == nil ? 2 : 4
        for _ in 0..<randomDigits { jittered.append(digits[Int.random(in: 0..<62, using: &generator)]) }
        jittered.append(digits[Int.random(in: 1..<62, using: &generator)])
        let candidate = String(decoding: jittered, as: UTF8.self)
        if let upper, candidate >= upper { return key }
        return candidate
    }

    /// `count` keys in increasing order, all after `lower`; used when many items are placed at once.
    public static func sequence(after lower: String?, count: Int) -> [String] {
        var keys: [String] = []
        var previous = lower
        for _ in 0..<count {
            let key = plainBetween(previous, nil)
            keys.append(key)
            previous = key
        }
        return keys
    }

    static func plainBetween(_ lower: String?, _ upper: String?) -> String {
        switch (lower, upper) {
        case (nil, nil):
            return "a0"
        case (nil, let upper?):
            let integer = integerPart(of: upper)
            let fraction = String(upper.dropFirst(integer.count))
            if integer == smallestInteger { return integer + midpoint("", fraction) }
            if integer < upper { return integer }
            return decrement(integer) ?? integer + midpoint("", fraction)
        case (let lower?, nil):
            let integer = integerPart(of: lower)
            let fraction = String(lower.dropFirst(integer.count))
            return increment(integer) ?? integer + midpoint(fraction, nil)
        case (let lower?, let upper?):
            let lowerInteger = integerPart(of: lower)
            let lowerFraction = String(lower.dropFirst(lowerInteger.count))
            let upperInteger = integerPart(of: upper)
            let upperFraction = String(upper.dropFirst(upperInteger.count))
            if lowerInteger == upperInteger { return lowerInteger + midpoint(lowerFraction, upperFraction) }
            if let next = increment(lowerInteger), next < upper { return next }
            return lowerInteger + midpoint(lowerFraction, nil)
        }
    }

    static func integerLength(head: UInt8) -> Int {
        if head >= UInt8(ascii: "a") && head <= UInt8(ascii: "z") { return Int(head - UInt8(ascii: "a")) + 2 }
        if head >= UInt8(ascii: "A") && head <= UInt8(ascii: "Z") { return Int(UInt8(ascii: "Z") - head) + 2 }
        return 2
    }

    /// A key a device made (sync, design/sync.md "Ordering"): base-62 digits, a head letter, as long as its head says
    /// at least, at most 64 characters, and no fraction ending in "0" (there would be no key just below it).
    public static func isValid(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard let head = bytes.first, (1...64).contains(bytes.count),
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(head) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(head),
            bytes.allSatisfy({ digits.contains($0) })
        else { return false }
        let integerLength = integerLength(head: head)
        guard bytes.count >= integerLength else { return false }
        return bytes.count == integerLength || bytes.last != digits[0]
    }

    static func integerPart(of key: String) -> String {
        guard let head = key.utf8.first else { return "a0" }
        return String(key.prefix(integerLength(head: head)))
    }

    static func index(of digit: UInt8) -> Int { digits.firstIndex(of: digit) ?? 0 }

    /// A base-62 fraction strictly between `lower` and `upper` (nil meaning 1), never ending in "0".
    static func midpoint(_ lower: String, _ upper: String?) -> String {
        let lowerDigits = Array(lower.utf8)
        if let upper {
            let upperDigits = Array(upper.utf8)
            var common = 0
            while common < upperDigits.count,
                (common < lowerDigits.count ? lowerDigits[common] : digits[0]) == upperDigits[common]
            {
                common += 1
            }
            if common > 0 {
                let prefix = String(decoding: upperDigits[0..<common], as: UTF8.self)
                let rest = common < lowerDigits.count ? String(decoding: lowerDigits[common...], as: UTF8.self) : ""
                return prefix + midpoint(rest, String(decoding: upperDigits[common...], as: UTF8.self))
            }
        }
        let lowerDigit = lowerDigits.first.map(index(of:)) ?? 0
        let upperDigits = upper.map { Array($0.utf8) }
        let upperDigit = upperDigits?.first.map(index(of:)) ?? 62
        if upperDigit - lowerDigit > 1 {
            return String(decoding: [digits[(lowerDigit + upperDigit + 1) / 2]], as: UTF8.self)
        }
        if let upperDigits, upperDigits.count > 1 {
            return String(decoding: [upperDigits[0]], as: UTF8.self)
        }
        let rest = lowerDigits.count > 1 ? String(decoding: lowerDigits[1...], as: UTF8.self) : ""
        return String(decoding: [digits[lowerDigit]], as: UTF8.self) + midpoint(rest, nil)
    }

    static func increment(_ integer: String) -> String? {
        var bytes = Array(integer.utf8)
        let head = bytes[0]
        var position = bytes.count - 1
        while position > 0 {
            let value = index(of: bytes[position])
            if value < 61 {
                bytes[position] = digits[value + 1]
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes[position] = digits[0]
            position -= 1
        }
        if head == UInt8(ascii: "Z") { return "a0" }
        if head == UInt8(ascii: "z") { return nil }
        let newHead = head + 1
        var body = Array(bytes.dropFirst())
        if newHead > UInt8(ascii: "a") { body.append(digits[0]) } else { body.removeLast() }
        return String(decoding: [newHead] + body, as: UTF8.self)
    }

    static func decrement(_ integer: String) -> String? {
        var bytes = Array(integer.utf8)
        let head = bytes[0]
        var position = bytes.count - 1
        while position > 0 {
            let value = index(of: bytes[position])
            if value > 0 {
                bytes[position] = digits[value - 1]
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes[position] = digits[61]
            position -= 1
        }
        if head == UInt8(ascii: "a") { return "Z" + String(decoding: [digits[61]], as: UTF8.self) }
        if head == UInt8(ascii: "A") { return nil }
        let newHead = head - 1
        var body = Array(bytes.dropFirst())
        if newHead < UInt8(ascii: "Z") { body.append(digits[61]) } else { body.removeLast() }
        return String(decoding: [newHead] + body, as: UTF8.self)
    }
}
