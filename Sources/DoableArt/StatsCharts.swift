public import DoableCore

/// GAME-6: which chart each statistics report draws, shared by the API (`/api/v1/stats/charts/{name}.svg`) and the
/// web app. `svg` draws the chart; `table` is the same numbers as an HTML `<table>` (the accessible alternative).
/// Both answer nil for an unknown name and for a chart the report has no data for (`points` with the game off,
/// `monthly` before a month of use).
public enum StatsCharts {
    /// Every chart name, in the order the pages show them.
    public static let names = ["completions", "ontime", "weekdays", "points", "monthly"]

    public static func svg(named name: String, report: StatsReport) -> String? {
        guard let chart = chart(named: name, report: report) else { return nil }
        switch chart.kind {
        case .bars(let stacked):
            return StatsChart.bars(title: chart.title, labels: chart.labels, series: chart.series, stacked: stacked)
        case .line(let unit):
            return StatsChart.line(
                title: chart.title, labels: chart.labels,
                values: chart.series[0].values.map { Double($0) }, unit: unit)
        }
    }

    public static func table(named name: String, report: StatsReport) -> String? {
        guard let chart = chart(named: name, report: report) else { return nil }
        let rows = chart.labels.indices.map { index in
            [chart.labels[index]] + chart.series.map { String($0.values[index]) }
        }
        return StatsChart.table(
            caption: chart.title, header: [chart.labelHeader] + chart.series.map(\.name),
            rows: rows)
    }

    /// One chart's numbers, before drawing.
    struct Chart {
        enum Kind {
            case bars(stacked: Bool)
            case line(unit: String)
        }

        var title: String
        var kind: Kind
        /// The heading of the label column in the table ("Day", "Month", "Weekday").
        var labelHeader: String
        var labels: [String]
        var series: [StatsChart.Series]
    }

    static func chart(named name: String, report: StatsReport) -> Chart? {
        let buckets = report.buckets
        let labels = buckets.map(\.label)
        let labelHeader = report.period == .year ? "Month" : "Day"
        switch name {
        case "completions":
            return Chart(
                title: "Completed and pending", kind: .bars(stacked: false), labelHeader: labelHeader,
                labels: labels,
                series: [
                    ("Completed", "s-done", buckets.map(\.completed)),
                    ("Pending", "s-pending", buckets.map(\.pending)),
                ])
        case "ontime":
            return Chart(
                title: "On time and late", kind: .bars(stacked: true), labelHeader: labelHeader,
                labels: labels,
                series: [
                    ("On time", "s-done", buckets.map(\.onTime)),
                    ("Late", "s-late", buckets.map(\.late)),
                ])
        case "weekdays":
            return Chart(
                title: "Completed by weekday", kind: .bars(stacked: false), labelHeader: "Weekday",
                labels: weekdayNames, series: [("Completed", "s-done", report.weekdayCounts)])
        case "points":
            guard report.points != nil else { return nil }
            return Chart(
                title: "Points earned", kind: .line(unit: "points"), labelHeader: labelHeader,
                labels: labels, series: [("Points", "s-points", buckets.map { $0.points ?? 0 })])
        case "monthly":
            guard let months = report.monthly else { return nil }
            return Chart(
                title: "Monthly progress", kind: .bars(stacked: true), labelHeader: "Month",
                labels: months.map(\.label),
                series: [
                    (
                        "On time or without deadline", "s-done",
                        months.map { max(0, $0.completed - $0.late) }
                    ),
                    ("Late", "s-late", months.map(\.late)),
                ])
        default:
            return nil
        }
    }

    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
}
