import Foundation

/// RFC 4180 CSV: fields separated by commas, records by CRLF (LF or a lone CR too, as spreadsheets write them),
/// a field in double quotes may hold commas, line breaks and doubled quotes. Linear in the input, on its bytes.
public enum CSVReader {
    public struct Record: Sendable, Equatable {
        /// The 1-based line the record starts on.
        public var line: Int
        public var fields: [String]
    }

    /// Every record, empty lines included (as one empty field), or `invalid` naming the line of a quote left open
    /// or of text after a closing quote.
    public static func records(_ text: String) throws(DoableError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var wasQuoted = false
        let bytes = Array(text.utf8)
        var index = bytes.startIndex
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRecord() {
            endField()
            records.append(Record(line: recordLine, fields: fields))
            fields.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == quote {
                    if index < bytes.count, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == newline || (byte == carriageReturn && (index == bytes.count || bytes[index] != newline)) {
                        line += 1
                    }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where field.isEmpty && !wasQuoted:
                inQuotes = true
                wasQuoted = true
            case comma:
                endField()
            case carriageReturn, newline:
                if byte == carriageReturn, index < bytes.count, bytes[index] == newline { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            default:
                if wasQuoted {
                    throw DoableError.invalid(
                        "body",
                        "Line \(line): text after a closing quote; a quote inside a "
                            + "quoted field is written twice.")
                }
                field.append(byte)
            }
        }
        if inQuotes {
            throw DoableError.invalid("body", "Line \(recordLine): a quoted field is never closed.")
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
}

extension CSVReader.Record {
    /// True for a line with nothing in it (Todoist separates groups with such lines).
    public var isBlank: Bool { fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
}
