import DoableCore
import DoableDomain
import Hummingbird

/// The query of `GET /market/postings` (MKT-2, MKT-9) and of "my postings" and "my bids" (MKT-5); a bad value is a
/// 400 naming the parameter.
struct MarketQuery {
    var text = ""
    var category: String?
    var statuses: [MarketPosting.Status] = []
    var near: GeoPoint?
    var radiusKm: Double?
    var limit = 50
    var cursor: String?

    init(_ parameters: Parameters) throws {
        text = parameters.get("q") ?? ""
        if let category = parameters.get("category") {
            guard !category.isEmpty else {
                throw DoableError.invalid("category", "'category' must be a category's id or name.")
            }
            self.category = category
        }
        var seen = Set<MarketPosting.Status>()
        for value in try Self.values(parameters, "status") {
            guard let status = MarketPosting.Status(rawValue: value), status.isOpen || status == .done else {
                throw DoableError.invalid(
                    "status",
                    "'status' must be requested or bidded (open postings), or done alone (finished ones); see "
                        + "/market/my/postings for your assigned ones.")
            }
            if seen.insert(status).inserted { statuses.append(status) }
        }
        if let near = parameters.get("near") { self.near = try GeoPoint.parse(near, field: "near") }
        if let radius = parameters.get("radiusKm") {
            guard near != nil else { throw DoableError.invalid("radiusKm", "'radiusKm' goes with 'near'.") }
            guard let value = Double(radius) else {
                throw DoableError.invalid("radiusKm", "'radiusKm' must be a number of kilometres from 0.1 to 500.")
            }
            radiusKm = try MarketRules.radiusKm(value)
        }
        if let limit = parameters.get("limit") {
            guard let value = Int(limit), (1...MarketService.marketPageLimit).contains(value) else {
                throw DoableError.invalid(
                    "limit",
                    "'limit' must be a whole number from 1 to \(MarketService.marketPageLimit).")
            }
            self.limit = value
        }
        if let cursor = parameters.get("cursor") {
            guard near == nil else {
                throw DoableError.invalid("cursor", "Results near a point come in one page, nearest first: no cursor.")
            }
            self.cursor = cursor
        }
    }

    /// The values of a parameter given repeatedly or separated by commas, at most `TaskQueryParser.maximumValues`.
    static func values(_ parameters: Parameters, _ name: String) throws -> [String] {
        var values: [String] = []
        for parameter in parameters where parameter.key == name {
            for value in parameter.value.split(separator: ",") where !value.isEmpty {
                guard values.count < TaskQueryParser.maximumValues else {
                    throw DoableError.invalid(name, "'\(name)' takes at most \(TaskQueryParser.maximumValues) values.")
                }
                values.append(String(value))
            }
        }
        return values
    }

    /// One choice of `E` from the parameter `name` (MKT-5's `status`), or `fallback` without it.
    static func choice<E: RawRepresentable & CaseIterable>(
        _ parameters: Parameters, _ name: String, _ type: E.Type,
        default fallback: E
    ) throws -> E
    where E.RawValue == String {
        guard let text = parameters.get(name) else { return fallback }
        guard let value = E(rawValue: text) else {
            let choices = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw DoableError.invalid(name, "'\(name)' must be one of: \(choices).")
        }
        return value
    }
}
