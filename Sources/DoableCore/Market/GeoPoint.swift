import Foundation
import PublicInit

/// MKT-9: a point on the earth, in degrees (WGS 84).
@PublicInit
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// A point from input: latitude -90...90, longitude -180...180, each named in the error.
    public static func validated(latitude: Double, longitude: Double, fieldPrefix: String = "") throws -> GeoPoint {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw DoableError.invalid(fieldPrefix + "latitude", "Latitude must be a number from -90 to 90.")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw DoableError.invalid(fieldPrefix + "longitude", "Longitude must be a number from -180 to 180.")
        }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// "LAT,LON" as the `near` query parameter writes it.
    public static func parse(_ text: String, field: String) throws -> GeoPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
            throw DoableError.invalid(field, "Give a point as LATITUDE,LONGITUDE, e.g. 52.52,13.405.")
        }
        guard latitude.isFinite, (-90...90).contains(latitude), longitude.isFinite, (-180...180).contains(longitude)
        else { throw DoableError.invalid(field, "Latitude must be from -90 to 90 and longitude from -180 to 180.") }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    public static let earthRadiusKm = 6_371.0088

    /// The great-circle distance (haversine), in kilometres.
    public func distanceKm(to other: GeoPoint) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadiusKm * asin(min(1, sqrt(a)))
    }

    /// The initial bearing towards `other`, in degrees clockwise from north (0..<360).
    public func bearingDegrees(to other: GeoPoint) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δλ = (other.longitude - longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    /// How far `approximate` can be from the point: half the diagonal of a hundredth-of-a-degree cell at the
    /// equator (0.79 km), rounded up.
    public static let approximationReachKm = 0.8

    /// Privacy: the point rounded to two decimals of a degree (about 1 km), what everyone but the assignee sees.
    public var approximate: GeoPoint {
        GeoPoint(latitude: (latitude * 100).rounded() / 100, longitude: (longitude * 100).rounded() / 100)
    }

    /// The band of latitude cells (hundredths of a degree, about 1.1 km each) and the longitude range that hold
    /// every point within `radiusKm`: what the stores look up by index before the exact distance is computed.
    public func searchBox(radiusKm: Double) -> GeoSearchBox {
        let latitudeSpan = radiusKm / 111.0
        let minLatitude = max(-90, latitude - latitudeSpan), maxLatitude = min(90, latitude + latitudeSpan)
        let widest = max(abs(minLatitude), abs(maxLatitude))
        let cosine = cos(widest * .pi / 180)
        let longitudeSpan = cosine < 0.01 ? 360 : radiusKm / (111.320 * cosine)
        var ranges: [ClosedRange<Double>]
        if longitudeSpan >= 180 {
            ranges = [-180...180]
        } else {
            let low = longitude - longitudeSpan, high = longitude + longitudeSpan
            if low < -180 {
                ranges = [-180...high, (low + 360)...180]
            } else if high > 180 {
                ranges = [low...180, -180...(high - 360)]
            } else {
                ranges = [low...high]
            }
        }
        return GeoSearchBox(
            latitudeCells: Self.latitudeCell(minLatitude)...Self.latitudeCell(maxLatitude),
            minLatitude: minLatitude, maxLatitude: maxLatitude, longitudeRanges: ranges)
    }

    /// The indexed cell of a latitude: hundredths of a degree, rounded down.
    public static func latitudeCell(_ latitude: Double) -> Int { Int((latitude * 100).rounded(.down)) }
}

/// Where to look for points near another (see `GeoPoint.searchBox`).
public struct GeoSearchBox: Sendable, Equatable {
    public var latitudeCells: ClosedRange<Int>
    public var minLatitude: Double
    public var maxLatitude: Double
    /// One range, or two when the box crosses the antimeridian.
    public var longitudeRanges: [ClosedRange<Double>]
}
