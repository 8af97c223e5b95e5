/// RFC 5545 §3.1 content lines → components. Lenient where real clients are sloppy (LF-only line ends, lower-case
/// names, folding with a tab), strict about structure (BEGIN/END pairs, nesting depth, size), and never slow:
/// linear in the input.
public enum ICalendarParser {
    public static let maximumBytes = 5 * 1024 * 1024
    public static let maximumLines = 100_000
    public static let maximumDepth = 16

    /// Parses one iCalendar stream; the result is its top component (normally `VCALENDAR`).
    public static func parse(_ text: String) throws(CalendarObjectError) -> ICalComponent {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else {
            throw .invalidData("The calendar data is larger than \(maximumBytes / 1024 / 1024) MB.", line: nil)
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw .invalidData("The data holds a NUL byte.", line: bytes[..<nul].count { $0 == 0x0A } + 1)
        }
        var reader = ICalLineReader(bytes: bytes)
        var open: [ICalComponent] = []
        var top: ICalComponent?
        while let line = try reader.next() {
            let content = try ICalContentLine(line)
            if top != nil {
                throw .invalidData("Text after END:\(top?.name ?? ""): one calendar per stream.", line: line.number)
            }
            switch content.name {
            case "BEGIN":
                let name = try componentName(content, line: line.number)
                guard open.count < maximumDepth else {
                    throw .invalidData("Components nest deeper than \(maximumDepth) levels.", line: line.number)
                }
                open.append(ICalComponent(name: name))
            case "END":
                let name = try componentName(content, line: line.number)
                guard let closed = open.popLast() else {
                    throw .invalidData("END:\(name) without a BEGIN.", line: line.number)
                }
                guard closed.name == name else {
                    throw .invalidData("END:\(name) does not close BEGIN:\(closed.name).", line: line.number)
                }
                if open.isEmpty {
                    top = closed
                } else {
                    open[open.count - 1].components.append(closed)
                }
            default:
                guard !open.isEmpty else {
                    throw .invalidData("\(content.name) outside BEGIN:VCALENDAR … END:VCALENDAR.", line: line.number)
                }
                open[open.count - 1].properties.append(content.property(raw: line.raw(in: bytes)))
            }
        }
        if let unclosed = open.last {
            throw .invalidData("BEGIN:\(unclosed.name) is never closed (END:\(unclosed.name) is missing).", line: nil)
        }
        guard let top else { throw .invalidData("No BEGIN:VCALENDAR: this is not iCalendar data.", line: nil) }
        return top
    }

    /// The upper-cased component name of a BEGIN or END line, which takes no parameters.
    private static func componentName(_ content: ICalContentLine, line: Int) throws(CalendarObjectError) -> String {
        let value = content.value.utf8
        guard content.parameters.isEmpty, !value.isEmpty, value.allSatisfy(ICalContentLine.isNameByte) else {
            throw .invalidData("\(content.name) must name a component (\(content.name):VTODO).", line: line)
        }
        return ICalName.upperCased(content.value)
    }

    /// RFC 5545 §3.3.11 TEXT: `\n`, `\,`, `\;` and `\\` undone. Another escape is kept as written.
    public static func unescapeText(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
        var out = String.UnicodeScalarView()
        var isEscaped = false
        for scalar in value.unicodeScalars {
            if isEscaped {
                isEscaped = false
                switch scalar {
                case "n", "N": out.append("\n")
                case "\\", ";", ",": out.append(scalar)
                default: out.append(contentsOf: ["\\", scalar])
                }
            } else if scalar == "\\" {
                isEscaped = true
            } else {
                out.append(scalar)
            }
        }
        if isEscaped { out.append("\\") }
        return String(out)
    }

    /// RFC 5545 §3.3.11 TEXT: the inverse of `unescapeText`. Backslash, semicolon and comma are escaped, and every
    /// line break (CRLF, LF, or a bare CR) becomes `\n`, so no value can end its content line and start a property
    /// of its own. The other control characters are not allowed in TEXT and are left out (HTAB stays).
    public static func escapeText(_ value: String) -> String {
        guard value.utf8.contains(where: needsEscape) else { return value }
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case ";": out.append(contentsOf: "\\;".unicodeScalars)
            case ",": out.append(contentsOf: "\\,".unicodeScalars)
            case "\r": out.append(contentsOf: "\\n".unicodeScalars)
            case "\n": if !previousWasCR { out.append(contentsOf: "\\n".unicodeScalars) }
            case "\t": out.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";")
            || byte == UInt8(ascii: ",")
    }
}
