import Foundation

/// MKT-1, MKT-4: an amount of money, exact: whole cents, never a binary fraction.
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var cents: Int64

    public init(cents: Int64) { self.cents = cents }

    /// The largest amount a posting or bid may name (1,000,000.00).
    public static let maximum = Money(cents: 100_000_000)

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    /// "12.50": two decimals, a point, no grouping (what forms show and JSON carries).
    public var description: String {
        let sign = cents < 0 ? "-" : ""
        let whole = abs(cents) / 100, part = abs(cents) % 100
        return "\(sign)\(whole).\(part < 10 ? "0" : "")\(part)"
    }

    /// The JSON number: an exact decimal with at most two places, printed from the cents.
    public var jsonNumber: Double { Double(cents) / 100 }

    /// A JSON number: more than zero (or zero itself with `allowingZero`, for a free plan), at most two decimals, at
    /// most `maximum`. A number with a third decimal is refused rather than rounded (12.345 is not 12.35 or 12.34 by
    /// anyone's intent).
    public static func parse(_ value: Double, field: String, allowingZero: Bool = false) throws -> Money {
        guard value.isFinite, value > 0 || (allowingZero && value == 0) else {
            throw DoableError.invalid(field, "\(label(field)) must be \(allowingZero ? "0 or more" : "more than 0").")
        }
        guard value <= maximum.jsonNumber else {
            throw DoableError.invalid(field, "\(label(field)) must be at most \(maximum).")
        }
        let cents = (value * 100).rounded()
        // Both sides are the double nearest their decimal, so they are equal exactly when the value has ≤ 2 places.
        guard cents / 100 == value else {
            throw DoableError.invalid(field, "\(label(field)) may have at most two decimals.")
        }
        return Money(cents: Int64(cents))
    }

    /// A JSON number as it was written, for numbers with more digits than a `Double` keeps: the same rules judged
    /// on the text, so that `99.999999999999999999` is refused for its decimals instead of read as 100.00.
    public static func parse(literal: String, field: String, allowingZero: Bool = false) throws -> Money {
        guard let exact = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")), !exact.isNaN else {
            throw DoableError.invalid(field, "\(label(field)) must be an amount such as 12.50.")
        }
        var hundredfold = exact * 100, whole = Decimal()
        NSDecimalRound(&whole, &hundredfold, 0, .plain)
        guard whole == hundredfold else {
            throw DoableError.invalid(field, "\(label(field)) may have at most two decimals.")
        }
        return try parse(NSDecimalNumber(decimal: exact).doubleValue, field: field, allowingZero: allowingZero)
    }

    /// What a person types in a form: "12", "12.5", "12.50", "12,50"; same rules as `parse(_:field:)`.
    public static func parse(text: String, field: String, allowingZero: Bool = false) throws -> Money {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard !trimmed.isEmpty, parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let whole = Int64(parts[0].isEmpty ? "0" : String(parts[0])), whole >= 0, parts[0].count <= 9,
            parts[0].allSatisfy(\.isNumber)
        else { throw DoableError.invalid(field, "\(label(field)) must be an amount such as 12.50.") }
        var cents = whole * 100
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.count <= 2 else {
                throw DoableError.invalid(field, "\(label(field)) may have at most two decimals.")
            }
            guard !fraction.isEmpty, fraction.allSatisfy(\.isNumber), let digits = Int64(fraction) else {
                throw DoableError.invalid(field, "\(label(field)) must be an amount such as 12.50.")
            }
            cents += fraction.count == 1 ? digits * 10 : digits
        }
        guard cents > 0 || (allowingZero && cents == 0) else {
            throw DoableError.invalid(field, "\(label(field)) must be \(allowingZero ? "0 or more" : "more than 0").")
        }
        guard cents <= maximum.cents else {
            throw DoableError.invalid(field, "\(label(field)) must be at most \(maximum).")
        }
        return Money(cents: cents)
    }

    private static func label(_ field: String) -> String {
        switch field {
        case "maxBid": "The maximum bid"
        case "amount": "The amount"
        case "price": "The price"
        default: "The amount"
        }
    }

    public init(from decoder: any Decoder) throws {
        cents = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cents)
    }
}
