/// GAME-3: SVG fragments an admin may give a store item: shapes only, so that nothing in one can run or fetch.
///
/// A strict whitelist read by a small tokenizer (not an XML parser: nothing is resolved, expanded or fetched):
/// whitelisted elements, properly nested or self-closing; whitelisted attributes with quoted values of the characters
/// their kind needs; whitespace between tags and nothing else. No comments, CDATA, processing instructions, DOCTYPE,
/// entities, text, scripts, event handlers, links, styles or external references (`url(#id)` only).
public enum SVGFragment {
    public static let maximumBytes = 20_000
    public static let maximumElements = 500
    public static let maximumDepth = 16

    public static let elements: Set<String> = [
        "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon", "defs", "linearGradient",
        "radialGradient", "stop",
    ]

    /// Each allowed attribute and the kind of value it takes.
    static let attributes: [String: ValueKind] = [
        "d": .pathData, "points": .pathData,
        "cx": .number, "cy": .number, "r": .number, "rx": .number, "ry": .number, "x": .number, "y": .number,
        "x1": .number, "y1": .number, "x2": .number, "y2": .number, "width": .number, "height": .number,
        "stroke-width": .number, "opacity": .number, "fill-opacity": .number, "stroke-opacity": .number,
        "offset": .number, "stop-opacity": .number,
        "fill": .paint, "stroke": .paint, "stop-color": .paint,
        "stroke-linecap": .keyword, "stroke-linejoin": .keyword, "gradientUnits": .keyword, "fill-rule": .keyword,
        "transform": .transform, "id": .identifier,
    ]

    public static var attributeNames: Set<String> { Set(attributes.keys) }

    /// Checks `text` is a fragment of allowed elements and attributes; a `DoableError` naming `field` otherwise.
    public static func validate(_ text: String, field: String) throws {
        if text.isEmpty || text.utf8.count > maximumBytes {
            throw DoableError.invalid(field, "The drawing must be 1 to 20,000 bytes of SVG shapes.")
        }
        var reader = Reader(bytes: Array(text.utf8), field: field)
        try reader.read()
    }

    enum ValueKind {
        /// Lengths, coordinates, opacities, offsets: "12", "-1.5e2", "50%", "0.5".
        case number
        /// Path data and point lists: numbers and path commands.
        case pathData
        /// A colour or a gradient: "#e11d48", "none", "rgb(1,2,3)", "url(#shine)".
        case paint
        /// "round", "evenodd", "userSpaceOnUse".
        case keyword
        /// "translate(10 20) rotate(45)".
        case transform
        case identifier

        func allows(_ byte: UInt8) -> Bool {
            if isDigit(byte) || isSpace(byte) { return true }
            switch self {
            case .number: return ".+-eE%,".utf8.contains(byte)
            case .pathData: return ".+-eE,MmZzLlHhVvCcSsQqTtAa".utf8.contains(byte)
            case .paint: return isLetter(byte) || "#(),.%-".utf8.contains(byte)
            case .keyword: return isLetter(byte) || byte == UInt8(ascii: "-")
            case .transform: return isLetter(byte) || "(),.+-".utf8.contains(byte)
            case .identifier: return isLetter(byte) || "-_".utf8.contains(byte)
            }
        }

        var explanation: String {
            switch self {
            case .number: "a number"
            case .pathData: "numbers and path commands"
            case .paint: "a colour, none, or url(#id)"
            case .keyword: "a keyword"
            case .transform: "transform functions and numbers"
            case .identifier: "letters, digits, - and _"
            }
        }
    }

    /// Reads the bytes once, front to back, keeping the open elements on a stack.
    struct Reader {
        let bytes: [UInt8]
        let field: String
        var index = 0
        var open: [String] = []
        var elementCount = 0

        init(bytes: [UInt8], field: String) {
            self.bytes = bytes
            self.field = field
        }

        func refuse(_ message: String) -> DoableError { DoableError.invalid(field, message) }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func starts(with text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= bytes.count else { return false }
            return bytes[position..<(position + pattern.count)].elementsEqual(pattern)
        }

        mutating func read() throws {
            while let byte = current {
                if isSpace(byte) {
                    index += 1
                } else if byte == UInt8(ascii: "<") {
                    try readMarkup()
                } else if byte == UInt8(ascii: "&") {
                    throw refuse("Entities such as &amp; are not allowed in a store item's drawing.")
                } else {
                    throw refuse("Text is not allowed in a store item's drawing, only shapes.")
                }
            }
            if let unclosed = open.last { throw refuse("Element <\(unclosed)> is not closed.") }
            if elementCount == 0 { throw refuse("The drawing has no shapes.") }
        }

        /// At a "<".
        mutating func readMarkup() throws {
            if starts(with: "<!--", at: index) {
                throw refuse("Comments are not allowed in a store item's drawing.")
            }
            if starts(with: "<![CDATA[", at: index) {
                throw refuse("CDATA sections are not allowed in a store item's drawing.")
            }
            if starts(with: "<!", at: index) {
                throw refuse("Declarations such as DOCTYPE are not allowed in a store item's drawing.")
            }
            if starts(with: "<?", at: index) {
                throw refuse("Processing instructions are not allowed in a store item's drawing.")
            }
            if starts(with: "</", at: index) {
                index += 2
                try readClosingTag()
            } else {
                index += 1
                try readOpeningTag()
            }
        }

        mutating func readName() -> String? {
            guard let first = current, isLetter(first) else { return nil }
            let start = index
            while let byte = current, isLetter(byte) || isDigit(byte) || ":_-.".utf8.contains(byte) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func skipSpace() -> Bool {
            let start = index
            while let byte = current, isSpace(byte) { index += 1 }
            return index > start
        }

        mutating func readClosingTag() throws {
            guard let name = readName() else { throw refuse("A closing tag must name an element.") }
            _ = skipSpace()
            guard current == UInt8(ascii: ">") else { throw refuse("The closing tag </\(name)> is not finished.") }
            index += 1
            guard let last = open.popLast() else { throw refuse("The closing tag </\(name)> closes nothing.") }
            guard last == name else { throw refuse("The closing tag </\(name)> does not match <\(last)>.") }
        }

        mutating func readOpeningTag() throws {
            guard let name = readName() else { throw refuse("A tag must start with an element name.") }
            guard elements.contains(name) else {
                throw refuse("Element <\(name)> is not allowed in a store item's drawing.")
            }
            elementCount += 1
            if elementCount > maximumElements {
                throw refuse("The drawing has more than \(maximumElements) elements.")
            }
            var seen: Set<String> = []
            while true {
                let spaced = skipSpace()
                guard let byte = current else { throw refuse("The drawing ends inside <\(name)>.") }
                if byte == UInt8(ascii: ">") {
                    index += 1
                    open.append(name)
                    if open.count > maximumDepth {
                        throw refuse("The drawing nests elements more than \(maximumDepth) deep.")
                    }
                    return
                }
                if byte == UInt8(ascii: "/") {
                    index += 1
                    guard current == UInt8(ascii: ">") else { throw refuse("The tag <\(name)> is not finished.") }
                    index += 1
                    if open.count + 1 > maximumDepth {
                        throw refuse("The drawing nests elements more than \(maximumDepth) deep.")
                    }
                    return
                }
                guard let attribute = readName() else { throw refuse("The tag <\(name)> is not well formed.") }
                guard attributes[attribute] != nil else {
                    throw refuse("Attribute \(attribute) is not allowed in a store item's drawing.")
                }
                guard spaced else { throw refuse("Attributes on <\(name)> must be separated by spaces.") }
                guard seen.insert(attribute).inserted else {
                    throw refuse("Attribute \(attribute) appears twice on <\(name)>.")
                }
                _ = skipSpace()
                guard current == UInt8(ascii: "=") else { throw refuse("Attribute \(attribute) needs a value.") }
                index += 1
                _ = skipSpace()
                try readValue(of: attribute)
            }
        }

        mutating func readValue(of attribute: String) throws {
            guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw refuse("The value of \(attribute) must be in quotes.")
            }
            index += 1
            let start = index
            while let byte = current, byte != quote { index += 1 }
            guard current == quote else { throw refuse("The value of \(attribute) is not closed.") }
            let value = bytes[start..<index]
            index += 1
            try check(value, of: attribute)
        }

        func check(_ value: ArraySlice<UInt8>, of attribute: String) throws {
            if value.contains(UInt8(ascii: "<")) { throw refuse("The value of \(attribute) may not contain \"<\".") }
            if value.contains(UInt8(ascii: "&")) {
                throw refuse("The value of \(attribute) may not contain \"&\": entities are not allowed.")
            }
            // Compared without case and without whitespace, as browsers are lenient about both.
            let compact = Array(value.filter { !isSpace($0) }.map(lowercased))
            if contains(compact, "javascript:") {
                throw refuse("The value of \(attribute) may not contain \"javascript:\".")
            }
            if contains(compact, "expression") {
                throw refuse("The value of \(attribute) may not contain \"expression\".")
            }
            try checkReferences(compact, of: attribute)
            let kind = attributes[attribute] ?? .identifier
            if let bad = value.first(where: { !kind.allows($0) }) {
                let shown = bad >= 0x20 && bad < 0x7F ? "\"\(Character(Unicode.Scalar(bad)))\"" : "a non-ASCII byte"
                throw refuse("The value of \(attribute) may only hold \(kind.explanation), not \(shown).")
            }
        }

        /// Every `url(` must be `url(#id)`: a reference inside the drawing, never a fetch.
        func checkReferences(_ compact: [UInt8], of attribute: String) throws {
            let opening = Array("url(".utf8)
            var position = 0
            while position + opening.count <= compact.count {
                guard compact[position..<(position + opening.count)].elementsEqual(opening) else {
                    position += 1
                    continue
                }
                var cursor = position + opening.count
                var isLocal = cursor < compact.count && compact[cursor] == UInt8(ascii: "#")
                cursor += 1
                let idStart = cursor
                while cursor < compact.count,
                    isLetter(compact[cursor]) || isDigit(compact[cursor])
                        || compact[cursor] == UInt8(ascii: "-") || compact[cursor] == UInt8(ascii: "_")
                {
                    cursor += 1
                }
                isLocal = isLocal && cursor > idStart && cursor < compact.count && compact[cursor] == UInt8(ascii: ")")
                guard isLocal else {
                    throw refuse("The value of \(attribute) may only use url(#id), a gradient in the drawing.")
                }
                position = cursor + 1
            }
        }
    }
}

private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}

private func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
}

private func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard haystack.count >= pattern.count else { return false }
    for start in 0...(haystack.count - pattern.count)
    where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
        return true
    }
    return false
}
