import DoableCore
import Testing

/// ACC-10: recovery codes, shown once, typed back in any reasonable way.
@Suite("Recovery codes (ACC-10)")
struct RecoveryCodeTests {
    @Test func ACC10_aSetIsTenDistinctCodesOfFiftyBits() {
        let codes = RecoveryCode.make()
        #expect(codes.count == 10)
        #expect(Set(codes).count == 10)
        for code in codes {
            let text = code.description
            #expect(text.count == 12)
            #expect(text.split(separator: "-").map(\.count) == [4, 4, 2])
            #expect(text.allSatisfy { "0123456789abcdefghjkmnpqrstvwxyz-".contains($0) }, "\(text)")
            #expect(code.normalized.count == 10)
        }
    }

    /// Ten characters of a 32-letter alphabet are 50 bits: over many codes every character turns up in every place.
    @Test func ACC10_codesUseTheWholeAlphabet() {
        let codes = RecoveryCode.make(count: 2000)
        for position in 0..<10 {
            let seen = Set(codes.map { Array($0.normalized)[position] })
            #expect(seen.count == 32, "position \(position)")
        }
    }

    @Test func ACC10_typedCodesAreNormalised() {
        let code = RecoveryCode(typed: "7kq2-m9xh-4c")
        #expect(code?.normalized == "7kq2m9xh4c")
        #expect(code?.description == "7kq2-m9xh-4c")
        for typed in ["7KQ2-M9XH-4C", "7kq2m9xh4c", " 7kq2 m9xh 4c ", "7kq2--m9xh-4c", "7Kq2M9xH4c"] {
            #expect(RecoveryCode(typed: typed) == code, "\(typed)")
        }
        // Letters that are not in the alphabet read as the digits they look like.
        #expect(RecoveryCode(typed: "o1l0-iiii-oo")?.normalized == "0110111100")
    }

    @Test func ACC10_whatCannotBeACodeIsRefused() {
        for typed in ["", "7kq2-m9xh-4", "7kq2-m9xh-4cc", "7kq2-m9xh-4u", "7kq2_m9xh_4c", "7kq2-m9xh-4€"] {
            #expect(RecoveryCode(typed: typed) == nil, "\(typed)")
        }
    }
}
