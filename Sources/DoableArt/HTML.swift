import Foundation
/// A fragment of HTML. Interpolating a value into an `HTML` literal escapes it unless the value is itself `HTML`,
/// so text from members can never become markup by accident (issue 11: titles like `<script>` render as text).
public struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public private(set) var markup: String

    public init(unsafeMarkup: String) { markup = unsafeMarkup }
    public init(stringLiteral value: String) { markup = value }
    public init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }

    public static let empty = HTML(unsafeMarkup: "")
    public var description: String { markup }
    public var isEmpty: Bool { markup.isEmpty }

    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) { markup += literal }
        public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
        public mutating func appendInterpolation(_ html: HTML?) { if let html { markup += html.markup } }
        public mutating func appendInterpolation(_ parts: [HTML]) { for part in parts { markup += part.markup } }
        public mutating func appendInterpolation(_ text: String) { HTML.escape(text, into: &markup) }
        public mutating func appendInterpolation(_ text: Substring) { HTML.escape(String(text), into: &markup) }
        public mutating func appendInterpolation(_ number: Int) { markup += String(number) }
        public mutating func appendInterpolation(_ number: Int64) { markup += String(number) }
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            HTML.escape(value.description, into: &markup)
        }
        /// `checked`, `selected`, `disabled` and other boolean attributes: present when true.
        public mutating func appendInterpolation(attribute name: String, if condition: Bool) {
            if condition { markup += " " + name }
        }
    }

    public static func + (lhs: HTML, rhs: HTML) -> HTML { HTML(unsafeMarkup: lhs.markup + rhs.markup) }
    public static func += (lhs: inout HTML, rhs: HTML) { lhs.markup += rhs.markup }

    /// Escapes text for element content and for double-quoted attribute values alike.
    static func escape(_ text: String, into output: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}

extension Sequence {
    /// Renders each element and joins them.
    public func html(_ render: (Element) throws -> HTML) rethrows -> HTML {
        var result = HTML.empty
        for element in self { result += try render(element) }
        return result
    }
}
