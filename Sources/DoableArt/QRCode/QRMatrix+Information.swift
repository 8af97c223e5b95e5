extension QRMatrix {
    /// The 15 format bits: the level's two bits and the mask's three, 10 bits of BCH(15, 5) error correction, then
    /// XOR 101010000010010 so that no format is all light.
    static func formatBits(errorCorrection: QRCode.ErrorCorrection, mask: Int) -> Int {
        // Table 12 of ISO/IEC 18004 numbers the levels L 01, M 00, Q 11, H 10.
        let levelBits = [0b01, 0b00, 0b11, 0b10][errorCorrection.rawValue]
        let data = levelBits << 3 | mask
        return (data << 10 | bchRemainder(of: data, generator: 0b101_0011_0111, degree: 10)) ^ 0b101_0100_0001_0010
    }

    /// The 18 version bits: six of the version, then 12 of BCH(18, 6) error correction.
    static func versionBits(_ version: Int) -> Int {
        version << 12 | bchRemainder(of: version, generator: 0b1_1111_0010_0101, degree: 12)
    }

    /// The remainder of value·x^degree divided by the generator, polynomials over GF(2) held as bits.
    static func bchRemainder(of value: Int, generator: Int, degree: Int) -> Int {
        var remainder = value << degree
        for shift in stride(from: Int.bitWidth - 2, through: degree, by: -1) where remainder >> shift & 1 == 1 {
            remainder ^= generator << (shift - degree)
        }
        return remainder
    }

    mutating func drawFormat(errorCorrection: QRCode.ErrorCorrection, mask: Int) {
        drawFormatBits(Self.formatBits(errorCorrection: errorCorrection, mask: mask))
    }

    /// Both copies of the format bits, bit 0 the least significant: one around the top-left finder (down column 8,
    /// then left along row 8, stepping over the timing patterns), the other split under the top-right finder and
    /// beside the bottom-left one. The module above the bottom-left copy is always dark.
    mutating func drawFormatBits(_ bits: Int) {
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
        for index in 0..<6 { setFunction(x: 8, y: index, isDark: bit(index)) }
        setFunction(x: 8, y: 7, isDark: bit(6))
        setFunction(x: 8, y: 8, isDark: bit(7))
        setFunction(x: 7, y: 8, isDark: bit(8))
        for index in 9..<15 { setFunction(x: 14 - index, y: 8, isDark: bit(index)) }
        for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, isDark: bit(index)) }
        for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, isDark: bit(index)) }
        setFunction(x: 8, y: size - 8, isDark: true)
    }

    /// Both copies of the version bits (versions 7 and up): a 6×3 block left of the top-right finder and its mirror
    /// above the bottom-left one, bit 0 nearest the top-left corner.
    mutating func drawVersion(_ version: Int) {
        let bits = Self.versionBits(version)
        for index in 0..<18 {
            let isDark = bits >> index & 1 == 1
            let across = size - 11 + index % 3, along = index / 3
            setFunction(x: across, y: along, isDark: isDark)
            setFunction(x: along, y: across, isDark: isDark)
        }
    }
}
