import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// The marketplace in words (MKT-3..9): statuses, amounts, distances and directions as the pages show them.
enum MarketWords {
    /// The status in plain words (issue 29): "Open for bids", "Has bids", "Assigned", "Done". The API keeps MKT-1..7's
    /// names (requested, bidded, …); a person reads what it means for them.
    static func status(_ status: MarketPosting.Status) -> String {
        switch status {
        case .requested: "Open for bids"
        case .bidded: "Has bids"
        case .assigned: "Assigned"
        case .done: "Done"
        }
    }

    /// The status as a small tag; the class tints it (`status-requested`, …).
    static func statusTag(_ status: MarketPosting.Status) -> HTML {
        "<span class=\"market-status status-\(status.rawValue)\">\(Self.status(status))</span>"
    }

    static func bidStatus(_ status: Bid.Status) -> String {
        switch status {
        case .open: "Open"
        case .accepted: "Accepted"
        case .declined: "Declined"
        case .withdrawn: "Withdrawn"
        }
    }

    static func bidStatusTag(_ status: Bid.Status) -> HTML {
        "<span class=\"bid-status bid-\(status.rawValue)\">\(bidStatus(status))</span>"
    }

    /// MKT-3: "Lowest bid €12.50 of 3", or "No bids yet"; once a bid is accepted, that it was.
    static func lowestBid(_ posting: MarketPosting) -> String {
        if !posting.status.isOpen { return "Bid accepted" }
        guard let lowest = posting.lowestBid else { return "No bids yet" }
        let count = posting.openBidCount
        return "Lowest bid \(lowest.shown)" + (count > 1 ? " of \(count)" : "")
    }

    /// MKT-12: "Tomorrow", "Saturday", "12 Dec", or a window "Tomorrow – 12 Dec" (the words of due dates).
    static func when(_ when: PostingWhen, time: MemberTime) -> String {
        guard let until = when.until else { return time.words(when.from) }
        return "\(time.words(when.from)) – \(time.words(until))"
    }

    /// "350 m", "1.2 km", "12 km": metres below 1 km, one decimal below 10 km.
    static func distance(_ kilometres: Double) -> String {
        guard kilometres.isFinite, kilometres >= 0 else { return "" }
        if kilometres < 1 {
            let metres = max(10, Int((kilometres * 100).rounded()) * 10)
            return metres >= 1_000 ? "1.0 km" : "\(metres) m"
        }
        if kilometres < 10 { return String(format: "%.1f km", kilometres) }
        return "\(Int(kilometres.rounded())) km"
    }

    /// A ring's label on the map: "1 km", "2.5 km", "500 m".
    static func ringLabel(_ kilometres: Double) -> String {
        if kilometres < 1 { return "\(Int((kilometres * 1_000).rounded())) m" }
        let rounded = (kilometres * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) km" : String(format: "%.1f km", rounded)
    }

    /// The eight points of the compass: "north", "north-east", ….
    static func direction(_ bearing: Double) -> String {
        let names = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return names[Int((normalized / 45).rounded()) % 8]
    }

    /// "1.2 km north-east", or the distance alone when there is no bearing.
    static func distanceAndDirection(_ view: PostingView) -> String? {
        guard let distance = view.distanceKm else { return nil }
        guard let bearing = view.bearingDegrees, distance >= 0.05 else { return Self.distance(distance) }
        return "\(Self.distance(distance)) \(direction(bearing))"
    }

    /// A coordinate as forms and pages show it: at most 6 decimals (about 10 cm), no trailing zeros.
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// "Kreuzberg (52.5, 13.41)" or the coordinates alone.
    static func place(_ location: MarketPosting.Location) -> String {
        let point = "\(coordinate(location.point.latitude)), \(coordinate(location.point.longitude))"
        return location.placeName.isEmpty ? point : "\(location.placeName) (\(point))"
    }

    /// "4.5 ★ · finished 3 of 4": what a poster weighs a bidder by (MKT-6).
    static func standing(_ rating: MarketRating) -> String {
        "\(MarketStanding.ratingWords(rating)) · \(MarketStanding.completionWords(rating).lowercasedFirst)"
    }

    /// "1 new bid", "3 new bids".
    static func newBids(_ count: Int) -> String { count == 1 ? "1 new bid" : "\(count) new bids" }

    static func bids(_ count: Int) -> String { count == 1 ? "1 bid" : "\(count) bids" }
}
