import Foundation

/// RFC 4180 CSV out: CRLF line ends; a field with a comma, a quote or a line break is quoted, its quotes doubled.
/// Cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return)
/// get a leading `'`, so that a task titled `=HYPERLINK(…)` stays text when the file is opened (CSV injection).
public struct CSVWriter: Sendable {
    public private(set) var text = ""

    public init() {}

    public mutating func append(_ fields: [String]) {
        text += fields.map(Self.cell).joined(separator: ",") + "\r\n"
    }

    public static func cell(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
