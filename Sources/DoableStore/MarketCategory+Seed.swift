public import DoableCore
import Foundation

/// MKT-11: the categories every database starts with (migration "7-market" of each engine), with fixed ids so that
/// every installation and both engines agree. "Other" is the first.
extension MarketCategory {
    public static let seededNames = [
        "Other", "Cleaning", "Moving", "Gardening", "Repairs", "Delivery", "Tech help",
        "Tutoring", "Pet care",
    ]

    /// `00000000-0000-7000-8000-00000000000N` for the N-th seeded name, counting from 1.
    public static func seededID(_ index: Int) -> CategoryID {
        CategoryID(String(format: "00000000-0000-7000-8000-%012d", index + 1))!
    }

    /// The seeded "Other" category.
    public static let otherID = seededID(0)
}
