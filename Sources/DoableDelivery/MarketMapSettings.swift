import DoableCore
public import Foundation

/// MKT-12: what a server is given for the marketplace's places: a tile server for a real map (`--map-tiles`, a URL
/// template with `{z}`, `{x}` and `{y}`), the words its tiles must be credited with (`--map-attribution`), and a
/// Nominatim-compatible address search (`--geocoder`). Without tiles the pages draw their own schematic map and
/// places are typed; without a geocoder there is no address search.
public struct MarketMapSettings: Sendable, Equatable {
    public var tiles: String?
    public var attribution: String
    public var geocoder: URL?

    public init(tiles: String? = nil, attribution: String = "", geocoder: URL? = nil) {
        self.tiles = tiles
        self.attribution = attribution
        self.geocoder = geocoder
    }

    /// `scheme://host[:port]` of the tiles, which the pages' Content-Security-Policy lets images come from.
    public var tileOrigin: String? {
        guard let tiles, let url = URL(string: Self.sample(tiles)), let scheme = url.scheme, let host = url.host else {
            return nil
        }
        return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
    }

    /// A tile URL template, checked: http or https, with `{z}`, `{x}` and `{y}`; nil with the reason otherwise.
    public static func tilesProblem(_ template: String) -> String? {
        guard ["{z}", "{x}", "{y}"].allSatisfy(template.contains) else {
            return "--map-tiles must be a URL template with {z}, {x} and {y}, such as https://tile.example.org/{z}/{x}/{y}.png."
        }
        guard let url = URL(string: sample(template)), ["http", "https"].contains(url.scheme ?? ""), url.host != nil
        else { return "--map-tiles must be an http or https URL." }
        return nil
    }

    /// The template with numbers in place of its placeholders, so that URL parsing can read it.
    static func sample(_ template: String) -> String {
        template.replacingOccurrences(of: "{z}", with: "1").replacingOccurrences(of: "{x}", with: "1")
            .replacingOccurrences(of: "{y}", with: "1").replacingOccurrences(of: "{s}", with: "a")
            .replacingOccurrences(of: "{r}", with: "")
    }
}
