/// ACC-10: time-based one-time codes (RFC 6238) as authenticator apps make them: HMAC-SHA1, 6 digits, a new code
/// every 30 seconds. The counter of a code is its time step; the caller stores the last step used to refuse a
/// code twice.
public enum TOTP {
    /// 160 bits, the length RFC 4226 recommends for HMAC-SHA1.
    public static let secretByteCount = 20
    public static let digits = 6
    /// Seconds per time step.
    public static let period: Int64 = 30

    public static func makeSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return makeSecret(using: &generator)
    }

    public static func makeSecret(using generator: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<secretByteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// RFC 6238's T: whole periods since the Unix epoch.
    public static func step(at time: Timestamp, period: Int64 = TOTP.period) -> Int64 {
        floorDivide(time.milliseconds, period * 1000)
    }

    /// The code for a time step, zero-padded to `digits`. Steps before the epoch count as step 0.
    public static func code(secret: [UInt8], step: Int64, digits: Int = TOTP.digits) -> String {
        HOTP.code(secret: secret, counter: UInt64(max(step, 0)), digits: digits)
    }

    public static func code(secret: [UInt8], at time: Timestamp, digits: Int = TOTP.digits, period: Int64 = TOTP.period) -> String {
        code(secret: secret, step: step(at: time, period: period), digits: digits)
    }

    /// The time step whose code was typed, looking `window` steps either side of now for clocks that drift and
    /// codes typed as they change; nil if none matches. Spaces in the typed code are ignored ("123 456").
    /// Every step in the window is compared, in constant time, so the time taken does not tell which matched.
    public static func matchingStep(
        code typed: String, secret: [UInt8], at time: Timestamp, window: Int = 1, digits: Int = TOTP.digits,
        period: Int64 = TOTP.period
    ) -> Int64? {
        let typedDigits = Array(typed.utf8.filter { $0 != UInt8(ascii: " ") })
        guard typedDigits.count == digits, typedDigits.allSatisfy({ asciiDigit($0) != nil }) else { return nil }
        let now = step(at: time, period: period)
        var match: Int64?
        // Now first, then the past before the future: a code that matches two steps is taken as the likelier one.
        for distance in 0...Int64(max(window, 0)) {
            for candidate in distance == 0 ? [now] : [now - distance, now + distance] where candidate >= 0 {
                let expected = Array(code(secret: secret, step: candidate, digits: digits).utf8)
                if constantTimeEquals(expected, typedDigits), match == nil { match = candidate }
            }
        }
        return match
    }
}
