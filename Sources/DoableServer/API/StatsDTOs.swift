import DoableCore
import DoableDomain
import Foundation

/// GAME-6: the statistics of `GET /api/v1/stats`, with the URLs of their charts.
struct StatsDTO: Encodable, Sendable {
    /// week, month or year.
    let period: String
    let from: CivilDate
    let through: CivilDate
    let completed: Int
    let pending: Int
    let overdue: Int
    /// 0…1, three decimals; null when no completion in the period had a deadline.
    @Nullable var onTimeRate: Double?
    /// Whole seconds; null without data.
    @Nullable var averageSecondsToComplete: Double?
    @Nullable var busiestWeekday: String?
    let weekdayCounts: WeekdayCounts
    /// Null with the game off.
    @Nullable var points: Int?
    let buckets: [Bucket]
    @Nullable var monthly: [Bucket]?
    let charts: Charts

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    struct WeekdayCounts: Encodable, Sendable {
        let monday, tuesday, wednesday, thursday, friday, saturday, sunday: Int

        init(_ counts: [Int]) {
            let count = { (index: Int) in index < counts.count ? counts[index] : 0 }
            monday = count(0)
            tuesday = count(1)
            wednesday = count(2)
            thursday = count(3)
            friday = count(4)
            saturday = count(5)
            sunday = count(6)
        }
    }

    struct Bucket: Encodable, Sendable {
        let label: String
        let from: CivilDate
        let through: CivilDate
        let completed: Int
        let pending: Int
        let onTime: Int
        let late: Int
        @Nullable var points: Int?

        init(_ bucket: StatsReport.Bucket) {
            label = bucket.label
            from = bucket.from
            through = bucket.through
            completed = bucket.completed
            pending = bucket.pending
            onTime = bucket.onTime
            late = bucket.late
            points = bucket.points
        }
    }

    struct Charts: Encodable, Sendable {
        let completions: String
        let ontime: String
        let weekdays: String
        @Nullable var points: String?
        @Nullable var monthly: String?
    }

    init(_ report: StatsReport) {
        period = report.period.rawValue
        from = report.from
        through = report.through
        completed = report.completed
        pending = report.pending
        overdue = report.overdue
        onTimeRate = report.onTimeRate.map { ($0 * 1000).rounded() / 1000 }
        averageSecondsToComplete = report.averageSecondsToComplete.map { $0.rounded() }
        busiestWeekday = report.busiestWeekday.flatMap { Self.weekdays.indices.contains($0) ? Self.weekdays[$0] : nil }
        weekdayCounts = WeekdayCounts(report.weekdayCounts)
        points = report.points
        buckets = report.buckets.map(Bucket.init)
        monthly = report.monthly?.map(Bucket.init)
        let url = { (name: String) in "/api/v1/stats/charts/\(name).svg?period=\(report.period.rawValue)" }
        charts = Charts(
            completions: url("completions"), ontime: url("ontime"), weekdays: url("weekdays"),
            points: report.points == nil ? nil : url("points"),
            monthly: report.monthly == nil ? nil : url("monthly"))
    }
}
