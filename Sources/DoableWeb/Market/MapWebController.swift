import DoableCore
import DoableDelivery
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// MKT-12: Leaflet's files (`/leaflet/…`) and the address search the posting form asks (`/market/places?q=`,
/// answered as JSON in the shape of `GET /api/v1/market/places`).
struct MapWebController: WebArea {
    let shell: WebShell

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("leaflet/**") { _, context in
            let path = context.parameters.getCatchAll().joined(separator: "/")
            guard let file = shell.map.leaflet[path] else { throw HTTPError(.notFound) }
            return Response(
                status: .ok,
                headers: [
                    .contentType: file.contentType, .cacheControl: "public, max-age=86400",
                    .xContentTypeOptions: "nosniff",
                ], body: .init(byteBuffer: file.body))
        }
        web.get("market/places", use: places)
    }

    @Sendable func places(_ request: Request, context: WebRequestContext) async throws -> Response {
        guard context.identity != nil else { throw HTTPError(.unauthorized) }
        guard let geocoder = shell.map.settings.geocoder else {
            throw DoableError.notFound("This server has no address search.")
        }
        let text = try Rules.text(
            context.web.query["q"] ?? "", field: "q", trimmed: true, length: 1...200,
            "Type an address or place of 1 to 200 characters.")
        let found = try? await PlaceSearch(geocoder: geocoder).places(text, language: context.web.acceptLanguage)
        return JSONResponse.make(
            WebPlaces(
                places: (found ?? []).map { WebPlaces.Place(name: $0.name, latitude: $0.point.latitude, longitude: $0.point.longitude) },
                available: found != nil))
    }
}

/// The web's answer to an address search: as the API's `PlaceSearchResult`.
struct WebPlaces: Encodable {
    struct Place: Encodable {
        var name: String
        var latitude: Double
        var longitude: Double
    }
    var places: [Place]
    var available: Bool
}
