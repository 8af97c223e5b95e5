/// `NAME;PARAM=a,"b;c":value` split into its parts (RFC 5545 §3.1, §3.2). Names are upper-cased; parameter values
/// lose their quotes; the value is kept exactly as written.
struct ICalContentLine {
    var name: String
    var parameters: [ICalParameter]
    var value: String

    init(_ line: ICalLogicalLine) throws(CalendarObjectError) {
        let bytes = line.unfolded
        func refuse(_ problem: String) -> CalendarObjectError {
            let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
            return .invalidData("\"\(shown)\" is not a content line: \(problem).", line: line.number)
        }
        var index = bytes.startIndex
        func readName() -> String {
            let start = index
            while index < bytes.endIndex, Self.isNameByte(bytes[index]) { index += 1 }
            return ICalName.upperCased(bytes[start..<index])
        }
        name = readName()
        guard !name.isEmpty else { throw refuse("it must start with a property name") }
        parameters = []
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: ";") {
            index += 1
            let parameterName = readName()
            guard !parameterName.isEmpty else { throw refuse("a parameter has no name") }
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else {
                throw refuse("parameter \(parameterName) has no \"=\"")
            }
            index += 1
            var values: [String] = []
            while true {
                if index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") {
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else {
                        throw refuse("a quoted parameter value is not closed")
                    }
                    values.append(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
                    index = close + 1
                } else {
                    let start = index
                    while index < bytes.endIndex, !Self.endsParameterText(bytes[index]) { index += 1 }
                    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") {
                        throw refuse("a quote inside parameter \(parameterName)")
                    }
                    values.append(String(decoding: bytes[start..<index], as: UTF8.self))
                }
                guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else {
            throw refuse("\":\" expected after the name and parameters")
        }
        value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
    }

    func property(raw: String) -> ICalProperty {
        ICalProperty(name: name, parameters: parameters, value: value, raw: raw)
    }

    /// iana-token and x-name characters: letters, digits and `-`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    static func endsParameterText(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")
            || byte == UInt8(ascii: "\"")
    }
}
