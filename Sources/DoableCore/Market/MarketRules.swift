/// Input rules of the marketplace (MKT-1, MKT-11, reviews and questions).
public enum MarketRules {
    public static func title(_ value: String) throws -> String {
        try Rules.text(value, field: "title", trimmed: true, length: 1...30, "Title must be 1 to 30 characters.")
    }

    public static func description(_ value: String) throws -> String {
        try Rules.text(
            value, field: "description", trimmed: true, length: 1...300,
            "Description must be 1 to 300 characters.")
    }

    public static func placeName(_ value: String) throws -> String {
        try Rules.text(
            value, field: "placeName", trimmed: true, length: 0...100,
            "Place name must be at most 100 characters.")
    }

    public static func categoryName(_ value: String, field: String = "name") throws -> String {
        try Rules.text(value, field: field, trimmed: true, length: 1...40, "A category name must be 1 to 40 characters.")
    }

    public static func bidMessage(_ value: String) throws -> String {
        try Rules.text(
            value, field: "message", trimmed: true, length: 0...300,
            "A message must be at most 300 characters.")
    }

    public static func question(_ value: String, field: String = "body") throws -> String {
        try Rules.text(value, field: field, trimmed: true, length: 1...500, "A question or answer must be 1 to 500 characters.")
    }

    public static func rating(_ value: Int) throws -> Int {
        guard (1...5).contains(value) else { throw DoableError.invalid("rating", "Rating must be a whole number from 1 to 5.") }
        return value
    }

    public static func reviewBody(_ value: String) throws -> String {
        try Rules.text(value, field: "body", trimmed: true, length: 0...500, "A review must be at most 500 characters.")
    }

    /// MKT-9: the near-me radius, in kilometres.
    public static let defaultRadiusKm = 5.0
    public static let radiusRangeKm: ClosedRange<Double> = 0.1...500

    public static func radiusKm(_ value: Double) throws -> Double {
        guard value.isFinite, radiusRangeKm.contains(value) else {
            throw DoableError.invalid("radiusKm", "The radius must be from 0.1 to 500 km.")
        }
        return value
    }
}
