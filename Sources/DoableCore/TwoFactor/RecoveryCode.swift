/// ACC-10: a single-use code that signs in without the authenticator app, shown once as `7kq2-m9xh-4c` (50 random
/// bits). The alphabet is Crockford's Base32 in lower case: no `i`, `l`, `o` or `u`, so what is typed back can be
/// read leniently — any case, dashes and spaces ignored, `o` taken as `0` and `i` or `l` as `1`.
public struct RecoveryCode: Hashable, Sendable, CustomStringConvertible {
    /// The ten characters without dashes: what the caller hashes and stores.
    public let normalized: String

    public static let characterCount = 10
    /// How many codes a member is given at a time.
    public static let setSize = 10
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

    /// Reads a code as typed; nil if it cannot be one.
    public init?(typed: String) {
        var characters: [UInt8] = []
        for character in typed.lowercased().utf8 where character != UInt8(ascii: "-") && character != UInt8(ascii: " ") {
            let read: UInt8 =
                switch character {
                case UInt8(ascii: "o"): UInt8(ascii: "0")
                case UInt8(ascii: "i"), UInt8(ascii: "l"): UInt8(ascii: "1")
                default: character
                }
            guard Self.alphabet.contains(read) else { return nil }
            characters.append(read)
        }
        guard characters.count == Self.characterCount else { return nil }
        normalized = String(decoding: characters, as: UTF8.self)
    }

    /// Grouped 4-4-2 for reading aloud and copying by hand.
    public var description: String {
        let characters = Array(normalized)
        return String(characters[0..<4]) + "-" + String(characters[4..<8]) + "-" + String(characters[8...])
    }

    /// A fresh set of distinct codes.
    public static func make(count: Int = setSize) -> [RecoveryCode] {
        var generator = SystemRandomNumberGenerator()
        return make(count: count, using: &generator)
    }

    public static func make(count: Int = setSize, using generator: inout some RandomNumberGenerator) -> [RecoveryCode] {
        var codes: [RecoveryCode] = []
        var seen: Set<RecoveryCode> = []
        while codes.count < count {
            let characters = (0..<characterCount).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            guard let code = RecoveryCode(typed: String(decoding: characters, as: UTF8.self)) else { continue }
            if seen.insert(code).inserted { codes.append(code) }
        }
        return codes
    }
}
