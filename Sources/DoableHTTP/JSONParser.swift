/// Parses request bodies (RFC 8259, strictly) into `ParsedJSON`. Foundation's `JSONDecoder` could only reach an
/// untyped value by trying each type in turn, throwing an error for every miss: several per value, a tenth of the
/// cost of creating a task.
struct JSONParser {
    struct Invalid: Error {}
    /// An object names the same member twice (issue 10, finding 6): RFC 8259 leaves the meaning open, and readers
    /// disagree on which one wins, so Doable refuses it rather than guess.
    struct DuplicateKey: Error {
        let key: String
    }

    /// Deeper nesting than any Doable request needs; refusing it keeps recursion bounded.
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> ParsedJSON {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw Invalid() }
        return value
    }

    static func parse(_ bytes: some Sequence<UInt8>) throws -> ParsedJSON {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { try parse($0) }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Invalid() }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { throw Invalid() }
        index += count
    }

    private mutating func value(depth: Int) throws -> ParsedJSON {
        guard depth <= Self.maximumDepth else { throw Invalid() }
        skipWhitespace()
        guard let byte = current else { throw Invalid() }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default: return try number()
        }
    }

    private mutating func object(depth: Int) throws -> ParsedJSON {
        index += 1
        var members: [String: ParsedJSON] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw Invalid() }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw Invalid() }
            index += 1
            let member = try value(depth: depth + 1)
            guard members.updateValue(member, forKey: key) == nil else { throw DuplicateKey(key: key) }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw Invalid()
            }
        }
    }

    private mutating func array(depth: Int) throws -> ParsedJSON {
        index += 1
        var elements: [ParsedJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw Invalid()
            }
        }
    }

    private mutating func number() throws -> ParsedJSON {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw Invalid() }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, isDigit(digit) else { throw Invalid() }
            skipDigits()
        }
        let mantissaEnd = index
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { throw Invalid() }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw Invalid() }
        // A number too small to represent is refused like one too large, not read as 0.
        if value == 0, bytes[start..<mantissaEnd].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            throw Invalid()
        }
        let digits = bytes[start..<mantissaEnd].filter(isDigit).drop { $0 == UInt8(ascii: "0") }
        let significant = digits.count - digits.reversed().prefix { $0 == UInt8(ascii: "0") }.count
        return significant > 15 ? .longNumber(value, literal: text) : .number(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private mutating func string() throws -> String {
        index += 1
        let start = index
        // The common case: no escapes, so the bytes between the quotes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw Invalid() }
            index += 1
        }
        guard let stop = current else { throw Invalid() }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        if stop == UInt8(ascii: "\\") {
            while true {
                guard let byte = current else { throw Invalid() }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return try validated(utf8)
                case UInt8(ascii: "\\"):
                    try escape(into: &utf8)
                case 0x00..<0x20:
                    throw Invalid()
                default:
                    utf8.append(byte)
                }
            }
        }
        index += 1
        return try validated(utf8)
    }

    private func validated(_ utf8: [UInt8]) throws -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw Invalid() }
        return text
    }

    private mutating func escape(into utf8: inout [UInt8]) throws {
        guard let byte = current else { throw Invalid() }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                try expect("\\u")
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw Invalid() }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw Invalid() }
            utf8.append(contentsOf: String(unicode).utf8)
        default: throw Invalid()
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw Invalid() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Invalid()
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
