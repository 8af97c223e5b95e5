/// One logical content line: its folded pieces joined, and where its exact text lies in the input.
struct ICalLogicalLine {
    /// The line unfolded (each fold's line break and the one space or tab after it removed): a slice of the input
    /// itself when the line is not folded, as most are.
    var unfolded: ArraySlice<UInt8>
    /// The line as written, folds included, without its final line break.
    var rawRange: Range<Int>
    /// The physical line it starts on, counting from 1.
    var number: Int

    func raw(in bytes: [UInt8]) -> String { String(decoding: bytes[rawRange], as: UTF8.self) }
}

/// Splits iCalendar bytes into logical lines (RFC 5545 §3.1). A line ends with CRLF or a bare LF; a line that starts
/// with a space or tab continues the one before. Empty lines are skipped. A CR that does not end a line is refused,
/// so a value can never hide a line break.
struct ICalLineReader {
    let bytes: [UInt8]
    private var index = 0
    private var physicalLines = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws(CalendarObjectError) -> ICalLogicalLine? {
        while index < bytes.count {
            let start = index
            let end = try endOfLine(from: start)
            if start == end { continue }
            let number = physicalLines
            if Self.isFoldSpace(bytes[start]) {
                if bytes[start..<end].allSatisfy(Self.isFoldSpace) { continue }
                throw .invalidData("A folded line continues nothing (it starts with a space).", line: number)
            }
            var unfolded = bytes[start..<end]
            var rawEnd = end
            while index < bytes.count, Self.isFoldSpace(bytes[index]) {
                let pieceStart = index
                let pieceEnd = try endOfLine(from: pieceStart)
                unfolded.append(contentsOf: bytes[(pieceStart + 1)..<pieceEnd])
                rawEnd = pieceEnd
            }
            return ICalLogicalLine(unfolded: unfolded, rawRange: start..<rawEnd, number: number)
        }
        return nil
    }

    /// Reads one physical line from `start`: returns where its text ends and moves `index` past its line break.
    private mutating func endOfLine(from start: Int) throws(CalendarObjectError) -> Int {
        physicalLines += 1
        guard physicalLines <= ICalendarParser.maximumLines else {
            throw .invalidData("More than \(ICalendarParser.maximumLines) lines.", line: physicalLines)
        }
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case 0x0A:
                index = position + 1
                return position
            case 0x0D:
                if position + 1 == bytes.count {
                    index = position + 1
                    return position
                }
                guard bytes[position + 1] == 0x0A else {
                    throw .invalidData("A carriage return (CR) inside a line.", line: physicalLines)
                }
                index = position + 2
                return position
            default:
                position += 1
            }
        }
        index = position
        return position
    }

    static func isFoldSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
