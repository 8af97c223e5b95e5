/// NOTIF-2: quoted-printable (RFC 2045 §6.7) for text bodies, so that any UTF-8 text travels as 7-bit lines of at
/// most 76 characters. Line breaks (LF, CRLF or a lone CR) become CRLF.
enum QuotedPrintable {
    static let maxLineLength = 76

    static func encode(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 11 / 10)
        var lines: [ArraySlice<UInt8>] = []
        let bytes = Array(text.utf8)
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D || bytes[index] == 0x0A {
                lines.append(bytes[start..<index])
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        lines.append(bytes[start...])

        for (number, line) in lines.enumerated() {
            if number > 0 { output += [0x0D, 0x0A] }
            var lineLength = 0
            for index in line.indices {
                let byte = line[index]
                let isLast = index == line.index(before: line.endIndex)
                let isLiteral =
                    (33...126).contains(byte) && byte != UInt8(ascii: "=")
                    || (byte == 0x20 || byte == 0x09) && !isLast  // trailing white space would be lost in transit
                let width = isLiteral ? 1 : 3
                // A soft break ("=") must still fit after anything that is not the end of the line.
                if lineLength + width > (isLast ? maxLineLength : maxLineLength - 1) {
                    output += [UInt8(ascii: "="), 0x0D, 0x0A]
                    lineLength = 0
                }
                if isLiteral {
                    output.append(byte)
                } else {
                    output += [UInt8(ascii: "="), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                }
                lineLength += width
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
