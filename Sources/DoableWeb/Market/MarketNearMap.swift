import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// MKT-9: the "near me" map, drawn by the server as SVG: no tile server and no script of anyone else. The searcher is
/// at the centre, north is up, rings mark distances (labelled in km), and each posting sits at its bearing and
/// distance, scaled so that the search radius reaches the outer ring. Each posting is a link (an SVG `<a>`) named
/// like its row in the list beside it, and numbered as that row is.
struct MarketNearMap {
    struct Pin: Sendable, Equatable {
        var number: Int
        var title: String
        var href: String
        var distanceKm: Double
        var bearingDegrees: Double
    }

    let radiusKm: Double
    let pins: [Pin]

    /// The drawing's size in user units (the page scales it to its column).
    static let size = 400.0
    static let centre = size / 2
    /// The outer ring's radius: the search radius; the margin holds the north mark.
    static let plotRadius = 170.0

    init(radiusKm: Double, pins: [Pin]) {
        self.radiusKm = radiusKm
        self.pins = pins
    }

    /// The pins of postings found near a point, numbered in the order given (nearest first).
    init(radiusKm: Double, postings: [PostingView]) {
        self.radiusKm = radiusKm
        pins = postings.enumerated().compactMap { index, view in
            guard let distance = view.distanceKm else { return nil }
            return Pin(
                number: index + 1, title: view.posting.title, href: "/market/postings/\(view.posting.id)",
                distanceKm: distance, bearingDegrees: view.bearingDegrees ?? 0)
        }
    }

    /// Where a point `distanceKm` away at `bearingDegrees` (clockwise from north) is drawn: x grows to the east
    /// (right) and y to the south (down), as in SVG. Points beyond the radius stay on the outer ring.
    static func position(distanceKm: Double, bearingDegrees: Double, radiusKm: Double) -> (x: Double, y: Double) {
        let scale = radiusKm > 0 ? min(max(distanceKm, 0), radiusKm) / radiusKm * plotRadius : 0
        let angle = bearingDegrees * .pi / 180
        return (centre + sin(angle) * scale, centre - cos(angle) * scale)
    }

    /// The distances of the rings: a round step (1, 2, 2.5, 5 × a power of ten) giving at most five rings, and
    /// the radius itself as the outer ring (a step ring just inside it is left out so labels do not collide).
    static func rings(radiusKm: Double) -> [Double] {
        guard radiusKm.isFinite, radiusKm > 0 else { return [] }
        let steps = [0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500]
        let step = steps.first { radiusKm / $0 <= 5 + 1e-9 } ?? radiusKm
        var rings: [Double] = []
        var next = step
        while next < radiusKm * 0.85 + 1e-9 {
            rings.append(next)
            next = (Double(rings.count + 1) * step * 1_000).rounded() / 1_000
        }
        rings.append(radiusKm)
        return rings
    }

    var svg: HTML {
        let c = Self.centre
        let ringMarks: HTML = Self.rings(radiusKm: radiusKm).html { ring in
            let r = ring / radiusKm * Self.plotRadius
            // Labels sit on the south-east diagonal, where they do not hide the north mark.
            let labelX = c + r * 0.7071 + 3, labelY = c + r * 0.7071 - 3
            return """
                <circle class="near-ring" cx="\(Self.number(c))" cy="\(Self.number(c))" r="\(Self.number(r))"/>\
                <text class="near-ring-label" x="\(Self.number(labelX))" y="\(Self.number(labelY))">\(MarketWords.ringLabel(ring))</text>
                """
        }
        let pinMarks: HTML = pins.html { pin in
            let (x, y) = Self.position(
                distanceKm: pin.distanceKm, bearingDegrees: pin.bearingDegrees,
                radiusKm: radiusKm)
            let name =
                "\(pin.number). \(pin.title), \(MarketWords.distance(pin.distanceKm)) "
                + MarketWords.direction(pin.bearingDegrees)
            return """
                <a class="near-pin-link" href="\(pin.href)" aria-label="\(name)"><title>\(name)</title>\
                <circle class="near-pin" cx="\(Self.number(x))" cy="\(Self.number(y))" r="13"/>\
                <text class="near-pin-number" x="\(Self.number(x))" y="\(Self.number(y))" dy="0.35em" text-anchor="middle">\(pin.number)</text></a>
                """
        }
        let count = pins.count == 1 ? "1 posting" : "\(pins.count) postings"
        let size = Self.number(Self.size)
        return """
            <svg class="near-map" viewBox="0 0 \(size) \(size)" role="group" aria-labelledby="near-map-title" \
            xmlns="http://www.w3.org/2000/svg"><title id="near-map-title">Map of \(count) within \(MarketWords.ringLabel(radiusKm)) of the point searched, north up</title>
            <circle class="near-area" cx="\(Self.number(c))" cy="\(Self.number(c))" r="\(Self.number(Self.plotRadius))"/>
            <line class="near-axis" x1="\(Self.number(c))" y1="\(Self.number(c - Self.plotRadius))" x2="\(Self.number(c))" y2="\(Self.number(c + Self.plotRadius))"/>\
            <line class="near-axis" x1="\(Self.number(c - Self.plotRadius))" y1="\(Self.number(c))" x2="\(Self.number(c + Self.plotRadius))" y2="\(Self.number(c))"/>
            \(ringMarks)
            <text class="near-north" x="\(Self.number(c))" y="\(Self.number(c - Self.plotRadius - 8))" text-anchor="middle">N</text>
            <circle class="near-you-dot" cx="\(Self.number(c))" cy="\(Self.number(c))" r="6"/>
            \(pinMarks)
            <g class="near-you"><title>You: the point searched</title><circle class="near-you-ring" cx="\(Self.number(c))" cy="\(Self.number(c))" r="17"/></g>
            </svg>
            """
    }

    static func number(_ value: Double) -> String { SVGCoordinate.text(value) }
}
