/// A parsed JSON document, kept exact enough to tell `null` from absent and `1` from `true`.
public enum ParsedJSON: Equatable, Sendable {
    /// Numbers compare by value however they were written.
    public static func == (lhs: ParsedJSON, rhs: ParsedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: lhs.numberValue != nil && lhs.numberValue == rhs.numberValue
        }
    }

    case null
    case bool(Bool)
    case number(Double)
    /// A number written with more significant digits than a `Double` keeps (over 15), with its text, so that what
    /// must be exact (money, issue 27) is judged on what was written: `99.999999999999999999` is not 100.00.
    case longNumber(Double, literal: String)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])

    /// The number's value, however it was written.
    var numberValue: Double? {
        switch self {
        case .number(let value), .longNumber(let value, _): value
        default: nil
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .longNumber: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
