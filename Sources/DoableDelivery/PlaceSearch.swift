public import AsyncHTTPClient
public import DoableCore
public import Foundation
import NIOCore
import NIOHTTP1

/// MKT-12: finding a place by its address through the geocoder the admin configured (`--geocoder`), which speaks
/// Nominatim's `/search?format=jsonv2`. The server asks on the member's behalf, so the member's browser talks only to
/// this server, and the admin's URL is trusted as the tile server is (OPS-7 is about addresses members supply).
public struct PlaceSearch: Sendable {
    public let endpoint: URL
    let client: HTTPClient

    public init(geocoder: URL, client: HTTPClient = .shared) {
        // A base URL gets Nominatim's path; a URL that already ends in /search is used as it is.
        endpoint = geocoder.path.hasSuffix("/search") ? geocoder : geocoder.appendingPathComponent("search")
        self.client = client
    }

    public struct Place: Sendable, Equatable {
        public var name: String
        public var point: GeoPoint
    }

    public enum Failure: Error, Equatable { case unavailable }

    /// Up to `limit` places for `text`, best first, named in `language` when the geocoder knows it.
    public func places(_ text: String, language: String?, limit: Int = 5) async throws(Failure) -> [Place] {
        guard var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { throw .unavailable }
        parts.queryItems =
            (parts.queryItems ?? []) + [
                URLQueryItem(name: "q", value: text), URLQueryItem(name: "format", value: "jsonv2"),
                URLQueryItem(name: "limit", value: "\(limit)"),
            ]
        guard let url = parts.url else { throw .unavailable }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Doable (self-hosted task server)")
        request.headers.add(name: "Accept", value: "application/json")
        if let language, !language.isEmpty { request.headers.add(name: "Accept-Language", value: language) }
        do {
            let response = try await client.execute(request, timeout: .seconds(8))
            guard response.status == .ok else { throw Failure.unavailable }
            let body = try await response.body.collect(upTo: 1 << 20)
            return Self.places(in: Data(body.readableBytesView), limit: limit)
        } catch {
            throw .unavailable
        }
    }

    /// Nominatim's answer: an array of objects with `lat` and `lon` (strings, or numbers from some servers) and
    /// `display_name`; entries without a valid point are skipped.
    static func places(in body: Data, limit: Int) -> [Place] {
        guard let found = try? JSONSerialization.jsonObject(with: body) as? [[String: Any]] else { return [] }
        return found.compactMap { entry -> Place? in
            func number(_ key: String) -> Double? {
                if let text = entry[key] as? String { return Double(text) }
                return (entry[key] as? NSNumber)?.doubleValue
            }
            guard let latitude = number("lat"), let longitude = number("lon"),
                let point = try? GeoPoint.validated(latitude: latitude, longitude: longitude)
            else { return nil }
            let name = (entry["display_name"] as? String) ?? (entry["name"] as? String) ?? ""
            return Place(name: String(name.prefix(200)), point: point)
        }.prefix(limit).map { $0 }
    }
}
