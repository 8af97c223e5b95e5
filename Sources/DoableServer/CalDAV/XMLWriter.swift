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

/// Writes response documents. Doable's four namespaces are declared once on the root with fixed prefixes (D, C, CS,
/// A); an element in any other namespace (an unknown property a client asked for) declares its own. Text is
/// escaped, carriage returns included (`&#13;`), so calendar data keeps its CRLF line ends through the client's XML
/// parser, and characters XML 1.0 cannot carry become U+FFFD rather than a document the client cannot read.
struct XMLWriter {
    private(set) var output = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"

    /// Opens the root element with the namespace declarations.
    mutating func openRoot(_ name: QName) {
        output += "<\(Self.tag(name))\(DAVNamespace.declarations)>"
    }

    mutating func close(_ name: QName) { output += "</\(Self.tag(name))>" }

    /// Markup Doable writes itself (fixed names in its own prefixes), appended as is.
    mutating func markup(_ markup: StaticString) { output += markup.description }

    mutating func write(_ node: XMLNode) {
        switch node {
        case .text(let text):
            Self.escape(text, into: &output, inAttribute: false)
        case .element(let name, let attributes, let children):
            let tag = Self.tag(name)
            output += "<" + tag
            if DAVNamespace.prefix(of: name.namespace) == nil, !name.namespace.isEmpty {
                output += " xmlns:X=\""
                Self.escape(name.namespace, into: &output, inAttribute: true)
                output += "\""
            }
            for attribute in attributes {
                output += " \(attribute.name)=\""
                Self.escape(attribute.value, into: &output, inAttribute: true)
                output += "\""
            }
            guard !children.isEmpty else {
                output += "/>"
                return
            }
            output += ">"
            for child in children { write(child) }
            output += "</\(tag)>"
        }
    }

    mutating func write(_ nodes: [XMLNode]) { for node in nodes { write(node) } }

    /// `D:href` for Doable's namespaces, `X:name` (declared on the element) for another, the bare name for none.
    static func tag(_ name: QName) -> String {
        if let prefix = DAVNamespace.prefix(of: name.namespace) { return "\(prefix):\(name.local)" }
        return name.namespace.isEmpty ? name.local : "X:\(name.local)"
    }

    /// Copies runs of plain text whole and replaces only what must be: calendar data is most of a large report.
    static func escape(_ text: String, into output: inout String, inAttribute: Bool) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            var width = 1
            var replacement: String?
            switch utf8[index] {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "\""): replacement = inAttribute ? "&quot;" : nil
            case 0x0D: replacement = "&#13;"
            case 0x09: replacement = inAttribute ? "&#9;" : nil
            case 0x0A: replacement = inAttribute ? "&#10;" : nil
            case 0x00..<0x20: replacement = "\u{FFFD}"
            case 0xEF where isNonCharacter(utf8, at: index):
                // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters either.
                replacement = "\u{FFFD}"
                width = 3
            default: break
            }
            if let replacement {
                output += text[runStart..<index]
                output += replacement
                index = utf8.index(index, offsetBy: width)
                runStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        output += text[runStart..<utf8.endIndex]
    }

    private static func isNonCharacter(_ utf8: String.UTF8View, at index: String.Index) -> Bool {
        let second = utf8.index(after: index)
        guard second != utf8.endIndex, utf8[second] == 0xBF else { return false }
        let third = utf8.index(after: second)
        return third != utf8.endIndex && (utf8[third] == 0xBE || utf8[third] == 0xBF)
    }
}
