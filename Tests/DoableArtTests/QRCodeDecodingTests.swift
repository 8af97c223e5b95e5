@testable import DoableArt
import DoableCore
import Testing

/// ACC-10: every symbol the encoder writes is read back, byte for byte, by an independent decoder (zxing-cpp), which
/// also reports the version, level and mask it found.
@Suite("QR code read back by zxing-cpp (ACC-10)")
struct QRCodeDecodingTests {
    struct Case {
        let payload: [UInt8]
        let level: QRCode.ErrorCorrection
        let mask: Int?
        var expectedVersion: Int?
    }

    @Test func ACC10_everySymbolReadsBackExactly() throws {
        var cases: [String: Case] = [:]
        let uri = TOTP.otpauthURI(secret: Array(0..<20), account: "alice")
        cases["single-byte"] = Case(payload: Array("a".utf8), level: .medium, mask: nil)
        cases["otpauth"] = Case(payload: Array(uri.utf8), level: .medium, mask: nil, expectedVersion: 7)
        for mask in QRCode.masks {
            cases["otpauth-mask\(mask)"] = Case(payload: Array(uri.utf8), level: .medium, mask: mask, expectedVersion: 7)
        }
        for level in QRCode.ErrorCorrection.allCases {
            cases["utf8-\(level)"] = Case(payload: Array("Fête à 10 h — 日本語 🎉 Ünïcödé".utf8), level: level, mask: nil)
            cases["binary-\(level)"] = Case(payload: Array(0...255), level: level, mask: nil)
        }
        // Either side of each version's capacity at level M (ISO/IEC 18004 table 7, byte mode).
        let mediumCapacities = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]
        for (index, capacity) in mediumCapacities.enumerated() {
            cases["full-v\(index + 1)"] = Case(payload: text(capacity), level: .medium, mask: nil, expectedVersion: index + 1)
            cases["over-v\(index + 1)"] = Case(payload: text(capacity + 1), level: .medium, mask: nil, expectedVersion: index + 2)
        }
        // Every version, full, at a level and mask that change with it: the tables hold for all forty.
        for version in QRCode.versions {
            let level = QRCode.ErrorCorrection.allCases[version % 4]
            cases["every-v\(version)"] = Case(
                payload: text(byteCapacity(version: version, level: level)), level: level, mask: version % 8,
                expectedVersion: version)
        }

        var symbols: [String: QRCode] = [:]
        for (name, testCase) in cases {
            let symbol = try #require(QRCode(bytes: testCase.payload, errorCorrection: testCase.level, mask: testCase.mask))
            if let version = testCase.expectedVersion { #expect(symbol.version == version, "\(name)") }
            if let mask = testCase.mask { #expect(symbol.mask == mask, "\(name)") }
            symbols[name] = symbol
        }
        let readings = try IndependentQRDecoder.read(symbols)
        for (name, symbol) in symbols {
            let expected = IndependentQRDecoder.Reading(
                hex: cases[name]!.payload.lowercaseHex, version: String(symbol.version),
                level: ["L", "M", "Q", "H"][symbol.errorCorrection.rawValue], mask: symbol.mask)
            #expect(readings[name] == [expected], "\(name)")
        }
    }

    /// Printable text of any length, varied so that no mask has it easy.
    func text(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(ascii: " ") + UInt8((($0 * 37) ^ ($0 >> 3)) % 95) }
    }

    func byteCapacity(version: Int, level: QRCode.ErrorCorrection) -> Int {
        let dataBits = QRCode.BlockLayout(version: version, errorCorrection: level).dataCodewordCount * 8
        return (dataBits - 4 - QRCode.characterCountBits(version: version)) / 8
    }
}
