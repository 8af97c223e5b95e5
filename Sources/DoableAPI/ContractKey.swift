/// A field name of the contract, for types that write the fields of a record and then their own into one object.
public struct ContractKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
    public init(stringLiteral value: String) { stringValue = value }
}
