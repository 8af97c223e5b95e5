import DoableCore
import DoableDomain
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Testing

/// GAME-6 in the web app: `/stats` for every member, game on or off — the period switch, the tiles, each chart with
/// its numbers as a table, points only with the game on, the monthly chart after a month of use, an empty state for
/// a new member, and an unknown period shown as the week with a note.
@Suite struct WebStatsTests {
    /// Monday 23 November 2026, 10:00 UTC.
    static let monday = Timestamp(rfc3339: "2026-11-23T10:00:00Z")!

    /// The text of the tile `key` (`<div class="stat-tile" id="stat-KEY">`): its value.
    private func tile(_ key: String, in page: String) -> String? {
        WebClient.first("id=\"stat-\(key)\"><dt>[^<]*</dt><dd class=\"stat-value[^\"]*\">([^<]*)</dd>", in: page)
    }

    private func note(_ key: String, in page: String) -> String? {
        WebClient.first("id=\"stat-\(key)\">.*?<dd class=\"stat-note\">([^<]*)</dd>", in: page)
    }

    /// The cells after the row header `label` in the table of the chart `name`, as text.
    private func tableRow(_ label: String, chart name: String, in page: String) -> [String] {
        guard let start = page.range(of: "id=\"chart-\(name)\""),
            let end = page.range(of: "</details>", range: start.upperBound..<page.endIndex)
        else { return [] }
        let figure = String(page[start.upperBound..<end.lowerBound])
        guard let row = WebClient.first("<tr>\\s*<t[hd][^>]*>\(label)</t[hd]>(.*?)</tr>", in: figure) else { return [] }
        let regex = try! NSRegularExpression(pattern: "<td[^>]*>([^<]*)</td>")
        return regex.matches(in: row, range: NSRange(row.startIndex..., in: row)).compactMap {
            Range($0.range(at: 1), in: row).map { String(row[$0]) }
        }
    }

    @Test func GAME6_aNewMemberSeesAnEmptyStateAndTheLinkInTheSidebar() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, _ in
            try await web.register("ann")
            let page = try await web.get("/stats")
            #expect(page.status == .ok)
            #expect(page.body.contains("<a href=\"/stats\" aria-current=\"page\"><svg class=\"icon\""))
            #expect(page.body.contains("#stats\"></use></svg>Statistics</a>"))
            #expect(page.body.contains("<h1>Statistics</h1>"))
            #expect(page.body.contains("Your statistics start here"))
            #expect(page.body.contains("<a class=\"button\" href=\"/stats?period=week\" aria-current=\"page\">This week</a>"))
            #expect(page.body.contains("Last 7 days: 17 Nov – 23 Nov 2026"))
            #expect(!page.body.contains("stat-tile") && !page.body.contains("<figure"))
            // The link is in every page's sidebar, for every member.
            #expect(try await web.get("/today").body.contains("<a href=\"/stats\"><svg class=\"icon\""))
        }
    }

    @Test func GAME6_completionsShowInTheTilesAndTheTablesAlike() async throws {
        // Ann starts on Friday 20 November; the tasks are done on Monday 23 at 14:00, 3 days 4 hours later.
        let clock = ManualClock(Self.monday.adding(seconds: -3 * 86_400))
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            var done: [String] = []
            for (title, due) in [
                ("Early", "2026-11-25"), ("Just in time", "2026-11-24"), ("Late", "2026-11-21"),
                ("No deadline", nil),
            ] as [(String, String?)] {
                var fields: [String: Any] = ["title": title]
                if let due { fields["due"] = due }
                done.append(try await api.createTask(token, fields)["id"] as? String ?? "")
            }
            _ = try await api.createTask(token, ["title": "Open, due later", "due": "2026-11-26"])
            _ = try await api.createTask(token, ["title": "Open and overdue", "due": "2026-11-20"])
            clock.advance(seconds: 3 * 86_400 + 4 * 3600)
            for id in done {
                #expect(try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token, json: [:]).status == .ok)
            }
            let page = try await web.get("/stats").body
            #expect(tile("completed", in: page) == "4")
            #expect(tile("pending", in: page) == "2")
            #expect(tile("overdue", in: page) == "1")
            #expect(tile("ontime", in: page) == "67%")
            #expect(note("ontime", in: page) == "2 of 3 with a deadline")
            #expect(tile("average", in: page) == "3 days 4 hours")
            #expect(tile("weekday", in: page) == "Monday")
            #expect(note("weekday", in: page) == "4 tasks completed")
            #expect(tile("points", in: page) == nil, "the game is off: no points")
            // Each chart is a figure with its caption, the drawing and the same numbers as a table.
            for name in ["completions", "ontime", "weekdays"] {
                #expect(page.contains("<div class=\"stats-chart\" id=\"chart-\(name)\">"), "\(name)")
            }
            #expect(page.contains("<summary>Show as a table</summary>"))
            #expect(!page.contains("id=\"chart-points\""))
            #expect(!page.contains("<style>"), "no style block the page's policy would refuse")
            #expect(tableRow("Mon 23", chart: "completions", in: page) == ["4", "0"])
            #expect(tableRow("Fri 20", chart: "completions", in: page) == ["0", "1"])
            #expect(tableRow("Mon 23", chart: "ontime", in: page) == ["2", "1"])
            #expect(tableRow("Mon", chart: "weekdays", in: page) == ["4"])
            // Before a month of use, a sentence says when the monthly chart comes.
            #expect(page.contains("The monthly progress chart appears after a month of use, from 20 December 2026."))
        }
    }

    @Test func GAME6_pointsShowOnlyWithTheGameOn() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let first = try await api.createTask(token, ["title": "Before the game", "estimatedMinutes": 30])
            _ = try await api.call(.post, "/api/v1/tasks/\(first["id"] as? String ?? "")/complete", token: token, json: [:])
            let off = try await web.get("/stats").body
            #expect(tile("completed", in: off) == "1")
            #expect(tile("points", in: off) == nil && !off.contains("id=\"chart-points\""))
            let on = try await api.call(.patch, "/api/v1/me", token: token, json: ["preferences": ["gameOptIn": true]])
            #expect(on.status == .ok, "\(String(describing: on.json))")
            let second = try await api.createTask(token, ["title": "With the game", "estimatedMinutes": 30])
            let completed = try await api.call(
                .post, "/api/v1/tasks/\(second["id"] as? String ?? "")/complete",
                token: token, json: [:])
            let reward = (completed["reward"] as? [String: Any])?["points"] as? Int
            let page = try await web.get("/stats").body
            #expect(tile("points", in: page) == reward.map(String.init), "\(String(describing: completed.json))")
            #expect(page.contains("<div class=\"stats-chart\" id=\"chart-points\">"))
        }
    }

    @Test func GAME6_thePeriodSwitchChangesTheRangeAndABadPeriodShowsTheWeekWithANote() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let task = try await api.createTask(token, ["title": "Something"])
            _ = try await api.call(.post, "/api/v1/tasks/\(task["id"] as? String ?? "")/complete", token: token, json: [:])
            let month = try await web.get("/stats?period=month").body
            #expect(month.contains("href=\"/stats?period=month\" aria-current=\"page\">30 days</a>"))
            #expect(month.contains("Last 30 days: 25 Oct – 23 Nov 2026"))
            #expect(tableRow("Nov 23", chart: "completions", in: month) == ["1", "0"])
            let year = try await web.get("/stats?period=year").body
            #expect(year.contains("href=\"/stats?period=year\" aria-current=\"page\">12 months</a>"))
            #expect(year.contains("Last 12 months: 1 Dec 2025 – 23 Nov 2026"))
            #expect(tableRow("Nov 2026", chart: "completions", in: year) == ["1", "0"])
            #expect(tile("completed", in: year) == "1")

            let odd = try await web.get("/stats?period=decade")
            #expect(odd.status == .ok)
            #expect(odd.body.contains("There is no period “decade”: showing the last 7 days."))
            #expect(odd.body.contains("href=\"/stats?period=week\" aria-current=\"page\">This week</a>"))
            #expect(tile("completed", in: odd.body) == "1")
        }
    }

    @Test func GAME6_theMonthlyChartComesAfterAMonthOfUse() async throws {
        let clock = ManualClock(Self.monday)
        let server = try TestServer(clock: { clock.now })
        try await server.runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let task = try await api.createTask(token, ["title": "In November"])
            _ = try await api.call(.post, "/api/v1/tasks/\(task["id"] as? String ?? "")/complete", token: token, json: [:])
            #expect(try await web.get("/stats").body.contains("from 23 December 2026"))
            clock.advance(seconds: 31 * 86_400)
            let later = try await api.createTask(token, ["title": "In December"])
            _ = try await api.call(.post, "/api/v1/tasks/\(later["id"] as? String ?? "")/complete", token: token, json: [:])
            let page = try await web.get("/stats?period=month").body
            #expect(page.contains("<div class=\"stats-chart\" id=\"chart-monthly\">"))
            #expect(!page.contains("appears after a month of use"))
            #expect(tableRow("Oct 2026", chart: "monthly", in: page).first == "0")
            #expect(tableRow("Nov 2026", chart: "monthly", in: page).first == "1")
            #expect(tableRow("Dec 2026", chart: "monthly", in: page).first == "1")
        }
    }

    @Test func GAME6_durationsAndRatesInWords() {
        #expect(StatsPage.durationWords(20) == "less than a minute")
        #expect(StatsPage.durationWords(35 * 60) == "35 minutes")
        #expect(StatsPage.durationWords(3600) == "1 hour")
        #expect(StatsPage.durationWords(3600 + 60) == "1 hour 1 minute")
        #expect(StatsPage.durationWords(2 * 86_400 + 4 * 3600 + 10 * 60) == "2 days 4 hours")
        #expect(StatsPage.durationWords(86_400) == "1 day")
        #expect(StatsPage.percent(0.666) == "67%")
        #expect(StatsPage.percent(0.999) == "99%")
        #expect(StatsPage.percent(0.001) == "1%")
        #expect(StatsPage.percent(1) == "100%")
    }
}
