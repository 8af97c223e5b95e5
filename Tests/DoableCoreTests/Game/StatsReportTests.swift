import DoableCore
import Testing

/// GAME-6: statistics from per-day totals (docs/game.md, "Statistics").
@Suite("Stats report")
struct StatsReportTests {
    static func date(_ text: String) -> CivilDate { CivilDate(text)! }

    /// Monday 23 November 2026.
    static let today = date("2026-11-23")

    static let days = [
        CompletionDayTotals(
            day: date("2026-11-23"), completed: 3, onTime: 2, late: 1, ageSecondsTotal: 10_800,
            ageCount: 3),
        CompletionDayTotals(
            day: date("2026-11-20"), completed: 2, onTime: 1, late: 0, ageSecondsTotal: 7_200,
            ageCount: 2),
        CompletionDayTotals(
            day: date("2026-11-16"), completed: 5, onTime: 5, late: 0, ageSecondsTotal: 5_000,
            ageCount: 5),
        CompletionDayTotals(
            day: date("2026-06-10"), completed: 4, onTime: 0, late: 4, ageSecondsTotal: 40_000,
            ageCount: 4),
        CompletionDayTotals(
            day: date("2025-11-30"), completed: 9, onTime: 9, late: 0, ageSecondsTotal: 900,
            ageCount: 9),
    ]
    static let open = [date("2026-11-24"): 2, date("2026-11-21"): 1, date("2026-11-10"): 1]
    static let points = [
        date("2026-11-23"): 30, date("2026-11-20"): 25, date("2026-11-16"): 50,
        date("2026-06-10"): 8, date("2025-11-30"): 100,
    ]

    static func input(
        _ period: StatsReport.Period, today: CivilDate = today, points: [CivilDate: Int]? = points,
        firstDay: CivilDate = date("2026-01-01"), days: [CompletionDayTotals] = days
    ) -> StatsInput {
        StatsInput(
            period: period, today: today, days: days, openByDueDay: open, open: 5, overdue: 2,
            pointsByDay: points, firstDay: firstDay)
    }

    @Test func GAME6_weekHasSevenDayBuckets() {
        let report = StatsReport.build(Self.input(.week))
        #expect(report.from == Self.date("2026-11-17") && report.through == Self.today)
        #expect(report.buckets.map(\.label) == ["Tue 17", "Wed 18", "Thu 19", "Fri 20", "Sat 21", "Sun 22", "Mon 23"])
        #expect(report.buckets.allSatisfy { $0.from == $0.through })
        #expect(
            report.buckets[6]
                == StatsReport.Bucket(
                    label: "Mon 23", from: Self.today, through: Self.today,
                    completed: 3, pending: 0, onTime: 2, late: 1, points: 30))
        #expect(report.buckets[4].pending == 1)
        #expect(report.buckets[3].completed == 2 && report.buckets[3].points == 25)
        #expect(report.completed == 5)
        #expect(report.pending == 5 && report.overdue == 2)
        #expect(report.onTimeRate == 0.75)
        #expect(report.averageSecondsToComplete == 3_600)
        #expect(report.weekdayCounts == [3, 0, 0, 0, 2, 0, 0])
        #expect(report.busiestWeekday == 0)
        #expect(report.points == 55)
    }

    @Test func GAME6_monthHasThirtyDayBuckets() throws {
        let report = StatsReport.build(Self.input(.month))
        #expect(report.from == Self.date("2026-10-25"))
        #expect(report.buckets.count == 30)
        #expect(report.buckets.first?.label == "Oct 25" && report.buckets.last?.label == "Nov 23")
        #expect(report.completed == 10)
        #expect(report.buckets.reduce(0) { $0 + $1.pending } == 2)
        let rate = try #require(report.onTimeRate)
        #expect(abs(rate - 8.0 / 9.0) < 1e-12)
        #expect(report.averageSecondsToComplete == 2_300)
        #expect(report.weekdayCounts == [8, 0, 0, 0, 2, 0, 0])
        #expect(report.points == 105)
    }

    @Test func GAME6_yearHasTwelveCalendarMonths() throws {
        let report = StatsReport.build(Self.input(.year))
        #expect(report.from == Self.date("2025-12-01") && report.through == Self.today)
        #expect(
            report.buckets.map(\.label) == [
                "Dec 2025", "Jan 2026", "Feb 2026", "Mar 2026", "Apr 2026", "May 2026",
                "Jun 2026", "Jul 2026", "Aug 2026", "Sep 2026", "Oct 2026", "Nov 2026",
            ])
        #expect(report.buckets[1].from == Self.date("2026-01-01"))
        #expect(report.buckets[1].through == Self.date("2026-01-31"))
        #expect(report.buckets[2].through == Self.date("2026-02-28"))
        #expect(report.buckets[11].from == Self.date("2026-11-01") && report.buckets[11].through == Self.today)
        #expect(report.buckets[11].completed == 10 && report.buckets[11].pending == 2)
        #expect(report.buckets[11].points == 105)
        #expect(
            report.buckets[6]
                == StatsReport.Bucket(
                    label: "Jun 2026", from: Self.date("2026-06-01"),
                    through: Self.date("2026-06-30"), completed: 4, pending: 0,
                    onTime: 0, late: 4, points: 8))
        #expect(report.buckets[0].completed == 0)
        #expect(report.completed == 14)
        let rate = try #require(report.onTimeRate)
        #expect(abs(rate - 8.0 / 13.0) < 1e-12)
        #expect(report.averageSecondsToComplete == 4_500)
        #expect(report.weekdayCounts == [8, 0, 4, 0, 2, 0, 0])
        #expect(report.points == 113)
    }

    @Test func GAME6_yearEndsWithTheCurrentMonthAcrossNewYear() {
        let december = StatsReport.build(Self.input(.year, today: Self.date("2026-12-05")))
        #expect(december.from == Self.date("2026-01-01"))
        #expect(december.buckets.first?.label == "Jan 2026" && december.buckets.last?.label == "Dec 2026")
        let january = StatsReport.build(Self.input(.year, today: Self.date("2027-01-15")))
        #expect(january.from == Self.date("2026-02-01"))
        #expect(january.buckets.first?.label == "Feb 2026" && january.buckets.last?.label == "Jan 2027")
        #expect(january.buckets[10].label == "Dec 2026" && january.buckets[10].completed == 0)
        #expect(january.buckets[9].completed == 10)
    }

    @Test func GAME6_monthlyChartAfterAMonthOfUse() throws {
        #expect(StatsReport.build(Self.input(.week, firstDay: Self.date("2026-10-25"))).monthly == nil)
        let report = StatsReport.build(Self.input(.week, firstDay: Self.date("2026-10-24")))
        let monthly = try #require(report.monthly)
        #expect(monthly.count == 12)
        #expect(monthly.last?.label == "Nov 2026" && monthly.last?.completed == 10 && monthly.last?.points == 105)
        #expect(monthly.allSatisfy { $0.pending == 0 })
        #expect(monthly[6].late == 4 && monthly[6].completed == 4)
        #expect(monthly[0].completed == 0)
    }

    @Test func GAME6_gameOffHasNoPoints() {
        let report = StatsReport.build(Self.input(.month, points: nil))
        #expect(report.points == nil)
        #expect(report.buckets.allSatisfy { $0.points == nil })
        #expect(report.monthly?.allSatisfy { $0.points == nil } == true)
    }

    @Test func GAME6_noDataMeansNoRates() {
        let report = StatsReport.build(Self.input(.week, days: []))
        #expect(report.completed == 0)
        #expect(report.onTimeRate == nil)
        #expect(report.averageSecondsToComplete == nil)
        #expect(report.busiestWeekday == nil)
        #expect(report.weekdayCounts == Array(repeating: 0, count: 7))
    }

    @Test func GAME6_busiestWeekdayTiesGoToTheEarliest() {
        let days = ["2026-11-19", "2026-11-17"].map { day in
            CompletionDayTotals(day: Self.date(day), completed: 2, onTime: 0, late: 0, ageSecondsTotal: 0, ageCount: 0)
        }
        let report = StatsReport.build(Self.input(.week, days: days))
        #expect(report.busiestWeekday == 1)
        // Completions without a deadline count as done, not towards the on-time rate.
        #expect(report.completed == 4 && report.onTimeRate == nil)
    }
}
