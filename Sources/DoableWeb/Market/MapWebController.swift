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
        return JSONResponse.make(
            try await PlaceSearch.answer(
                context.web.query["q"], geocoder: shell.map.settings.geocoder, language: context.web.acceptLanguage))
    }
}
