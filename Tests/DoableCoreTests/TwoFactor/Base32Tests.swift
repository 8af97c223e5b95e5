import DoableCore
import Testing

/// ACC-10: the Base32 of TOTP secrets, against RFC 4648 §10.
@Suite("Base32 (ACC-10)")
struct Base32Tests {
    /// RFC 4648 §10, without the padding.
    @Test(arguments: [
        ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
        ("foobar", "MZXW6YTBOI"),
    ])
    func ACC10_encodesRFC4648Vectors(text: String, encoded: String) {
        #expect(Base32.encoded(Array(text.utf8)) == encoded)
        #expect(Base32.decoded(encoded) == Array(text.utf8))
    }

    @Test func ACC10_decodingForgivesCaseSpacesAndPadding() {
        let secret = Array("12345678901234567890".utf8)
        for typed in [
            "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "gezdgnbvgy3tqojqgezdgnbvgy3tqojq", "gezd gnbv gy3t qojq gezd gnbv gy3t qojq",
        ] {
            #expect(Base32.decoded(typed) == secret, "\(typed)")
        }
        #expect(Base32.decoded("MZXW6YQ=") == Array("foob".utf8))
        #expect(Base32.decoded("MY======") == Array("f".utf8))
    }

    @Test func ACC10_decodingRefusesWhatNoEncodingWrites() {
        for text in ["M", "MZX", "MZXW6Y", "MZ1Q", "MZ8Q", "MZ0Q", "MZ=XQ", "MZXQ-", "MZÉQ"] {
            #expect(Base32.decoded(text) == nil, "\(text)")
        }
    }

    @Test func ACC10_roundTripsEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base32.decoded(Base32.encoded(bytes)) == bytes)
        }
    }
}
