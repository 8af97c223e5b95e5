extension ICalComponent {
    /// The component as iCalendar text: CRLF line ends; a property with `raw` is written exactly as read, any other
    /// one folded at 75 octets without splitting a UTF-8 character.
    public func serialized() -> String {
        var text = ""
        append(to: &text)
        return text
    }

    private func append(to text: inout String) {
        text += "BEGIN:\(name)\r\n"
        for property in properties {
            if let raw = property.raw {
                text += raw
            } else {
                text += ICalComponent.fold(property.contentLine)
            }
            text += "\r\n"
        }
        for component in components { component.append(to: &text) }
        text += "END:\(name)\r\n"
    }

    /// Content lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). Lines are cut
    /// between Unicode scalars, never inside a UTF-8 sequence; every physical line, the space included, is at most
    /// 75 octets.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var folded = String.UnicodeScalarView()
        var lineBytes = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if lineBytes + size > 75 {
                folded.append(contentsOf: "\r\n ".unicodeScalars)
                lineBytes = 1
            }
            folded.append(scalar)
            lineBytes += size
        }
        return String(folded)
    }
}

extension ICalProperty {
    /// The property as one unfolded content line. Parameter values holding `:`, `;` or `,` are quoted (a double quote
    /// cannot be, and becomes a single one); line breaks in the value become `\n` and other control characters are
    /// left out, so no value can start a line of its own.
    var contentLine: String {
        var line = name
        for parameter in parameters {
            line += ";\(parameter.name)="
            line += parameter.values.map(Self.parameterText).joined(separator: ",")
        }
        return line + ":" + Self.withoutLineBreaks(value)
    }

    private static func parameterText(_ value: String) -> String {
        if !value.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ":")
                || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",")
        }) {
            return value
        }
        var clean = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar == "\"" {
                clean.append("'")
            } else if scalar.value >= 0x20 && scalar.value != 0x7F || scalar == "\t" {
                clean.append(scalar)
            }
        }
        let text = String(clean)
        return text.utf8.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }
            ? "\"\(text)\"" : text
    }

    private static func withoutLineBreaks(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
            return value
        }
        var clean = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": clean.append(contentsOf: "\\n".unicodeScalars)
            case "\n": if !previousWasCR { clean.append(contentsOf: "\\n".unicodeScalars) }
            case "\t": clean.append(scalar)
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { clean.append(scalar) }
            }
        }
        return String(clean)
    }
}
