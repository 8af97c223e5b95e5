/// A value written in JSON as its text form (`2026-11-21`, a UUID, …) and read back from it.
public protocol TextCodable: Codable, CustomStringConvertible {
    init?(_ text: String)
}

extension TextCodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a valid \(Self.self)"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
