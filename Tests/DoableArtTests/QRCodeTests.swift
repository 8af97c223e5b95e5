@testable import DoableArt
import Testing

/// ACC-10: the parts of the QR code encoder against ISO/IEC 18004's tables and the published worked example.
@Suite("QR code encoder (ACC-10)")
struct QRCodeTests {
    /// The worked example "HELLO WORLD" at 1-M: its 16 data codewords give these 10 error correction codewords.
    @Test func ACC10_reedSolomonMatchesTheWorkedExample() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let expected: [UInt8] = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
        #expect(QRCode.ReedSolomon.errorCorrection(for: data, degree: 10) == expected)
    }

    /// The generator of degree 7 as exponents of α: α⁰x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹.
    @Test func ACC10_generatorPolynomial() {
        let exponents = QRCode.ReedSolomon.generator(degree: 7).map { QRCode.ReedSolomon.logarithms[Int($0)] }
        #expect(exponents == [0, 87, 229, 146, 149, 238, 102, 21])
    }

    /// The 32 format strings as published (ISO/IEC 18004 annex C), by level then mask.
    @Test func ACC10_formatBitsMatchThePublishedTable() {
        let published: [QRCode.ErrorCorrection: [String]] = [
            .low: [
                "111011111000100", "111001011110011", "111110110101010", "111100010011101", "110011000101111",
                "110001100011000", "110110001000001", "110100101110110",
            ],
            .medium: [
                "101010000010010", "101000100100101", "101111001111100", "101101101001011", "100010111111001",
                "100000011001110", "100111110010111", "100101010100000",
            ],
            .quartile: [
                "011010101011111", "011000001101000", "011111100110001", "011101000000110", "010010010110100",
                "010000110000011", "010111011011010", "010101111101101",
            ],
            .high: [
                "001011010001001", "001001110111110", "001110011100111", "001100111010000", "000011101100010",
                "000001001010101", "000110100001100", "000100000111011",
            ],
        ]
        for (level, strings) in published {
            for (mask, string) in strings.enumerated() {
                #expect(QRMatrix.formatBits(errorCorrection: level, mask: mask) == Int(string, radix: 2), "\(level) \(mask)")
            }
        }
    }

    /// Version information as published (ISO/IEC 18004 annex D).
    @Test func ACC10_versionBitsMatchThePublishedTable() {
        let published = [7: 0x07C94, 8: 0x085BC, 9: 0x09A99, 10: 0x0A4D3, 20: 0x149A6, 32: 0x209D5, 40: 0x28C69]
        for (version, bits) in published { #expect(QRMatrix.versionBits(version) == bits, "\(version)") }
    }

    @Test func ACC10_alignmentCentresMatchThePublishedTable() {
        #expect(QRMatrix.alignmentCentres(version: 1) == [])
        #expect(QRMatrix.alignmentCentres(version: 2) == [6, 18])
        #expect(QRMatrix.alignmentCentres(version: 7) == [6, 22, 38])
        #expect(QRMatrix.alignmentCentres(version: 16) == [6, 26, 50, 74])
        #expect(QRMatrix.alignmentCentres(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRMatrix.alignmentCentres(version: 36) == [6, 24, 50, 76, 102, 128, 154])
        #expect(QRMatrix.alignmentCentres(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    /// The count of data modules worked out by formula is the count the drawn function patterns leave.
    @Test func ACC10_dataModulesAreWhatTheFunctionPatternsLeave() {
        for version in QRCode.versions {
            let free = QRMatrix(version: version).isFunction.count(where: { !$0 })
            #expect(QRCode.dataModuleCount(version: version) == free, "version \(version)")
        }
        let codewords = [1: 26, 2: 44, 7: 196, 10: 346, 40: 3706]
        for (version, count) in codewords { #expect(QRCode.dataModuleCount(version: version) / 8 == count) }
    }

    /// The byte-mode capacities of ISO/IEC 18004 table 7: the most bytes each version holds at each level.
    @Test func ACC10_byteCapacitiesMatchThePublishedTable() {
        let published: [QRCode.ErrorCorrection: [Int: Int]] = [
            .low: [1: 17, 6: 134, 7: 154, 10: 271, 40: 2953],
            .medium: [1: 14, 6: 106, 7: 122, 10: 213, 40: 2331],
            .quartile: [1: 11, 6: 74, 7: 86, 10: 151, 40: 1663],
            .high: [1: 7, 6: 58, 7: 64, 10: 119, 40: 1273],
        ]
        for (level, capacities) in published {
            for (version, capacity) in capacities {
                #expect(QRCode.smallestVersion(holding: capacity, errorCorrection: level) == version, "\(level) \(version)")
                let next = QRCode.smallestVersion(holding: capacity + 1, errorCorrection: level)
                #expect(next == (version == 40 ? nil : version + 1), "\(level) \(version)")
            }
        }
        #expect(QRCode(bytes: [UInt8](repeating: 0x41, count: 2954), errorCorrection: .low) == nil)
        #expect(QRCode(bytes: [UInt8](repeating: 0x41, count: 2953), errorCorrection: .low)?.version == 40)
    }

    /// Finders in three corners, timing patterns between them, the dark module, and the format bits in both copies.
    @Test func ACC10_functionPatternsAreInPlace() throws {
        let symbol = try #require(QRCode(text: "otpauth://totp/Doable:alice?secret=GEZDGNBVGY3TQOJQ", errorCorrection: .quartile))
        let size = symbol.size
        #expect(size == 17 + 4 * symbol.version)
        #expect(symbol.modules.count == size && symbol.modules.allSatisfy { $0.count == size })
        for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = max(abs(x - 3), abs(y - 3))
                    #expect(symbol.isDark(x: left + x, y: top + y) == (ring != 2), "finder at \(left),\(top)")
                }
            }
        }
        for index in 8..<(size - 8) {
            #expect(symbol.isDark(x: index, y: 6) == (index % 2 == 0))
            #expect(symbol.isDark(x: 6, y: index) == (index % 2 == 0))
        }
        #expect(symbol.isDark(x: 8, y: size - 8))
        let aroundFinder = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8)] + (0..<6).map { (5 - $0, 8) }
        let split = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
        let expected = QRMatrix.formatBits(errorCorrection: .quartile, mask: symbol.mask)
        for copy in [aroundFinder, split] {
            let bits = copy.enumerated().reduce(0) { $0 | (symbol.isDark(x: $1.element.0, y: $1.element.1) ? 1 << $1.offset : 0) }
            #expect(bits == expected)
        }
    }

    /// Rules 1 to 4 on an all-light version 1 symbol, then a finder look-alike drawn into one row.
    @Test func ACC10_penaltyRules() {
        var matrix = QRMatrix(version: 1)
        matrix.isDark = [Bool](repeating: false, count: 21 * 21)
        // 42 lines of 21 alike (19 each), 400 blocks of 2×2 (3 each), no dark module at all (10 × 10).
        #expect(matrix.penalty == 42 * 19 + 400 * 3 + 100)
        for (offset, dark) in [true, false, true, true, true, false, true].enumerated() { matrix.isDark[10 * 21 + 7 + offset] = dark }
        // Light on both sides: 40 twice; runs of 7 light before and after instead of one run of 21.
        #expect(matrix.linePenalty(first: 10 * 21, stride: 1) == 80 + 5 + 5)
    }

    /// Asking for a mask gives that mask; leaving it to the encoder gives the same symbol every time.
    @Test func ACC10_masksAreChosenOrObeyed() throws {
        for mask in QRCode.masks { #expect(QRCode(text: "Doable", mask: mask)?.mask == mask) }
        let first = try #require(QRCode(text: "Doable two-factor"))
        let second = try #require(QRCode(text: "Doable two-factor"))
        #expect(first.modules == second.modules)
        #expect(QRCode(text: "Doable two-factor", mask: first.mask)?.modules == first.modules)
    }
}
