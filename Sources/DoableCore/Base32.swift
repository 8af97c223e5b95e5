/// Base32 (RFC 4648 §6), the way authenticator apps write TOTP secrets: upper case, no padding. Reading is
/// forgiving of what people type: either case, spaces anywhere, and trailing `=` padding.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    public static func encoded(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                text.append(alphabet[Int(buffer >> UInt32(bitCount) & 0x1F)])
            }
        }
        if bitCount > 0 { text.append(alphabet[Int(buffer << UInt32(5 - bitCount) & 0x1F)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes, or nil for a character outside the alphabet or a length no encoding has (1, 3 or 6 characters
    /// past a multiple of 8).
    public static func decoded(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        var characterCount = 0
        var isInPadding = false
        for character in text.utf8 where character != UInt8(ascii: " ") {
            if character == UInt8(ascii: "=") {
                isInPadding = true
                continue
            }
            guard !isInPadding, let value = value(of: character) else { return nil }
            buffer = buffer << 5 | value
            bitCount += 5
            characterCount += 1
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bitCount)))
            }
        }
        guard ![1, 3, 6].contains(characterCount % 8) else { return nil }
        return bytes
    }

    private static func value(of character: UInt8) -> UInt32? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(character - UInt8(ascii: "a"))
        case UInt8(ascii: "2")...UInt8(ascii: "7"): UInt32(character - UInt8(ascii: "2")) + 26
        default: nil
        }
    }
}
