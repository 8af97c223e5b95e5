/// Reads WebDAV request bodies (PROPFIND, PROPPATCH, REPORT, MKCALENDAR) into a tree of namespaced elements.
///
/// Written here rather than taken from FoundationXML: a server must not need libxml2 to start, and a body from the
/// network must not reach a parser that resolves external entities. So this reader knows elements, attributes,
/// namespace prefixes and the default namespace, text, CDATA, comments, processing instructions and the five
/// predefined and numeric character references — and refuses any DOCTYPE (hence any entity declaration: no XXE, no
/// billion laughs), nesting deeper than `maximumDepth`, invalid UTF-8 and everything that is not well-formed.
/// Its input is bounded by the request body limit.
struct XMLReader {
    struct Element: Sendable {
        var name: QName
        var attributes: [QName: String] = [:]
        var children: [Element] = []
        /// The character data directly inside the element (text and CDATA, references resolved), children's not.
        var text = ""

        func child(_ name: QName) -> Element? { children.first { $0.name == name } }
        func children(_ name: QName) -> [Element] { children.filter { $0.name == name } }
        /// An attribute without a namespace, as WebDAV's are (`<C:comp-filter name="VTODO">`).
        func attribute(_ local: String) -> String? { attributes[QName("", local)] }
        var trimmedText: String { text.trimmingXMLWhitespace() }
    }

    struct Failure: Error, Equatable, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) (at byte \(offset))" }
    }

    static let maximumDepth = 32
    static let maximumAttributes = 64
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The document's root element.
    static func parse(_ bytes: [UInt8]) throws -> Element {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw Failure(message: "The body is not UTF-8 text", offset: 0)
        }
        var reader = XMLReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        try reader.skipMisc()
        guard reader.peek == UInt8(ascii: "<") else { throw reader.failure("The body is not an XML document") }
        let root = try reader.element(depth: 1, scope: ["xml": xmlNamespace])
        try reader.skipMisc()
        guard reader.index == bytes.count else { throw reader.failure("Content after the root element") }
        return root
    }

    static func parse(_ text: String) throws -> Element { try parse(Array(text.utf8)) }

    // MARK: Structure

    private mutating func element(depth: Int, scope outer: [String: String]) throws -> Element {
        guard depth <= Self.maximumDepth else { throw failure("Elements are nested more than \(Self.maximumDepth) deep") }
        index += 1  // <
        let rawName = try name()
        var rawAttributes: [(name: String, value: String)] = []
        var isEmpty = false
        while true {
            let spaced = skipWhitespace()
            guard let byte = peek else { throw failure("The tag <\(rawName)> is not closed") }
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                index += 1
                guard peek == UInt8(ascii: ">") else { throw failure("Expected '>' after '/'") }
                index += 1
                isEmpty = true
                break
            }
            guard spaced else { throw failure("Attributes must be separated by white space") }
            let attributeName = try name()
            skipWhitespace()
            guard peek == UInt8(ascii: "=") else { throw failure("Expected '=' after the attribute \(attributeName)") }
            index += 1
            skipWhitespace()
            let value = try attributeValue()
            guard !rawAttributes.contains(where: { $0.name == attributeName }) else {
                throw failure("The attribute \(attributeName) appears twice")
            }
            guard rawAttributes.count < Self.maximumAttributes else { throw failure("Too many attributes") }
            rawAttributes.append((attributeName, value))
        }
        let scope = try declaring(rawAttributes, in: outer)
        var element = Element(name: try resolve(rawName, in: scope, isAttribute: false))
        for attribute in rawAttributes where !Self.isDeclaration(attribute.name) {
            let name = try resolve(attribute.name, in: scope, isAttribute: true)
            guard element.attributes.updateValue(attribute.value, forKey: name) == nil else {
                throw failure("The attribute \(name) appears twice")
            }
        }
        if isEmpty { return element }
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw failure("The element <\(rawName)> is not closed") }
            if byte == UInt8(ascii: "&") {
                text += try reference()
            } else if byte != UInt8(ascii: "<") {
                let start = index
                while let next = peek, next != UInt8(ascii: "<"), next != UInt8(ascii: "&") { index += 1 }
                text += bytes[start..<index]
            } else if starts(with: "</") {
                index += 2
                let closing = try name()
                skipWhitespace()
                guard closing == rawName, peek == UInt8(ascii: ">") else {
                    throw failure("<\(rawName)> is closed by </\(closing)>")
                }
                index += 1
                element.text = String(decoding: text, as: UTF8.self)
                return element
            } else if starts(with: "<![CDATA[") {
                index += 9
                let start = index
                try skip(past: "]]>", what: "CDATA section")
                text += bytes[start..<(index - 3)]
            } else if starts(with: "<!--") || starts(with: "<?") {
                try skipCommentOrInstruction()
            } else if starts(with: "<!") {
                throw failure("Declarations (DOCTYPE, ENTITY) are not accepted")
            } else {
                element.children.append(try self.element(depth: depth + 1, scope: scope))
            }
        }
    }

    private static func isDeclaration(_ name: String) -> Bool { name == "xmlns" || name.hasPrefix("xmlns:") }

    /// The scope with this element's `xmlns` and `xmlns:p` declarations added.
    private func declaring(_ attributes: [(name: String, value: String)], in outer: [String: String]) throws
        -> [String: String]
    {
        var scope = outer
        for attribute in attributes where Self.isDeclaration(attribute.name) {
            if attribute.name == "xmlns" {
                scope[""] = attribute.value
                continue
            }
            let prefix = String(attribute.name.dropFirst(6))
            guard !prefix.isEmpty, !prefix.contains(":"), !attribute.value.isEmpty else {
                throw failure("The namespace declaration \(attribute.name) is not valid")
            }
            guard prefix != "xml", prefix != "xmlns" else { continue }
            scope[prefix] = attribute.value
        }
        return scope
    }

    /// `D:prop` to `{DAV:}prop`. An unprefixed element is in the default namespace; an unprefixed attribute in none.
    private func resolve(_ raw: String, in scope: [String: String], isAttribute: Bool) throws -> QName {
        let parts = raw.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return QName(isAttribute ? "" : scope[""] ?? "", raw)
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
            guard let namespace = scope[String(parts[0])] else {
                throw failure("The prefix \(parts[0]) is not declared")
            }
            return QName(namespace, String(parts[1]))
        default: throw failure("\(raw) is not a valid name")
        }
    }

    // MARK: Lexical pieces

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literal in
            for offset in 0..<count where bytes[index + offset] != literal[offset] { return false }
            return true
        }
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: index) }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        return index > start
    }

    /// White space, comments and processing instructions (the XML declaration among them) around the root.
    private mutating func skipMisc() throws {
        while true {
            skipWhitespace()
            if starts(with: "<!--") || starts(with: "<?") {
                try skipCommentOrInstruction()
            } else if starts(with: "<!") {
                throw failure("Declarations (DOCTYPE, ENTITY) are not accepted")
            } else {
                return
            }
        }
    }

    private mutating func skipCommentOrInstruction() throws {
        if starts(with: "<!--") {
            index += 4
            try skip(past: "-->", what: "comment")
        } else {
            index += 2
            try skip(past: "?>", what: "processing instruction")
        }
    }

    private mutating func skip(past terminator: StaticString, what: String) throws {
        while index < bytes.count {
            if starts(with: terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw failure("The \(what) is not closed")
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    private mutating func name() throws -> String {
        let start = index
        while let byte = peek, Self.isNameByte(byte, first: index == start) { index += 1 }
        guard index > start else { throw failure("Expected a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func attributeValue() throws -> String {
        guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw failure("An attribute value must be quoted")
        }
        index += 1
        var value: [UInt8] = []
        while true {
            guard let byte = peek else { throw failure("The attribute value is not closed") }
            switch byte {
            case quote:
                index += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"): throw failure("'<' is not allowed in an attribute value")
            case UInt8(ascii: "&"): value += try reference()
            default:
                value.append(byte)
                index += 1
            }
        }
    }

    /// `&lt;`, `&#233;`, `&#xE9;` and the other predefined references, as UTF-8; any other entity is refused.
    private mutating func reference() throws -> [UInt8] {
        let start = index
        index += 1
        while let byte = peek, byte != UInt8(ascii: ";"), index - start < 12 { index += 1 }
        guard peek == UInt8(ascii: ";") else { throw Failure(message: "A '&' does not start a reference", offset: start) }
        let body = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
        index += 1
        switch body {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        let number: UInt32? =
            if body.hasPrefix("#x") { UInt32(body.dropFirst(2), radix: 16) } else if body.hasPrefix("#") { UInt32(body.dropFirst(), radix: 10) } else
            { nil }
        guard let number, let scalar = Unicode.Scalar(number), Self.isCharacter(scalar) else {
            throw Failure(message: "&\(body); is not a known reference", offset: start)
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// XML 1.0's `Char`: no NUL and no C0 controls other than tab, line feed and carriage return.
    private static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 ? scalar.value != 0xFFFE && scalar.value != 0xFFFF : [0x09, 0x0A, 0x0D].contains(scalar.value)
    }
}

extension String {
    /// Without leading and trailing XML white space (space, tab, line feed, carriage return).
    func trimmingXMLWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
