extension QRCode {
    /// Error correction codewords in each block, by level (low, medium, quartile, high) then version (ISO/IEC 18004
    /// table 9).
    static let errorCorrectionCodewordsPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Error correction blocks, by level then version (ISO/IEC 18004 table 9).
    static let blockCounts: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// Modules left for codewords once the function patterns are drawn: the whole square less three finders with
    /// their separators (64 each), both copies of the format information and the dark module (31), the timing
    /// patterns between the finders, the alignment patterns (5 of each one's 25 modules are already timing when it
    /// sits on a timing line) and, from version 7, both copies of the version information (36).
    static func dataModuleCount(version: Int) -> Int {
        let size = QRMatrix.size(ofVersion: version)
        var count = size * size - 3 * 64 - 31 - 2 * (size - 16)
        let alignmentsPerSide = QRMatrix.alignmentCentres(version: version).count
        if alignmentsPerSide > 0 {
            let alignments = alignmentsPerSide * alignmentsPerSide - 3
            let onTimingLines = 2 * (alignmentsPerSide - 2)
            count -= alignments * 25 - onTimingLines * 5
        }
        if version >= 7 { count -= 36 }
        return count
    }

    /// Bits of the character count after the mode indicator in byte mode.
    static func characterCountBits(version: Int) -> Int { version < 10 ? 8 : 16 }

    static func smallestVersion(holding byteCount: Int, errorCorrection: ErrorCorrection) -> Int? {
        versions.first { version in
            let countBits = characterCountBits(version: version)
            let capacity = BlockLayout(version: version, errorCorrection: errorCorrection).dataCodewordCount * 8
            return byteCount < 1 << countBits && 4 + countBits + byteCount * 8 <= capacity
        }
    }
}
