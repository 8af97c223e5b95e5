import Foundation
import PublicInit

/// MKT-12: when a posting's job should happen: one day (`until` nil) or a window of days, both ends included.
@PublicInit
public struct PostingWhen: Sendable, Equatable, Hashable, Codable {
    public var from: CivilDate
    public var until: CivilDate?

    /// The last day of the window (the day itself for one day).
    public var lastDay: CivilDate { until ?? from }
}

extension MarketRules {
    /// The longest window a posting may name.
    public static let longestWhenDays = 366

    /// MKT-12: a day or a window, `until` not before `from`, and not ending before `today` (the member's day) unless
    /// `today` is nil (a posting's stored window, given back unchanged).
    public static func when(from: String, until: String?, today: CivilDate?) throws -> PostingWhen {
        guard let start = CivilDate(from.trimmingCharacters(in: .whitespaces)) else {
            throw DoableError.invalid("when", "When must start with a date written YYYY-MM-DD.")
        }
        var end: CivilDate?
        if let until, !until.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let day = CivilDate(until.trimmingCharacters(in: .whitespaces)) else {
                throw DoableError.invalid("when", "The last day must be a date written YYYY-MM-DD.")
            }
            guard day >= start else {
                throw DoableError.invalid("when", "The last day cannot be before the first.")
            }
            guard day.daysSinceEpoch - start.daysSinceEpoch < longestWhenDays else {
                throw DoableError.invalid("when", "A window can be at most \(longestWhenDays) days long.")
            }
            end = day == start ? nil : day
        }
        let when = PostingWhen(from: start, until: end)
        if let today, when.lastDay < today {
            throw DoableError.invalid(
                "when", "When cannot be in the past: today is \(today).")
        }
        return when
    }
}
