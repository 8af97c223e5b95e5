extension QRCode {
    /// The data codewords of byte mode: the mode indicator 0100, the byte count, the bytes, a terminator of up to four
    /// zero bits, zeros to the byte boundary, then the pad codewords 0xEC and 0x11 in turn until the capacity is full.
    static func dataCodewords(for bytes: [UInt8], version: Int, capacity: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
        }
        append(0b0100, count: 4)
        append(bytes.count, count: characterCountBits(version: version))
        for byte in bytes { append(Int(byte), count: 8) }
        append(0, count: min(4, capacity * 8 - bits.count))
        append(0, count: (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        for index in 0..<(capacity - codewords.count) { codewords.append(index % 2 == 0 ? 0xEC : 0x11) }
        return codewords
    }

    /// How a version and level split the codewords into blocks, each with its own error correction.
    struct BlockLayout {
        let blockCount: Int
        let errorCorrectionPerBlock: Int
        let totalCodewordCount: Int

        init(version: Int, errorCorrection: ErrorCorrection) {
            blockCount = QRCode.blockCounts[errorCorrection.rawValue][version - 1]
            errorCorrectionPerBlock = QRCode.errorCorrectionCodewordsPerBlock[errorCorrection.rawValue][version - 1]
            totalCodewordCount = QRCode.dataModuleCount(version: version) / 8
        }

        var dataCodewordCount: Int { totalCodewordCount - blockCount * errorCorrectionPerBlock }

        /// Blocks that are one data codeword shorter than the rest; they come first.
        var shortBlockCount: Int { blockCount - totalCodewordCount % blockCount }
        var shortBlockDataCount: Int { totalCodewordCount / blockCount - errorCorrectionPerBlock }

        /// The data split into blocks, each followed by its error correction, then read across the blocks: the first
        /// data codeword of every block, the second, …, then the error correction codewords the same way. Damage to
        /// one area of the symbol is spread over all blocks.
        func interleaved(_ data: [UInt8]) -> [UInt8] {
            var blocks: [[UInt8]] = []
            var start = 0
            for index in 0..<blockCount {
                let length = shortBlockDataCount + (index < shortBlockCount ? 0 : 1)
                blocks.append(Array(data[start..<(start + length)]))
                start += length
            }
            let corrections = blocks.map { ReedSolomon.errorCorrection(for: $0, degree: errorCorrectionPerBlock) }
            var result: [UInt8] = []
            result.reserveCapacity(totalCodewordCount)
            for column in 0...shortBlockDataCount {
                for block in blocks where column < block.count { result.append(block[column]) }
            }
            for column in 0..<errorCorrectionPerBlock {
                for correction in corrections { result.append(correction[column]) }
            }
            return result
        }
    }
}
