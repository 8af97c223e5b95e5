public import Foundation

/// One cell of an archived row, in the engine-neutral types of docs/backup.md. Each engine reads its own column
/// types into these (`uuid`, `date`, `jsonb` and `uuid[]` are text, as SQLite stores them) and writes them back
/// into its own.
public enum BackupValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case text(String)
    case bytes(Data)
}

/// The engine-neutral type of an archived column.
public enum BackupColumnType: String, Codable, Sendable {
    case integer, real, boolean, text, bytes
}

/// A row of an archive part is one line: a JSON array of its cells in the part's column order. Bytes are base64
/// strings; everything else is the JSON value it looks like.
enum BackupRowCoding {
    static func encode(_ row: [BackupValue], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, value) in row.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            switch value {
            case .null: out.append(contentsOf: Array("null".utf8))
            case .integer(let number): out.append(contentsOf: Array(String(number).utf8))
            case .real(let number):
                out.append(contentsOf: Array((number.isFinite ? "\(number)" : "null").utf8))
            case .boolean(let flag): out.append(contentsOf: Array((flag ? "true" : "false").utf8))
            case .text(let text): appendString(text, to: &out)
            case .bytes(let data): appendString(data.base64EncodedString(), to: &out)
            }
        }
        out.append(UInt8(ascii: "]"))
        out.append(UInt8(ascii: "\n"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Reads one line back into cells of `types` (what the part's manifest says), or nil when the line is not a
    /// row of that shape.
    static func decode(_ line: ArraySlice<UInt8>, types: [BackupColumnType]) -> [BackupValue]? {
        var reader = Reader(bytes: line)
        var row: [BackupValue] = []
        row.reserveCapacity(types.count)
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        reader.skipSpace()
        if reader.take(UInt8(ascii: "]")) { return types.isEmpty ? row : nil }
        while true {
            guard row.count < types.count, let value = reader.value(as: types[row.count]) else { return nil }
            row.append(value)
            reader.skipSpace()
            if reader.take(UInt8(ascii: ",")) { reader.skipSpace(); continue }
            guard reader.take(UInt8(ascii: "]")) else { return nil }
            break
        }
        reader.skipSpace()
        return row.count == types.count && reader.isAtEnd ? row : nil
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var isAtEnd: Bool { index >= bytes.endIndex }

        mutating func skipSpace() {
            while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func literal(_ word: String) -> Bool {
            let utf8 = Array(word.utf8)
            guard bytes.endIndex - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                return false
            }
            index += utf8.count
            return true
        }

        mutating func value(as type: BackupColumnType) -> BackupValue? {
            if literal("null") { return .null }
            switch type {
            case .integer, .boolean:
                if literal("true") { return type == .boolean ? .boolean(true) : .integer(1) }
                if literal("false") { return type == .boolean ? .boolean(false) : .integer(0) }
                guard let number = numberText(), let value = Int64(number) else { return nil }
                return type == .boolean ? .boolean(value != 0) : .integer(value)
            case .real:
                guard let number = numberText(), let value = Double(number) else { return nil }
                return .real(value)
            case .text:
                return string().map(BackupValue.text)
            case .bytes:
                guard let text = string(), let data = Data(base64Encoded: text) else { return nil }
                return .bytes(data)
            }
        }

        mutating func numberText() -> String? {
            let start = index
            while index < bytes.endIndex, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while index < bytes.endIndex {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else { out.append(byte); continue }
                guard index < bytes.endIndex else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {  // a surrogate pair (PostgreSQL's JSON writes them)
                        guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: out.append(escaped)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard bytes.endIndex - index >= 4,
                let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { return nil }
            index += 4
            return value
        }
    }
}
