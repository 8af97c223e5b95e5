public import DoableCore
import Foundation
import PublicInit

/// GAME-6: the statistics of `GET /api/v1/stats`, with the URLs of their charts.
@PublicInit
public struct StatsDTO: Codable, Sendable {
    /// week, month or year.
    public let period: String
    public let from: CivilDate
    public let through: CivilDate
    public let completed: Int
    public let pending: Int
    public let overdue: Int
    /// 0…1, three decimals; null when no completion in the period had a deadline.
    @Nullable public var onTimeRate: Double?
    /// Whole seconds; null without data.
    @Nullable public var averageSecondsToComplete: Double?
    @Nullable public var busiestWeekday: String?
    public let weekdayCounts: WeekdayCounts
    /// Null with the game off.
    @Nullable public var points: Int?
    public let buckets: [Bucket]
    @Nullable public var monthly: [Bucket]?
    public let charts: Charts

    public static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    public struct WeekdayCounts: Codable, Sendable {
        public let monday, tuesday, wednesday, thursday, friday, saturday, sunday: Int

        public init(monday: Int, tuesday: Int, wednesday: Int, thursday: Int, friday: Int, saturday: Int, sunday: Int) {
            self.monday = monday
            self.tuesday = tuesday
            self.wednesday = wednesday
            self.thursday = thursday
            self.friday = friday
            self.saturday = saturday
            self.sunday = sunday
        }
    }

    @PublicInit
    public struct Bucket: Codable, Sendable {
        public let label: String
        public let from: CivilDate
        public let through: CivilDate
        public let completed: Int
        public let pending: Int
        public let onTime: Int
        public let late: Int
        @Nullable public var points: Int?
    }

    @PublicInit
    public struct Charts: Codable, Sendable {
        public let completions: String
        public let ontime: String
        public let weekdays: String
        @Nullable public var points: String?
        @Nullable public var monthly: String?
    }
}
