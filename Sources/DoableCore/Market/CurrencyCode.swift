public import Foundation

/// MKT-12: the currency of every amount on the marketplace, an ISO 4217 code the server is started with
/// (`--currency SEK`). Amounts stay two-decimal numbers on the wire; the code travels beside them.
public struct CurrencyCode: Sendable, Hashable, Codable, CustomStringConvertible {
    public let code: String

    /// A three-letter code Foundation knows ("sek" is read as SEK); nil for anything else.
    public init?(_ text: String) {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.utf8.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }),
            Locale.Currency.isoCurrencies.contains(where: { $0.identifier == code })
        else { return nil }
        self.code = code
    }

    /// What a server shows without `--currency`.
    public static let euro = CurrencyCode(validated: "EUR")

    private init(validated code: String) { self.code = code }

    public var description: String { code }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let code = CurrencyCode(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not ISO 4217"))
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    /// "SEK 12.50": the same in every language, for text that is stored (notifications, task notes).
    public func plain(_ money: Money) -> String { "\(code) \(money)" }

    /// The amount as `locale` writes money: "12,50 kr" in Swedish, "SEK 12.50" in English, "€12.50" for EUR in
    /// English. Amounts are whole cents, so the decimal is exact.
    public func formatted(_ money: Money, locale: Locale) -> String {
        let amount = Decimal(money.cents) / 100
        return amount.formatted(.currency(code: code).locale(locale))
    }
}
