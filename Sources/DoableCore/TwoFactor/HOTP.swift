/// HOTP (RFC 4226): a short code from a shared secret and a counter, by HMAC-SHA1 and dynamic truncation. TOTP's
/// counter is the time step.
enum HOTP {
    static func code(secret: [UInt8], counter: UInt64, digits: Int) -> String {
        precondition((1...9).contains(digits), "HOTP codes have 1 to 9 digits")
        let message = (0..<8).map { index in UInt8(truncatingIfNeeded: counter >> UInt64(56 - index * 8)) }
        let mac = SHA1.hmac(key: secret, message: message)
        let offset = Int(mac[mac.count - 1] & 0x0F)
        // The top bit is dropped so that signed and unsigned arithmetic agree on the value (RFC 4226 §5.3).
        let value =
            UInt32(mac[offset] & 0x7F) << 24 | UInt32(mac[offset + 1]) << 16 | UInt32(mac[offset + 2]) << 8
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(value % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }
}
