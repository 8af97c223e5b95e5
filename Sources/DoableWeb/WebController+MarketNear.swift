import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableArt

/// MKT-9 in the browser (`/market/near`): open postings within a radius (5 km unless changed) of a point, nearest
/// first with their distance, as a list and on a map the server draws (`MarketNearMap`). The point is the browser's
/// position when the member allows it (`market.js` fills the form), else typed: latitude and longitude, coordinates
/// in one field, or the name of a place the member used on a posting of their own. There is no geocoder: Doable
/// asks no third party where a place is.
extension WebController {
    static let nearFields: Set<String> = ["place", "lat", "lon", "radius"]

    func marketNear(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let query = context.web.query
        let time = MemberTime(preferences: identity.account.preferences)
        var errors = FormErrors()
        var found: [PostingView]?
        var radius = MarketRules.defaultRadiusKm
        do {
            radius = try Self.radius(query)
            if let point = try await nearPoint(query, identity: identity) {
                found = try await domain.market.postingsNear(identity, point: point, radiusKm: radius, limit: 50)
            }
        } catch let error as DoableError where Self.isMarketFormError(error) {
            errors = FormErrors(
                error, fields: Self.nearFields,
                rename: ["latitude": "lat", "longitude": "lon", "radiusKm": "radius"])
        }
        let radiusText = query.text("radius") ?? MarketWords.coordinate(radius)
        let form: HTML = """
            <form method="get" action="/market/near" class="near-form" id="near-form" aria-label="Where to look" novalidate>
            \(errors.summary)
            <p class="geo-row"><button type="button" class="button geo-button" data-geo-form="near-form" data-geo-submit hidden>Use my location</button>
            <span class="geo-status hint" role="status" aria-live="polite"></span></p>
            \(Field.input("place", label: "Place", value: query["place"], hint: "Coordinates such as 52.52, 13.405, or the name of a place you gave on one of your postings.", errors: errors, extra: " maxlength=\"100\" autocomplete=\"off\""))
            <div class="field-row">
            \(Field.input("lat", label: "Latitude", value: query["lat"], hint: "From -90 to 90.", errors: errors, extra: " inputmode=\"decimal\" autocomplete=\"off\" data-geo=\"latitude\""))
            \(Field.input("lon", label: "Longitude", value: query["lon"], hint: "From -180 to 180.", errors: errors, extra: " inputmode=\"decimal\" autocomplete=\"off\" data-geo=\"longitude\""))
            \(Field.input("radius", label: "Within (km)", value: radiusText, type: "number", hint: "From 0.1 to 500 km.", errors: errors, extra: " min=\"0.1\" max=\"500\" step=\"0.1\" inputmode=\"decimal\""))
            </div>
            <button type="submit" class="button primary">Show postings near</button>
            </form>
            """
        var results = HTML.empty
        if let found, errors.isEmpty {
            let within = MarketWords.ringLabel(radius)
            let heading =
                found.isEmpty
                ? "No results within \(within)"
                : "\(found.count) open \(found.count == 1 ? "posting" : "postings") within \(within), nearest first"
            let map = MarketNearMap(radiusKm: radius, postings: found).svg
            results = """
                <section class="near-results" aria-labelledby="near-heading">
                <h2 id="near-heading">\(heading)</h2>
                \(found.isEmpty ? HTML("<p class=\"empty-state market-empty\">No open posting with a place is that close. Try a larger radius.</p>") : "")
                <div class="near-layout">
                <div class="near-list">\(found.isEmpty ? "" : MarketParts.list(found, time: time, label: "Postings near, nearest first", numbered: true))</div>
                <figure class="near-figure">\(map)<figcaption class="hint">North is up; rings every \(MarketWords.ringLabel(MarketNearMap.rings(radiusKm: radius).first ?? radius)). Others' postings are placed to about 1 km.</figcaption></figure>
                </div>
                </section>
                """
        } else if errors.isEmpty {
            results = """
                <p class="empty-state">Use your location, or type a place or coordinates, to see open postings around it.</p>
                """
        }
        let main: HTML = """
            <h1>Near me</h1>
            \(MarketParts.navigation(current: "near"))
            \(form)
            \(results)
            """
        var page = marketPage("Near me · Marketplace", main, status: errors.isEmpty ? .ok : .badRequest)
        page.bodyClass = "wide"
        return try await self.page(page, context)
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
    func nearPoint(_ query: FormData, identity: Identity) async throws -> GeoPoint? {
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
        let mine = try await domain.market.myPostings(identity).compactMap(\.location)
        if let known = mine.first(where: { !$0.placeName.isEmpty && Rules.matchKey($0.placeName) == key }) {
            return known.point
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
