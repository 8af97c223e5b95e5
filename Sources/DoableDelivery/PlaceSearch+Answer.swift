public import DoableAPI
public import Foundation
import DoableCore

extension PlaceSearch {
    /// MKT-12: the answer to an address search, the same for the API (`GET /api/v1/market/places`) and the web app's
    /// form (`/market/places`): 404 without a geocoder, 400 for `q` outside 1 to 200 characters, and when the
    /// geocoder does not answer no places with `available` false (never a 5xx).
    public static func answer(_ text: String?, geocoder: URL?, language: String?) async throws -> PlaceSearchResultDTO {
        guard let geocoder else {
            throw DoableError.notFound("This server has no address search (it was started without --geocoder).")
        }
        let query = try Rules.text(
            text ?? "", field: "q", trimmed: true, length: 1...200, "Give an address or place of 1 to 200 characters.")
        do {
            let found = try await PlaceSearch(geocoder: geocoder).places(query, language: language)
            return PlaceSearchResultDTO(
                places: found.map {
                    FoundPlaceDTO(name: $0.name, latitude: $0.point.latitude, longitude: $0.point.longitude)
                }, available: true)
        } catch {
            return PlaceSearchResultDTO(places: [], available: false)
        }
    }
}
