/// Component, property and parameter names are ASCII and case-insensitive (RFC 5545 §2); Doable keeps them
/// upper-cased, so that finding one is a plain `==`.
enum ICalName {
    /// a–z upper-cased. A name with nothing to change (every parsed name, every literal in the code) comes back as
    /// it is, without a copy.
    static func upperCased(_ name: String) -> String {
        guard name.utf8.contains(where: isLowercaseASCII) else { return name }
        return String(decoding: name.utf8.map(upperCased), as: UTF8.self)
    }

    static func upperCased(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(where: isLowercaseASCII) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map(upperCased), as: UTF8.self)
    }

    static func upperCased(_ byte: UInt8) -> UInt8 { isLowercaseASCII(byte) ? byte - 0x20 : byte }

    static func isLowercaseASCII(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "a") < 26 }
}

extension String {
    /// `trimmingCharacters(in: .whitespaces)` (tab and Unicode's space separators) without Foundation's cost: a
    /// value with nothing to trim, as almost every iCalendar value is, comes back as it is.
    func trimmingICalWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isICalWhitespace($0) }),
            let last = scalars.lastIndex(where: { !Self.isICalWhitespace($0) })
        else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }

    private static func isICalWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator
    }
}
