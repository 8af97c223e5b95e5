import DoableCore
import Foundation
import HTTPTypes
import Testing

/// GAME-6 through the REST API, on every engine: statistics for every member, game on or off, their charts as SVG,
/// and the monthly chart after a month of use.
@Suite("Statistics API", .serialized)
struct StatsAPITests {
    static func stats(_ api: APIClient, _ token: String, _ query: String = "") async throws -> APIResponse {
        let stats = try await api.call(.get, "/api/v1/stats\(query)", token: token)
        #expect(stats.status == .ok, "\(String(describing: stats.json))")
        return stats
    }

    static func chart(_ api: APIClient, _ token: String, _ name: String, _ query: String = "") async throws
        -> RawResponse
    {
        try await api.fetch("/api/v1/stats/charts/\(name).svg\(query)", token: token)
    }

    static func isSVG(_ response: RawResponse) -> Bool {
        response.status == .ok && response.headers[.contentType] == "image/svg+xml"
            && String(decoding: response.bytes, as: UTF8.self).hasPrefix("<svg")
    }

    @Test(arguments: APIEngine.available)
    func GAME6_statisticsWithTheGameOffCountTasksButNoPoints(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(GameAPITests.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            let today = clock.today.description
            let dueToday = try await api.createTask(ann, ["title": "Due today", "due": today])
            let undated = try await api.createTask(ann, ["title": "Whenever"])
            _ = try await api.createTask(ann, ["title": "Still open", "due": today])
            clock.pass(seconds: 120)
            for task in [dueToday, undated] {
                _ = try await GameAPITests.complete(api, ann, try #require(task["id"] as? String))
            }

            let week = try await Self.stats(api, ann)
            #expect(week.string("period") == "week" && week.string("through") == today)
            #expect(week.string("from") == clock.today.adding(days: -6).description)
            #expect(week["completed"] as? Int == 2 && week["pending"] as? Int == 1 && week["overdue"] as? Int == 0)
            #expect(week["onTimeRate"] as? Double == 1, "the undated one does not count")
            let average = try #require(week["averageSecondsToComplete"] as? Double)
            #expect(average >= 120 && average < 200, "\(average)")
            #expect(week.string("busiestWeekday") == "monday")
            #expect(
                (week["weekdayCounts"] as? [String: Int]) == [
                    "monday": 2, "tuesday": 0, "wednesday": 0,
                    "thursday": 0, "friday": 0, "saturday": 0,
                    "sunday": 0,
                ])
            #expect(week["points"] is NSNull && week["monthly"] is NSNull)
            let buckets = week.array("buckets")
            #expect(buckets.count == 7 && buckets.last?["label"] as? String == "Mon 7")
            #expect(buckets.last?["completed"] as? Int == 2 && buckets.last?["pending"] as? Int == 1)
            #expect(buckets.last?["onTime"] as? Int == 1 && buckets.last?["points"] is NSNull)
            let charts = try #require(week["charts"] as? [String: Any])
            #expect(charts["completions"] as? String == "/api/v1/stats/charts/completions.svg?period=week")
            #expect(charts["points"] is NSNull && charts["monthly"] is NSNull)

            #expect(try await Self.stats(api, ann, "?period=month").array("buckets").count == 30)
            let year = try await Self.stats(api, ann, "?period=year")
            #expect(year.array("buckets").count == 12 && year.array("buckets").last?["label"] as? String == "Jan 2030")
            let bad = try await api.call(.get, "/api/v1/stats?period=decade", token: ann)
            #expect(bad.status == .badRequest && bad.errorField == "period")

            for name in ["completions", "ontime", "weekdays"] {
                #expect(Self.isSVG(try await Self.chart(api, ann, name)), "\(name)")
                #expect(Self.isSVG(try await Self.chart(api, ann, name, "?period=year")), "\(name) year")
            }
            #expect(try await Self.chart(api, ann, "points").status == .notFound, "the game is off")
            #expect(try await Self.chart(api, ann, "monthly").status == .notFound, "not a month of use yet")
            #expect(try await Self.chart(api, ann, "bogus").status == .notFound)
            #expect(try await Self.chart(api, ann, "completions", "?period=decade").status == .badRequest)
            #expect(try await api.fetch("/api/v1/stats", token: nil).status == .unauthorized)
        }
    }

    @Test(arguments: APIEngine.available)
    func GAME6_withTheGameOnStatisticsCountPointsAndAfterAMonthShowMonthlyProgress(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(GameAPITests.start)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            try await GameAPITests.enable(api, ann)
            let onTime = try await api.createTask(
                ann,
                [
                    "title": "On time",
                    "due": clock.today.adding(days: 2).description,
                ])
            let late = try await api.createTask(ann, ["title": "Late", "due": clock.today.description])
            clock.pass(seconds: 120)
            _ = try await GameAPITests.complete(api, ann, try #require(onTime["id"] as? String))
            clock.pass(days: 1)
            _ = try await GameAPITests.complete(api, ann, try #require(late["id"] as? String))

            let week = try await Self.stats(api, ann)
            // 14 (two days early) on Monday, 2 (late) on Tuesday; no day was closed yet, so no streak bonus.
            #expect(week["points"] as? Int == 16 && week["completed"] as? Int == 2, "\(week.object)")
            #expect(week["onTimeRate"] as? Double == 0.5)
            #expect(week.array("buckets").suffix(2).map { $0["points"] as? Int ?? -1 } == [14, 2])
            #expect(week.array("buckets").last?["late"] as? Int == 1)
            #expect(
                (week["charts"] as? [String: Any])?["points"] as? String
                    == "/api/v1/stats/charts/points.svg?period=week")
            #expect(Self.isSVG(try await Self.chart(api, ann, "points")))
            #expect(try await Self.chart(api, ann, "monthly").status == .notFound)

            clock.pass(days: 31)
            let later = try await Self.stats(api, ann)
            let monthly = later.array("monthly")
            #expect(monthly.count == 12 && monthly.last?["label"] as? String == "Feb 2030")
            #expect(monthly.suffix(2).map { $0["completed"] as? Int ?? -1 } == [2, 0])
            #expect(monthly.suffix(2).first?["points"] as? Int == 16)
            #expect(
                (later["charts"] as? [String: Any])?["monthly"] as? String
                    == "/api/v1/stats/charts/monthly.svg?period=week")
            let chart = try await Self.chart(api, ann, "monthly")
            #expect(Self.isSVG(chart))
            #expect(String(decoding: chart.bytes, as: UTF8.self).contains("Jan 2030"))
        }
    }
}
