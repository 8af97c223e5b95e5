public import DoableCore
import Foundation

/// GAME-6: the statistics of `GET /api/v1/stats`, with the URLs of their charts.
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

    public init(
        period: String, from: CivilDate, through: CivilDate, completed: Int, pending: Int, overdue: Int, onTimeRate: Double?,
        averageSecondsToComplete: Double?, busiestWeekday: String?, weekdayCounts: WeekdayCounts, points: Int?, buckets: [Bucket], monthly: [Bucket]?,
        charts: Charts
    ) {
        self.period = period
        self.from = from
        self.through = through
        self.completed = completed
        self.pending = pending
        self.overdue = overdue
        self.onTimeRate = onTimeRate
        self.averageSecondsToComplete = averageSecondsToComplete
        self.busiestWeekday = busiestWeekday
        self.weekdayCounts = weekdayCounts
        self.points = points
        self.buckets = buckets
        self.monthly = monthly
        self.charts = charts
    }

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

    public struct Bucket: Codable, Sendable {
        public let label: String
        public let from: CivilDate
        public let through: CivilDate
        public let completed: Int
        public let pending: Int
        public let onTime: Int
        public let late: Int
        @Nullable public var points: Int?

        public init(
            label: String, from: CivilDate, through: CivilDate, completed: Int, pending: Int, onTime: Int, late: Int, points: Int?
        ) {
            self.label = label
            self.from = from
            self.through = through
            self.completed = completed
            self.pending = pending
            self.onTime = onTime
            self.late = late
            self.points = points
        }

    }

    public struct Charts: Codable, Sendable {
        public let completions: String
        public let ontime: String
        public let weekdays: String
        @Nullable public var points: String?
        @Nullable public var monthly: String?

        public init(
            completions: String, ontime: String, weekdays: String, points: String?, monthly: String?
        ) {
            self.completions = completions
            self.ontime = ontime
            self.weekdays = weekdays
            self.points = points
            self.monthly = monthly
        }
    }

}
