import DoableArt
import DoableDelivery
import Foundation
import NIOCore

/// MKT-12: the marketplace's real map, when the server has a tile server (`--map-tiles`) and Leaflet is installed
/// (Debian's `libjs-leaflet`, served from this server as it is, never from a CDN); and its address search, when it
/// has a geocoder. Without tiles or without Leaflet the pages keep their schematic map and typed places.
struct MarketMap: Sendable {
    let settings: MarketMapSettings
    /// Leaflet's files by their path under `/leaflet/` (its script, its stylesheet and its images).
    let leaflet: [String: WebAssets.Asset]

    /// Where Debian installs Leaflet; `DOABLE_LEAFLET_DIR` names another folder.
    static let leafletFolder =
        ProcessInfo.processInfo.environment["DOABLE_LEAFLET_DIR"] ?? "/usr/share/javascript/leaflet"
    static let leafletFiles = [
        "leaflet.js", "leaflet.css", "images/marker-icon.png", "images/marker-icon-2x.png",
        "images/marker-shadow.png", "images/layers.png", "images/layers-2x.png",
    ]

    init(settings: MarketMapSettings, folder: String = MarketMap.leafletFolder) {
        self.settings = settings
        var files: [String: WebAssets.Asset] = [:]
        if settings.tiles != nil {
            for path in Self.leafletFiles {
                guard let data = FileManager.default.contents(atPath: "\(folder)/\(path)") else { continue }
                files[path] = WebAssets.Asset(body: ByteBuffer(bytes: data), contentType: WebAssets.contentType(of: path))
            }
        }
        leaflet = files["leaflet.js"] != nil && files["leaflet.css"] != nil ? files : [:]
    }

    /// Whether pages draw a real map: tiles configured and Leaflet found.
    var isReal: Bool { settings.tiles != nil && !leaflet.isEmpty }
    var canSearchPlaces: Bool { settings.geocoder != nil }
    var tileOrigin: String? { isReal ? settings.tileOrigin : nil }

    /// The attributes a map element carries for `map.js`: the tile template and its credit.
    var dataAttributes: HTML {
        guard isReal, let tiles = settings.tiles else { return "" }
        return " data-map-tiles=\"\(tiles)\" data-map-attribution=\"\(settings.attribution)\""
    }
}
