import DoableAPI
import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Hummingbird

/// MKT-12: how this server shows money and places, and finding a place by its address through the admin's geocoder.
extension MarketController {
    func addPlaceRoutes(to market: RouterGroup<AppRequestContext>) {
        market.get("settings", use: settings)
        market.get("places", use: places)
    }

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireIdentity()
        return JSONResponse.make(
            MarketSettingsDTO(
                currency: market.currency, mapTiles: map.tiles, mapAttribution: map.attribution,
                placeSearch: map.geocoder != nil))
    }

    @Sendable func places(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireIdentity()
        let text = try Rules.text(
            request.uri.queryParameters["q"].map(String.init) ?? "", field: "q", trimmed: true, length: 1...200,
            "Give an address or place of 1 to 200 characters in q.")
        guard let geocoder = map.geocoder else {
            throw DoableError.notFound("This server has no address search (it was started without --geocoder).")
        }
        let language = request.headers[.acceptLanguage]
        do {
            let found = try await PlaceSearch(geocoder: geocoder).places(text, language: language)
            return JSONResponse.make(
                PlaceSearchResultDTO(
                    places: found.map {
                        FoundPlaceDTO(name: $0.name, latitude: $0.point.latitude, longitude: $0.point.longitude)
                    }, available: true))
        } catch {
            return JSONResponse.make(PlaceSearchResultDTO(places: [], available: false))
        }
    }
}
