extension QRMatrix {
    /// Whether mask `mask` flips the module at row `y`, column `x` (ISO/IEC 18004 table 10, where i is the row).
    static func masks(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (y + x) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (y + x) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (y * x) % 2 + (y * x) % 3 == 0
        case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        default: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        }
    }

    /// Flips the data modules the mask selects; function patterns are left as they are.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.masks(mask, x: x, y: y) {
                isDark[y * size + x].toggle()
            }
        }
    }

    /// The four penalty rules of ISO/IEC 18004 §7.8.3; the mask with the lowest total is the easiest to read.
    var penalty: Int {
        var total = blockPenalty + balancePenalty
        for line in 0..<size {
            total += linePenalty(first: line * size, stride: 1) + linePenalty(first: line, stride: size)
        }
        return total
    }

    /// Rules 1 and 3 along one row (`stride` 1) or column (`stride` size), worked out from its runs of one colour.
    func linePenalty(first: Int, stride: Int) -> Int {
        var runs: [(isDark: Bool, length: Int)] = []
        for index in 0..<size {
            let dark = isDark[first + index * stride]
            if let last = runs.last, last.isDark == dark {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((dark, 1))
            }
        }
        var total = 0
        // Rule 1: 3 for five modules of one colour in a row, and 1 more for each beyond five.
        for run in runs where run.length >= 5 { total += run.length - 2 }
        // Rule 3: 40 for dark-light-dark-dark-dark-light-dark (1:1:3:1:1, a finder's look) with four light modules
        // before it, and 40 more with four after it. Beyond the edge is the quiet zone, light and wide enough.
        for start in runs.indices.dropLast(4) where runs[start].isDark {
            guard (0..<5).allSatisfy({ runs[start + $0].length == Self.finderRuns[$0] }) else { continue }
            if start == 0 || runs[start - 1].length >= 4 { total += 40 }
            if start + 5 == runs.count || runs[start + 5].length >= 4 { total += 40 }
        }
        return total
    }

    private static let finderRuns = [1, 1, 3, 1, 1]

    /// Rule 2: 3 for each 2×2 square of one colour, overlapping squares each counted.
    var blockPenalty: Int {
        var total = 0
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = isDark[y * size + x]
                if isDark[y * size + x + 1] == colour && isDark[(y + 1) * size + x] == colour
                    && isDark[(y + 1) * size + x + 1] == colour
                {
                    total += 3
                }
            }
        }
        return total
    }

    /// Rule 4: 10 for each whole 5 per cent that the share of dark modules is away from half.
    var balancePenalty: Int {
        let dark = isDark.count(where: { $0 })
        return abs(dark * 20 - isDark.count * 10) / isDark.count * 10
    }
}
