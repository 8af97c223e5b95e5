/// SHA-1 (FIPS 180-4), here only for HMAC-SHA1 in TOTP: RFC 6238's default and the one algorithm every authenticator
/// app speaks. Written here so that DoableCore keeps no dependencies; SHA-1's broken collision resistance does not
/// weaken HMAC, which relies on the compression function being a pseudo-random function.
enum SHA1 {
    static let digestLength = 20
    static let blockLength = 64

    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var schedule = [UInt32](repeating: 0, count: 80)
        for start in stride(from: 0, to: message.count + 9, by: blockLength) {
            let block = paddedBlock(of: message, at: start)
            compress(block, into: &state, schedule: &schedule)
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(digestLength)
        for word in state {
            for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return digest
    }

    /// The 64 bytes from `start` of the message followed by 0x80, zeros and its length in bits (big-endian), without
    /// copying the whole message.
    private static func paddedBlock(of message: [UInt8], at start: Int) -> [UInt8] {
        let paddedCount = (message.count + 9 + blockLength - 1) / blockLength * blockLength
        let bitCount = UInt64(message.count) &* 8
        var block = [UInt8](repeating: 0, count: blockLength)
        for offset in 0..<blockLength {
            let index = start + offset
            if index < message.count {
                block[offset] = message[index]
            } else if index == message.count {
                block[offset] = 0x80
            } else if index >= paddedCount - 8 {
                block[offset] = UInt8(truncatingIfNeeded: bitCount >> UInt64((paddedCount - 1 - index) * 8))
            }
        }
        return block
    }

    private static func compress(_ block: [UInt8], into state: inout [UInt32], schedule w: inout [UInt32]) {
        for t in 0..<16 {
            w[t] =
                UInt32(block[t * 4]) << 24 | UInt32(block[t * 4 + 1]) << 16 | UInt32(block[t * 4 + 2]) << 8
                | UInt32(block[t * 4 + 3])
        }
        for t in 16..<80 { w[t] = rotatedLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], by: 1) }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for t in 0..<80 {
            let mixed: UInt32
            let constant: UInt32
            switch t {
            case 0..<20: (mixed, constant) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (mixed, constant) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (mixed, constant) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (mixed, constant) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let next = rotatedLeft(a, by: 5) &+ mixed &+ e &+ constant &+ w[t]
            (e, d, c, b, a) = (d, c, rotatedLeft(b, by: 30), a, next)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }

    private static func rotatedLeft(_ word: UInt32, by count: UInt32) -> UInt32 {
        word << count | word >> (32 - count)
    }
}
