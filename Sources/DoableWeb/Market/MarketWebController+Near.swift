import DoableCore
import DoableDomain
import Foundation
import Hummingbird
import DoableDelivery

/// MKT-9 in the browser (`/market/near`): open postings within a radius (5 km unless changed) of a point, nearest
/// first with their distance, as a list and on a map the server draws (`MarketNearPage`, `MarketNearMap`). The point
/// is the browser's position when the member allows it (`market.js` fills the form), else typed: latitude and
/// longitude, coordinates in one field, or the name of a place the member used on a posting of their own. There is
/// no geocoder: Doable asks no third party where a place is.
extension MarketWebController {
    static let nearFields: Set<String> = ["place", "lat", "lon", "radius"]

    func marketNear(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let query = context.web.query
        let time = MemberTime(preferences: identity.account.preferences)
        var errors = FormErrors()
        var found: [PostingView]?
        var radius = MarketRules.defaultRadiusKm
        var point: GeoPoint?
        do {
            radius = try Self.radius(query)
            point = try await nearPoint(query, identity: identity, language: context.web.acceptLanguage)
            if let point {
                found = try await market.postingsNear(identity, point: point, radiusKm: radius, limit: 50)
            }
        } catch let error as DoableError where Self.isMarketFormError(error) {
            errors = FormErrors(
                error, fields: Self.nearFields,
                rename: ["latitude": "lat", "longitude": "lon", "radiusKm": "radius"])
        }
        let view = MarketNearPage(
            query: query, radius: radius, found: found, errors: errors, time: time, point: point, map: shell.map)
        return try await page(view.page, context)
    }

    /// The radius asked for, in km (5 when not given).
    static func radius(_ query: FormData) throws -> Double {
        guard let text = query.text("radius") else { return MarketRules.defaultRadiusKm }
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")) else {
            throw DoableError.invalid("radius", "Enter the radius in km, such as 5 or 2.5.")
        }
        return try MarketRules.radiusKm(value)
    }

    /// The point to search around: latitude and longitude, else the place field (coordinates, or a place name from
    /// the member's own postings); nil when nothing was given yet.
    func nearPoint(_ query: FormData, identity: Identity, language: String? = nil) async throws -> GeoPoint? {
        let latitude = query.text("lat"), longitude = query.text("lon")
        if latitude != nil || longitude != nil {
            guard let latitude else { throw DoableError.invalid("lat", "Enter the latitude too, or use your location.") }
            guard let longitude else { throw DoableError.invalid("lon", "Enter the longitude too, or use your location.") }
            guard let lat = Self.decimal(latitude) else {
                throw DoableError.invalid("lat", "Latitude must be a number from -90 to 90.")
            }
            guard let lon = Self.decimal(longitude) else {
                throw DoableError.invalid("lon", "Longitude must be a number from -180 to 180.")
            }
            return try GeoPoint.validated(latitude: lat, longitude: lon)
        }
        guard let place = query.text("place") else { return nil }
        if place.contains(","), let point = try? GeoPoint.parse(place, field: "place") { return point }
        let key = Rules.matchKey(place)
        let mine = try await market.myPostings(identity).compactMap(\.location)
        if let known = mine.first(where: { !$0.placeName.isEmpty && Rules.matchKey($0.placeName) == key }) {
            return known.point
        }
        // MKT-12: with a geocoder, any address; its best match.
        if let geocoder = shell.map.settings.geocoder {
            let found: [PlaceSearch.Place]
            do {
                found = try await PlaceSearch(geocoder: geocoder).places(String(place.prefix(200)), language: language, limit: 1)
            } catch {
                throw DoableError.invalid(
                    "place", "The address search did not answer: type coordinates (such as 52.52, 13.405), or try again.")
            }
            if let best = found.first { return best.point }
            throw DoableError.invalid("place", "No place “\(place.prefix(100))” was found: try another address or coordinates.")
        }
        throw DoableError.invalid(
            "place",
            "Doable knows no place “\(place.prefix(100))”: type its coordinates "
                + "(such as 52.52, 13.405), or use your location.")
    }

    /// A number as people type it: a point or a comma for the decimals.
    static func decimal(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
            .flatMap { $0.isFinite ? $0 : nil }
    }
}
