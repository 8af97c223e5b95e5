import DoableCore
import Foundation
import DoableArt

/// GAME-6: the statistics page's content (`/stats`): the period switch, the tiles, and each chart of `StatsCharts`
/// in a `<figure>` with its caption, followed by its numbers as a table ("Show as a table": beside the chart on wide
/// screens, below it on phones), so screen readers get them too.
/// The drawings go in without their own `<style>` (the page's Content-Security-Policy would refuse it): app.css
/// colours them with the theme the member chose. The monthly chart comes after a month of use; before, a sentence says from when. A member with nothing to count
/// gets an empty state instead of empty charts.
struct StatsPage {
    let report: StatsReport
    /// The member's first day (their account's creation, in their time zone): the monthly chart shows 30 days on.
    let firstDay: CivilDate
    /// What to tell about the address (an unknown period shows the week with this note).
    var notice: String?

    static let periods: [(period: StatsReport.Period, title: String)] = [
        (.week, "This week"), (.month, "30 days"), (.year, "12 months"),
    ]

    /// The whole page: the content, wide.
    var page: WebPage {
        var page = WebPage(title: "Statistics", main: html, current: "stats")
        page.bodyClass = "wide"
        return page
    }

    var html: HTML {
        """
        <div class="stats-page">
        <h1>Statistics</h1>
        \(periodSwitch)
        <p class="subtitle stats-range">\(Self.rangeWords(report))</p>
        \(notice.map { HTML("<p class=\"notice stats-notice\" role=\"status\">\($0)</p>") })
        \(isEmpty ? emptyState : tiles + charts)
        </div>
        """
    }

    /// Nothing completed in the period and nothing open: no tiles or charts, only what to do.
    var isEmpty: Bool { report.completed == 0 && report.pending == 0 }

    private var periodSwitch: HTML {
        let links = Self.periods.html { period, title in
            let current: HTML = period == report.period ? " aria-current=\"page\"" : ""
            return "<li><a class=\"button\" href=\"/stats?period=\(period.rawValue)\"\(current)>\(title)</a></li>"
        }
        return "<nav class=\"stats-periods\" aria-label=\"Period\"><ul>\(links)</ul></nav>"
    }

    private var emptyState: HTML {
        // A member who started within the period is new; anyone else just had a quiet spell.
        let isNew = firstDay >= report.from
        let message: HTML =
            isNew
            ? """
            <h2>Your statistics start here</h2>
            <p>Complete a few tasks and come back: what you finish, how often it is on time and your busiest day \
            show up here, with charts.</p>
            """
            : """
            <h2>Nothing to count in \(Self.periodWords(report.period))</h2>
            <p>No task was completed in this period and none is open. Choose a longer period above to see earlier work.</p>
            """
        return """
            <div class="empty-state stats-empty">\(message)
            <p><a class="button primary" href="/today">Go to Today</a></p></div>
            """
    }

    // MARK: Tiles

    private var tiles: HTML {
        let periodNote = "in \(Self.periodWords(report.period))"
        let withDeadline = report.buckets.reduce(0) { $0 + $1.onTime + $1.late }
        let onTime = report.buckets.reduce(0) { $0 + $1.onTime }
        var items: [HTML] = [
            tile("completed", "Completed", String(report.completed), note: periodNote),
            tile("pending", "Pending", String(report.pending), note: "open now"),
            tile(
                "overdue", "Overdue", String(report.overdue), note: "open and past their deadline",
                isWarning: report.overdue > 0),
            tile(
                "ontime", "On time", report.onTimeRate.map(Self.percent) ?? "—",
                note: withDeadline == 0
                    ? "no completed task had a deadline"
                    : "\(onTime) of \(withDeadline) with a deadline"),
            tile(
                "average", "Average time to complete",
                report.averageSecondsToComplete.map(Self.durationWords) ?? "—",
                note: report.averageSecondsToComplete == nil ? "nothing completed yet" : "from adding to done"),
            tile(
                "weekday", "Busiest weekday", report.busiestWeekday.map { MemberTime.weekdayNames[$0] } ?? "—",
                note: report.busiestWeekday.map { Self.tasks(report.weekdayCounts[$0]) + " completed" }
                    ?? "nothing completed yet"),
        ]
        if let points = report.points {
            items.append(tile("points", "Points earned", String(points), note: periodNote))
        }
        return """
            <section class="stats-summary" aria-labelledby="stats-summary-heading">
            <h2 id="stats-summary-heading" class="visually-hidden">Summary</h2>
            <dl class="stat-tiles">\(items)</dl>
            </section>
            """
    }

    private func tile(_ key: String, _ label: String, _ value: String, note: String, isWarning: Bool = false)
        -> HTML
    {
        """
        <div class="stat-tile\(isWarning ? " is-warning" : "")" id="stat-\(key)"><dt>\(label)</dt>\
        <dd class="stat-value\(value.count > 10 ? " is-long" : "")">\(value)</dd><dd class="stat-note">\(note)</dd></div>
        """
    }

    // MARK: Charts

    private var charts: HTML {
        let figures = StatsCharts.names.html { name -> HTML in
            guard let svg = StatsCharts.svg(named: name, report: report),
                let table = StatsCharts.table(named: name, report: report)
            else {
                guard name == "monthly" else { return "" }  // points: the game is off
                return """
                    <div class="stats-chart stats-chart-later" id="chart-monthly">
                    <h3>Monthly progress</h3>
                    <p>The monthly progress chart appears after a month of use, from \
                    \(Self.dateWords(firstDay.adding(days: 30))).</p></div>
                    """
            }
            return """
                <div class="stats-chart" id="chart-\(name)">
                <figure class="chart-figure"><div class="chart-drawing" tabindex="0" role="group" aria-label="\(Self.caption(name, period: report.period))">\(HTML(unsafeMarkup: StatsChart.inlined(svg)))</div>
                <figcaption>\(Self.caption(name, period: report.period))</figcaption></figure>
                <details class="chart-numbers"><summary>Show as a table</summary>
                <div class="table-scroll">\(HTML(unsafeMarkup: table))</div></details>
                </div>
                """
        }
        return """
            <section class="stats-charts" aria-labelledby="stats-charts-heading">
            <h2 id="stats-charts-heading">Charts</h2>
            <div class="stats-chart-grid">\(figures)</div>
            </section>
            """
    }

    static func caption(_ name: String, period: StatsReport.Period) -> String {
        let each = period == .year ? "each month" : "each day"
        switch name {
        case "completions": return "Tasks done \(each), and open tasks due then."
        case "ontime": return "Completed tasks that had a deadline, \(each): done by it, or after it."
        case "weekdays": return "Tasks done on each day of the week, over \(periodWords(period))."
        case "points": return "Points the game paid \(each)."
        case "monthly": return "Tasks done in each of the last 12 months, and how many of them late."
        default: return name
        }
    }

    // MARK: Words

    static func periodWords(_ period: StatsReport.Period) -> String {
        switch period {
        case .week: "the last 7 days"
        case .month: "the last 30 days"
        case .year: "the last 12 months"
        }
    }

    /// "Last 7 days: 17 Nov – 23 Nov 2026".
    static func rangeWords(_ report: StatsReport) -> String {
        func short(_ day: CivilDate, year: Bool) -> String {
            "\(day.day) \(MemberTime.monthNames[day.month - 1].prefix(3))\(year ? " \(day.year)" : "")"
        }
        let name =
            switch report.period {
            case .week: "Last 7 days"
            case .month: "Last 30 days"
            case .year: "Last 12 months"
            }
        return "\(name): \(short(report.from, year: report.from.year != report.through.year)) – "
            + short(report.through, year: true)
    }

    /// "21 December 2026".
    static func dateWords(_ day: CivilDate) -> String {
        "\(day.day) \(MemberTime.monthNames[day.month - 1]) \(day.year)"
    }

    /// "83%" (rounded; never 100% unless every one was on time, never 0% unless none was).
    static func percent(_ rate: Double) -> String {
        var whole = Int((rate * 100).rounded())
        if whole == 100 && rate < 1 { whole = 99 }
        if whole == 0 && rate > 0 { whole = 1 }
        return "\(whole)%"
    }

    /// "35 minutes", "1 hour 5 minutes", "2 days 4 hours", "less than a minute": the two largest units, rounded.
    static func durationWords(_ seconds: Double) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded())
        guard minutes > 0 else { return "less than a minute" }
        if minutes < 60 { return counted(minutes, "minute") }
        if minutes < 24 * 60 {
            let hours = minutes / 60, rest = minutes % 60
            return rest == 0 ? counted(hours, "hour") : "\(counted(hours, "hour")) \(counted(rest, "minute"))"
        }
        let hours = Int((Double(minutes) / 60).rounded())
        let days = hours / 24, rest = hours % 24
        return rest == 0 ? counted(days, "day") : "\(counted(days, "day")) \(counted(rest, "hour"))"
    }

    static func counted(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }

    static func tasks(_ count: Int) -> String { counted(count, "task") }
}
