import DoableCore
import Foundation
import Testing

/// ACC-10: the codes an authenticator app shows, against RFC 6238 appendix B and RFC 4226 appendix D.
@Suite("TOTP (ACC-10)")
struct TOTPTests {
    /// The secret of both RFCs' tables: the ASCII digits "12345678901234567890".
    let secret = Array("12345678901234567890".utf8)

    /// RFC 6238 appendix B, SHA-1: the eight-digit codes of the table, and the six-digit codes apps show.
    @Test(
        arguments: [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ] as [(Int64, String)])
    func ACC10_codesMatchRFC6238(seconds: Int64, eightDigits: String) {
        let time = Timestamp(milliseconds: seconds * 1000)
        #expect(TOTP.code(secret: secret, at: time, digits: 8) == eightDigits)
        #expect(TOTP.code(secret: secret, at: time) == String(eightDigits.suffix(6)))
    }

    /// RFC 4226 appendix D: HOTP for counters 0 to 9 is TOTP at steps 0 to 9.
    @Test func ACC10_stepsMatchRFC4226() {
        let codes = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"]
        #expect((0..<10).map { TOTP.code(secret: secret, step: Int64($0)) } == codes)
    }

    @Test func ACC10_stepsAreThirtySecondsFromTheEpoch() {
        #expect(TOTP.step(at: Timestamp(milliseconds: 0)) == 0)
        #expect(TOTP.step(at: Timestamp(milliseconds: 29_999)) == 0)
        #expect(TOTP.step(at: Timestamp(milliseconds: 30_000)) == 1)
        #expect(TOTP.step(at: Timestamp(milliseconds: 1_111_111_109_000)) == 37_037_036)
        #expect(TOTP.step(at: Timestamp(milliseconds: 90_000), period: 60) == 1)
    }

    @Test func ACC10_codesAreZeroPadded() {
        // Step 1_111_111_109 / 30 gives 07081804: six digits "081804" keep their leading zero.
        let code = TOTP.code(secret: secret, at: Timestamp(milliseconds: 1_111_111_109_000))
        #expect(code == "081804")
    }

    /// A code is accepted one step either side of now and no further, and the answer is the step it belongs to, for
    /// the caller to refuse a second use of it.
    @Test func ACC10_matchesWithinOneStepEitherSide() {
        let now = Timestamp(milliseconds: 1_234_567_890_000)
        let current = TOTP.step(at: now)
        for offset in -3...3 as ClosedRange<Int64> {
            let code = TOTP.code(secret: secret, step: current + offset)
            let expected = abs(offset) <= 1 ? current + offset : nil
            #expect(TOTP.matchingStep(code: code, secret: secret, at: now) == expected, "offset \(offset)")
        }
        let twoBack = TOTP.code(secret: secret, step: current - 2)
        #expect(TOTP.matchingStep(code: twoBack, secret: secret, at: now, window: 2) == current - 2)
        #expect(TOTP.matchingStep(code: TOTP.code(secret: secret, step: current), secret: secret, at: now, window: 0) == current)
    }

    @Test func ACC10_typedCodesAreReadStrictly() {
        let now = Timestamp(milliseconds: 59_000)
        #expect(TOTP.matchingStep(code: "287082", secret: secret, at: now) == 1)
        #expect(TOTP.matchingStep(code: "287 082", secret: secret, at: now) == 1)
        #expect(TOTP.matchingStep(code: " 287082 ", secret: secret, at: now) == 1)
        for typed in ["", "28708", "2870822", "28708a", "２８７０８２", "-287082", "287082\n"] {
            #expect(TOTP.matchingStep(code: typed, secret: secret, at: now) == nil, "\(typed)")
        }
        let otherSecret = Array("12345678901234567891".utf8)
        #expect(TOTP.matchingStep(code: "287082", secret: otherSecret, at: now) == nil)
        #expect(TOTP.matchingStep(code: "94287082", secret: secret, at: now, digits: 8) == 1)
    }

    /// Near the epoch there is no step before 0 to look at.
    @Test func ACC10_noStepBeforeTheEpoch() {
        let start = Timestamp(milliseconds: 10_000)
        #expect(TOTP.matchingStep(code: "755224", secret: secret, at: start) == 0)
        #expect(TOTP.matchingStep(code: "287082", secret: secret, at: start) == 1)
        #expect(TOTP.matchingStep(code: "359152", secret: secret, at: start) == nil)
    }

    @Test func ACC10_secretsAreTwentyRandomBytes() {
        let secrets = (0..<20).map { _ in TOTP.makeSecret() }
        #expect(secrets.allSatisfy { $0.count == 20 })
        #expect(Set(secrets).count == secrets.count)
        #expect(Base32.encoded(secrets[0]).count == 32)
    }

    /// The Key URI Format: issuer and account percent-encoded in the label, the defaults spelled out.
    @Test func ACC10_otpauthURI() {
        let uri = TOTP.otpauthURI(secret: secret, account: "alice")
        #expect(
            uri == "otpauth://totp/Doable:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Doable"
                + "&algorithm=SHA1&digits=6&period=30")
        let awkward = TOTP.otpauthURI(secret: secret, account: "bob:smith@example.com & co", issuer: "My Doable")
        #expect(awkward.hasPrefix("otpauth://totp/My%20Doable:bob%3Asmith%40example.com%20%26%20co?secret="))
        #expect(awkward.contains("&issuer=My%20Doable&"))
        let unicode = TOTP.otpauthURI(secret: secret, account: "zoë")
        #expect(unicode.hasPrefix("otpauth://totp/Doable:zo%C3%AB?"))
        #expect(URLComponents(string: awkward)?.queryItems?.first { $0.name == "issuer" }?.value == "My Doable")
    }
}
