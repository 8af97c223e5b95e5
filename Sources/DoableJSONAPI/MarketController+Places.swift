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
        return JSONResponse.make(
            try await PlaceSearch.answer(
                request.uri.queryParameters["q"].map(String.init), geocoder: map.geocoder,
                language: request.headers[.acceptLanguage]))
    }
}
