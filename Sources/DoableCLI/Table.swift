/// Rows of text in aligned columns, measured as a terminal shows them: colour codes take no room, wide
/// characters (CJK, most emoji) take two cells, combining marks none.
///
/// One column may be `flexible`: when the table is wider than `maxWidth`, that column's cells are shortened with
/// "…" (never below `minimumFlexibleWidth`), so a long title does not wrap every row on a narrow terminal.
public struct Table: Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public var alignment: Alignment
        public var isFlexible: Bool

        public init(_ alignment: Alignment = .left, isFlexible: Bool = false) {
            self.alignment = alignment
            self.isFlexible = isFlexible
        }
    }

    public var columns: [Column]
    public var rows: [[String]] = []
    /// Between two columns.
    public var separator = "  "
    public var minimumFlexibleWidth = 10

    public init(columns: [Column]) { self.columns = columns }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// The lines of the table, without trailing spaces; `maxWidth` nil means no limit.
    public func render(maxWidth: Int? = nil) -> [String] {
        guard !rows.isEmpty else { return [] }
        var widths = columns.indices.map { index in
            rows.map { index < $0.count ? Self.displayWidth($0[index]) : 0 }.max() ?? 0
        }
        // A column empty in every row takes no room and no separator.
        let visible = columns.indices.filter { widths[$0] > 0 }
        if let maxWidth, let flexible = visible.first(where: { columns[$0].isFlexible }) {
            let total = visible.reduce(0) { $0 + widths[$1] } + separator.count * max(0, visible.count - 1)
            if total > maxWidth {
                widths[flexible] = max(minimumFlexibleWidth, widths[flexible] - (total - maxWidth))
            }
        }
        return rows.map { row in
            var line = ""
            for (position, index) in visible.enumerated() {
                let isLast = position == visible.count - 1
                var cell = index < row.count ? row[index] : ""
                if Self.displayWidth(cell) > widths[index] { cell = Self.truncate(cell, to: widths[index]) }
                let padding = String(repeating: " ", count: widths[index] - Self.displayWidth(cell))
                if position > 0 { line += separator }
                switch columns[index].alignment {
                case .left: line += isLast ? cell : cell + padding
                case .right: line += padding + cell
                }
            }
            // An empty last cell leaves its separator behind.
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// The cells a text takes on a terminal.
    public static func displayWidth(_ text: String) -> Int {
        var width = 0
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                skipEscape(&scalars)
                continue
            }
            width += cellWidth(scalar)
        }
        return width
    }

    /// `text` cut to at most `width` cells, ending in "…"; colour codes are kept (the reset at the end too).
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard displayWidth(text) > width else { return text }
        var result = String.UnicodeScalarView()
        var used = 0
        var isCut = false
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                result.append(scalar)
                result.append(contentsOf: escapeBody(&scalars))
                continue
            }
            guard !isCut else { continue }
            let cells = cellWidth(scalar)
            if used + cells > width - 1 {
                // "a very long…", not "a very long …".
                while let last = result.last, last.properties.isWhitespace { result.removeLast() }
                result.append("…")
                isCut = true
                continue
            }
            result.append(scalar)
            used += cells
        }
        return String(result)
    }

    /// Skips the rest of an ANSI escape sequence (CSI `ESC [ … letter`) after its ESC.
    private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        _ = escapeBody(&scalars)
    }

    /// The rest of an ANSI escape sequence after its ESC: `[`, parameters, and the final byte (`@` to `~`).
    private static func escapeBody(_ scalars: inout String.UnicodeScalarView.Iterator) -> [Unicode.Scalar] {
        guard let first = scalars.next() else { return [] }
        var body = [first]
        guard first == "[" else { return body }
        while let next = scalars.next() {
            body.append(next)
            if ("@"..."~").contains(next) { break }
        }
        return body
    }

    /// 0 for combining marks and joiners, 2 for East Asian wide and emoji, else 1.
    static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII, most of any table, takes one cell; no need to look up its properties.
        if (0x20..<0x7F).contains(value) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0xFE0F || value == 0x200D { return 0 }
        let isWide =
            (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value)
            || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value)
        return isWide ? 2 : 1
    }
}
