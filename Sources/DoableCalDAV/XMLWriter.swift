import NIOCore

/// A piece of a response document: an element (in one of `DAVNamespace`'s namespaces or any other) or text.
indirect enum XMLNode: Sendable {
    case element(QName, attributes: [(name: String, value: String)] = [], children: [XMLNode] = [])
    case text(String)

    static func element(_ name: QName, _ children: [XMLNode]) -> XMLNode {
        .element(name, attributes: [], children: children)
    }

    static func element(_ name: QName, text: String) -> XMLNode { .element(name, attributes: [], children: [.text(text)]) }

    static func href(_ path: String) -> XMLNode { .element(.dav("href"), text: path) }
}

/// Writes response documents straight into the bytes of the response body. Doable's four namespaces are declared
/// once on the root with fixed prefixes (D, C, CS, A); an element in any other namespace (an unknown property a
/// client asked for) declares its own. Text is escaped, carriage returns included (`&#13;`), so calendar data keeps
/// its CRLF line ends through the client's XML parser, and characters XML 1.0 cannot carry become U+FFFD rather than
/// a document the client cannot read.
struct XMLWriter {
    private(set) var output: ByteBuffer

    /// `capacity`: a guess of the document's size, so that a large listing is not copied as it grows.
    init(capacity: Int = 1024) {
        output = ByteBufferAllocator().buffer(capacity: capacity)
        output.writeStaticString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
    }

    /// Opens the root element with the namespace declarations.
    mutating func openRoot(_ name: QName) {
        output.writeStaticString("<")
        writeTag(name)
        output.writeString(DAVNamespace.declarations)
        output.writeStaticString(">")
    }

    mutating func close(_ name: QName) {
        output.writeStaticString("</")
        writeTag(name)
        output.writeStaticString(">")
    }

    /// Markup Doable writes itself (fixed names in its own prefixes), appended as is.
    mutating func markup(_ markup: StaticString) { output.writeStaticString(markup) }

    /// Escaped character data.
    mutating func text(_ text: String) { Self.escape(text, into: &output, inAttribute: false) }

    mutating func write(_ node: XMLNode) {
        switch node {
        case .text(let text):
            self.text(text)
        case .element(let name, let attributes, let children):
            output.writeStaticString("<")
            writeTag(name)
            if DAVNamespace.prefix(of: name.namespace) == nil, !name.namespace.isEmpty {
                output.writeStaticString(" xmlns:X=\"")
                Self.escape(name.namespace, into: &output, inAttribute: true)
                output.writeStaticString("\"")
            }
            for attribute in attributes {
                output.writeStaticString(" ")
                output.writeString(attribute.name)
                output.writeStaticString("=\"")
                Self.escape(attribute.value, into: &output, inAttribute: true)
                output.writeStaticString("\"")
            }
            guard !children.isEmpty else {
                output.writeStaticString("/>")
                return
            }
            output.writeStaticString(">")
            for child in children { write(child) }
            output.writeStaticString("</")
            writeTag(name)
            output.writeStaticString(">")
        }
    }

    mutating func write(_ nodes: [XMLNode]) { for node in nodes { write(node) } }

    /// An element holding only text, without building its node: `<D:status>…</D:status>`.
    mutating func element(_ name: QName, text: String) {
        write(.element(name, attributes: [], children: [.text(text)]))
    }

    private mutating func writeTag(_ name: QName) {
        if let prefix = DAVNamespace.prefix(of: name.namespace) {
            output.writeString(prefix)
            output.writeStaticString(":")
        } else if !name.namespace.isEmpty {
            output.writeStaticString("X:")
        }
        output.writeString(name.local)
    }

    /// `D:href` for Doable's namespaces, `X:name` (declared on the element) for another, the bare name for none.
    static func tag(_ name: QName) -> String {
        if let prefix = DAVNamespace.prefix(of: name.namespace) { return "\(prefix):\(name.local)" }
        return name.namespace.isEmpty ? name.local : "X:\(name.local)"
    }

    // MARK: Escaping

    /// One pass over the UTF-8 bytes: runs that need nothing (most of a calendar object: ASCII without `<&>`) are
    /// copied whole, and only the bytes that must change are replaced.
    static func escape(_ text: String, into output: inout ByteBuffer, inAttribute: Bool) {
        var text = text
        text.withUTF8 { escape($0, into: &output, inAttribute: inAttribute) }
    }

    static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, inAttribute: Bool) {
        let count = utf8.count
        let mask = inAttribute ? attributeMask : textMask
        var runStart = 0
        var index = 0
        while index < count {
            let byte = utf8[index]
            guard byte < 0x40 ? mask & (1 << UInt64(byte)) != 0 : byte == 0xEF else {
                index += 1
                continue
            }
            let replacement: StaticString
            var width = 1
            switch byte {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case 0x0D: replacement = "&#13;"
            case 0x09: replacement = "&#9;"
            case 0x0A: replacement = "&#10;"
            case 0xEF:
                // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
                guard index + 2 < count, utf8[index + 1] == 0xBF, utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF
                else {
                    index += 1
                    continue
                }
                replacement = "\u{FFFD}"
                width = 3
            default: replacement = "\u{FFFD}"  // the other C0 controls
            }
            output.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[runStart..<index])))
            output.writeStaticString(replacement)
            index += width
            runStart = index
        }
        output.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[runStart..<count])))
    }

    /// The ASCII bytes below 0x40 that need attention, one bit each: `<`, `>`, `&`, and the C0 controls (CR, and
    /// those XML cannot carry) in text; in an attribute also `"`, tab and line feed, which an attribute value would
    /// otherwise turn into spaces. Above 0x40 only 0xEF does: the lead byte of U+FFFE and U+FFFF.
    private static let textMask: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A) | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
    private static let attributeMask: UInt64 = textMask | 1 << 0x09 | 1 << 0x0A | 1 << 0x22
}
