public import DoableAPI
public import DoableCore
import DoableDomain
import Foundation

extension StatsDTO {
    public init(_ report: StatsReport) {
        let url = { (name: String) in "/api/v1/stats/charts/\(name).svg?period=\(report.period.rawValue)" }
        self.init(
            period: report.period.rawValue,
            from: report.from,
            through: report.through,
            completed: report.completed,
            pending: report.pending,
            overdue: report.overdue,
            onTimeRate: report.onTimeRate.map { ($0 * 1000).rounded() / 1000 },
            averageSecondsToComplete: report.averageSecondsToComplete.map { $0.rounded() },
            busiestWeekday: report.busiestWeekday.flatMap { Self.weekdays.indices.contains($0) ? Self.weekdays[$0] : nil },
            weekdayCounts: WeekdayCounts(report.weekdayCounts),
            points: report.points,
            buckets: report.buckets.map(Bucket.init),
            monthly: report.monthly?.map(Bucket.init),
            charts: Charts(
                completions: url("completions"), ontime: url("ontime"), weekdays: url("weekdays"),
                points: report.points == nil ? nil : url("points"),
                monthly: report.monthly == nil ? nil : url("monthly")))
    }
}

extension StatsDTO.WeekdayCounts {
    public init(_ counts: [Int]) {
        let count = { (index: Int) in index < counts.count ? counts[index] : 0 }
        self.init(
            monday: count(0), tuesday: count(1), wednesday: count(2), thursday: count(3), friday: count(4),
            saturday: count(5), sunday: count(6))
    }
}

extension StatsDTO.Bucket {
    public init(_ bucket: StatsReport.Bucket) {
        self.init(
            label: bucket.label, from: bucket.from, through: bucket.through, completed: bucket.completed,
            pending: bucket.pending, onTime: bucket.onTime, late: bucket.late, points: bucket.points)
    }
}
