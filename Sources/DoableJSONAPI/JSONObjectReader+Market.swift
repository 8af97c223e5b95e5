import DoableCore
import DoableDomain
import DoableHTTP

/// Numbers, money and places in request bodies (MKT-1, MKT-4, MKT-9). Money is a JSON number with at most two
/// decimals: a string such as "12.50" is refused naming the field, and so is 12.345 (never rounded).
extension JSONObjectReader {
    func number(_ key: String) throws -> Double? {
        switch fields[key] {
        case nil: return nil
        case .number(let value)?, .longNumber(let value, _)?:
            guard value.isFinite else { throw typeError(key, "a finite number") }
            return value
        default: throw typeError(key, "a number")
        }
    }

    /// An amount of money: more than 0, at most two decimals, at most 1,000,000.
    func money(_ key: String) throws -> Money? { try money(key, allowingZero: false) }

    /// The same, with 0 allowed too when `allowingZero` (a free plan).
    func money(_ key: String, allowingZero: Bool) throws -> Money? {
        guard let value = try number(key) else {
            if isNull(key) { throw typeError(key, "a number such as 12.50") }
            return nil
        }
        if case .longNumber(_, let literal)? = fields[key] {
            return try Money.parse(literal: literal, field: name(key), allowingZero: allowingZero)
        }
        return try Money.parse(value, field: name(key), allowingZero: allowingZero)
    }

    /// MKT-1: `{latitude, longitude, placeName}`; absent → nil, null → .some(nil). Each part is checked here so
    /// that an error names it with its path (`location.latitude`).
    func location(_ key: String) throws -> MarketPosting.Location?? {
        if isNull(key) { return .some(nil) }
        guard let place = try object(key, allowed: RequestFields.location) else { return nil }
        let latitude = try place.required("latitude", place.number)
        let longitude = try place.required("longitude", place.number)
        let point = try GeoPoint.validated(latitude: latitude, longitude: longitude, fieldPrefix: place.path + ".")
        var placeName = ""
        if let text = try place.string("placeName") {
            do {
                placeName = try MarketRules.placeName(text)
            } catch DoableError.invalid(_, let message) {
                throw DoableError.invalid(place.name("placeName"), message)
            }
        }
        return .some(MarketPosting.Location(point: point, placeName: placeName))
    }

    /// MKT-12: a day (`"2026-12-05"`) or `{from, until}`; absent → nil, null → .some(nil). The Domain reads the dates.
    func postingWhen(_ key: String) throws -> PostingWhenInput?? {
        if isNull(key) { return .some(nil) }
        switch fields[key] {
        case nil: return nil
        case .string?: return .some(PostingWhenInput(from: try string(key) ?? ""))
        case .object?:
            guard let window = try object(key, allowed: RequestFields.postingWhen) else { return nil }
            let from = try window.required("from", window.string)
            let until = window.isNull("until") ? nil : try window.string("until")
            return .some(PostingWhenInput(from: from, until: until))
        default: throw typeError(key, "a date (YYYY-MM-DD) or an object {from, until}")
        }
    }
}
