import DoableArt
import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import DoableDelivery

/// MKT-9: the near-me page (`/market/near`): the form that says where to look (the browser's position, a place or
/// coordinates, a radius), then the open postings found, nearest first, as a list and on a map (`MarketNearMap`).
struct MarketNearPage {
    /// The address's query: what the form shows again.
    var query: FormData
    var radius: Double
    /// The postings found; nil before a point was given.
    var found: [PostingView]?
    var errors: FormErrors
    var time: MemberTime
    /// The point searched around, for the real map.
    var point: GeoPoint?
    /// MKT-12: the server's real map and address search, if it has them.
    var map = MarketMap(settings: MarketMapSettings())

    var page: WebPage {
        let radiusText = query.text("radius") ?? MarketWords.coordinate(radius)
        let form: HTML = """
            <form method="get" action="/market/near" class="near-form" id="near-form" aria-label="Where to look" novalidate>
            \(errors.summary)
            <p class="geo-row"><button type="button" class="button geo-button" data-geo-form="near-form" data-geo-submit hidden>Use my location</button>
            <span class="geo-status hint" role="status" aria-live="polite"></span></p>
            \(Field.input("place", label: "Place", value: query["place"], hint: map.canSearchPlaces ? "An address or place, coordinates such as 52.52, 13.405, or the name of a place on one of your postings." : "Coordinates such as 52.52, 13.405, or the name of a place you gave on one of your postings.", errors: errors, extra: " maxlength=\"100\" autocomplete=\"off\""))
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
            let drawn = MarketNearMap(radiusKm: radius, postings: found).svg
            var figure: HTML = drawn
            if map.isReal, let point {
                let pins = found.enumerated().html { index, view in
                    view.location.map { location in
                        HTML(
                            "<li data-number=\"\(index + 1)\" data-lat=\"\(location.point.latitude)\" data-lon=\"\(location.point.longitude)\" data-href=\"/market/postings/\(view.posting.id)\" data-title=\"\(view.posting.title)\"></li>"
                        )
                    } ?? ""
                }
                figure = """
                    <div class="map-canvas near-live-map" data-map-near data-lat="\(point.latitude)" data-lon="\(point.longitude)" \
                    data-radius-km="\(radius)"\(map.dataAttributes) role="region" aria-label="Map of the postings near">\(drawn)</div>
                    <ul class="map-pins" hidden>\(pins)</ul>
                    """
            }
            results = """
                <section class="near-results" aria-labelledby="near-heading">
                <h2 id="near-heading">\(heading)</h2>
                \(found.isEmpty ? HTML("<p class=\"empty-state market-empty\">No open posting with a place is that close. Try a larger radius.</p>") : "")
                <div class="near-layout">
                <div class="near-list">\(found.isEmpty ? "" : MarketParts.list(found, time: time, label: "Postings near, nearest first", numbered: true))</div>
                <figure class="near-figure">\(figure)<figcaption class="hint">North is up; rings every \(MarketWords.ringLabel(MarketNearMap.rings(radiusKm: radius).first ?? radius)). Others' postings are placed to about 1 km.</figcaption></figure>
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
        var page = MarketParts.page("Near me · Marketplace", main, status: errors.isEmpty ? .ok : .badRequest)
        page.bodyClass = "wide"
        return page
    }
}
