/// Any JSON value: the `args` of a sync mutation, and the parts of an answer the client keeps without reading them
/// (an account's other preferences).
///
/// Whole numbers are kept apart from fractions so that `30` is written back as `30`, never `30.0`.
public enum JSONValue: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The text form of a value written as text in JSON: an id, a date, a moment.
    public static func text(_ value: some CustomStringConvertible) -> JSONValue { .string(value.description) }

    /// `value` as text, or JSON `null` when it is nil (a field being cleared).
    public static func text(orNull value: (some CustomStringConvertible)?) -> JSONValue {
        value.map { .string($0.description) } ?? .null
    }

    /// The string, when this is one.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }

    /// The whole number, when this is one (a fraction with no fractional part counts too).
    public var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: Int64(value)
        default: nil
        }
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }

    /// Whether this is JSON `null`.
    public var isNull: Bool { self == .null }
}
