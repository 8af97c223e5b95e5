/// The square of modules a QR code is drawn in, while it is drawn: which modules are dark, and which belong to
/// function patterns (finders, timing, alignment, format and version information) that data and masks leave alone.
/// Coordinates are `x` from the left and `y` from the top.
struct QRMatrix {
    let size: Int
    var isDark: [Bool]
    private(set) var isFunction: [Bool]

    static func size(ofVersion version: Int) -> Int { 17 + 4 * version }

    /// The function patterns of a version, with the format information's modules reserved (drawn light).
    init(version: Int) {
        size = Self.size(ofVersion: version)
        isDark = [Bool](repeating: false, count: size * size)
        isFunction = isDark
        for index in 0..<size {
            setFunction(x: 6, y: index, isDark: index % 2 == 0)
            setFunction(x: index, y: 6, isDark: index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(centreX: x, centreY: y) }
        let centres = Self.alignmentCentres(version: version)
        for x in centres {
            for y in centres where !Self.overlapsFinder(x, y, centres: centres) { drawAlignment(centreX: x, centreY: y) }
        }
        drawFormatBits(0)
        if version >= 7 { drawVersion(version) }
    }

    mutating func setFunction(x: Int, y: Int, isDark dark: Bool) {
        isDark[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// A 7×7 finder with its light separator around it, clipped at the symbol's edge.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 where (0..<size).contains(centreX + dx) && (0..<size).contains(centreY + dy) {
                let ring = max(abs(dx), abs(dy))
                setFunction(x: centreX + dx, y: centreY + dy, isDark: ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 { setFunction(x: centreX + dx, y: centreY + dy, isDark: max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The rows (and columns) of alignment pattern centres: 6, then back from `size − 7` by the smallest even
    /// spacing that reaches 6 within the count, so that any shorter gap is the first. Version 32 is the one exception
    /// (ISO/IEC 18004 annex E gives 26 where the rule gives 28).
    static func alignmentCentres(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let last = size(ofVersion: version) - 7
        let evenSpacing = ((last - 6 + count - 2) / (count - 1) + 1) / 2 * 2
        let spacing = version == 32 ? 26 : evenSpacing
        return [6] + (0..<(count - 1)).reversed().map { last - $0 * spacing }
    }

    private static func overlapsFinder(_ x: Int, _ y: Int, centres: [Int]) -> Bool {
        let first = centres.first!, last = centres.last!
        return (x == first && y == first) || (x == first && y == last) || (x == last && y == first)
    }

    /// Data bits in the standard zigzag: two columns at a time from the right, up then down, skipping the vertical
    /// timing column and every function module. Modules left over (the remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        var isUpward = true
        var right = size - 1
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = isUpward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] && bitIndex < codewords.count * 8 {
                    isDark[y * size + x] = codewords[bitIndex / 8] >> (7 - bitIndex % 8) & 1 == 1
                    bitIndex += 1
                }
            }
            isUpward.toggle()
            right -= 2
        }
    }
}
