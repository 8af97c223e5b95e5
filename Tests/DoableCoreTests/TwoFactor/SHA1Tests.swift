@testable import DoableCore
import Testing

/// ACC-10: TOTP's HMAC-SHA1, written in DoableCore, against the published vectors.
@Suite("SHA-1 and HMAC-SHA1 (ACC-10)")
struct SHA1Tests {
    /// FIPS 180 / RFC 3174 §7.3, and the empty message.
    @Test(arguments: [
        ("abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("a", 1_000_000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ("0123456701234567012345670123456701234567012345670123456701234567", 10, "dea356a2cddd90c7a7ecedc5ebb563934f460452"),
    ])
    func ACC10_digestMatchesPublishedVectors(text: String, repeats: Int, digest: String) {
        let message = [[UInt8]](repeating: Array(text.utf8), count: repeats).flatMap { $0 }
        #expect(SHA1.digest(message).lowercaseHex == digest)
    }

    /// Messages whose padding falls on each side of a block boundary (55, 56 and 64 bytes, …).
    @Test func ACC10_digestAroundBlockBoundaries() {
        let expected = [
            55: "c1c8bbdc22796e28c0e15163d20899b65621d65a", 56: "c2db330f6083854c99d4b5bfb6e8f29f201be699",
            63: "03f09f5b158a7a8cdad920bddc29b81c18a551f5", 64: "0098ba824b5c16427bd7a1122a5a442a25ec644d",
        ]
        for (count, digest) in expected {
            #expect(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: count)).lowercaseHex == digest, "\(count)")
        }
    }

    /// RFC 2202 §3, all seven cases (keys shorter and longer than a block).
    @Test(arguments: [
        ([UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8), "b617318655057264e28bc0b6fb378c8ef146be00"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
        ([UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50), "125d7342b9ac11cd91a39af48aa17b4f63f175d3"),
        (Array(1...25), [UInt8](repeating: 0xCD, count: 50), "4c9007f4026250c6bc8414f9bf50c86c2d7235da"),
        ([UInt8](repeating: 0x0C, count: 20), Array("Test With Truncation".utf8), "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"),
        (
            [UInt8](repeating: 0xAA, count: 80), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "aa4ae5e15272d00e95705637ce8a3b55ed402112"
        ),
        (
            [UInt8](repeating: 0xAA, count: 80),
            Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8),
            "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"
        ),
    ])
    func ACC10_hmacMatchesRFC2202(key: [UInt8], message: [UInt8], mac: String) {
        #expect(SHA1.hmac(key: key, message: message).lowercaseHex == mac)
    }
}
