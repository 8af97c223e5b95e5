import DoableCore
import Foundation
import Testing

/// GAME-4: the pure rules of streak days (docs/game.md, "Streaks").
@Suite("Streak rules")
struct StreakRulesTests {
    static func calendar(_ zone: String) -> ZonedCalendar {
        ZonedCalendar(zone: TimeZone(identifier: zone)!, weekStart: .monday)
    }

    static func date(_ text: String) -> CivilDate { CivilDate(text)! }

    static let account = AccountID.make()
    static let closedAt = Timestamp(rfc3339: "2026-11-20T05:00:00Z")!

    static func day(_ text: String, _ status: GameDay.Status, streak: Int = 0) -> GameDay {
        GameDay(
            accountID: account, day: date(text), status: status, dueCount: 1, doneCount: status == .kept ? 1 : 0,
            bonus: 0, streak: streak, closedAt: closedAt)
    }

    static func hours(of day: CivilDate, in calendar: ZonedCalendar) -> Int64 {
        let bounds = StreakRules.bounds(of: day, in: calendar)
        return (bounds.end.milliseconds - bounds.start.milliseconds) / 3_600_000
    }

    @Test(arguments: [("America/New_York", "2026-03-08", "2026-11-01"), ("Europe/Berlin", "2026-03-29", "2026-10-25")])
    func GAME4_daysAre23Or25HoursOnlyOnDaylightSavingDays(_ zone: String, _ spring: String, _ autumn: String) {
        let calendar = Self.calendar(zone)
        var day = Self.date("2026-01-01")
        while day.year == 2026 {
            let expected: Int64 = day == Self.date(spring) ? 23 : day == Self.date(autumn) ? 25 : 24
            #expect(Self.hours(of: day, in: calendar) == expected, "\(zone) \(day)")
            day = day.adding(days: 1)
        }
    }

    @Test func GAME4_dayBoundsAreLocalMidnights() {
        let bounds = StreakRules.bounds(of: Self.date("2026-11-01"), in: Self.calendar("America/New_York"))
        #expect(bounds.start == Timestamp(rfc3339: "2026-11-01T04:00:00Z")!)
        #expect(bounds.end == Timestamp(rfc3339: "2026-11-02T05:00:00Z")!)
    }

    @Test func GAME4_statusRules() {
        #expect(StreakRules.status(openDue: 0, done: 1, isOff: false, isPaused: false) == .kept)
        #expect(StreakRules.status(openDue: 1, done: 3, isOff: false, isPaused: false) == .missed)
        // Nothing done is not a kept day, even with nothing due.
        #expect(StreakRules.status(openDue: 0, done: 0, isOff: false, isPaused: false) == .missed)
        #expect(StreakRules.status(openDue: 2, done: 0, isOff: true, isPaused: false) == .off)
        // The game being off pauses, before anything else.
        #expect(StreakRules.status(openDue: 2, done: 0, isOff: true, isPaused: true) == .paused)
        #expect(StreakRules.status(openDue: 0, done: 4, isOff: false, isPaused: true) == .paused)
    }

    @Test func GAME4_streakAfterEachStatus() {
        #expect(StreakRules.streak(after: 4, .kept) == 5)
        #expect(StreakRules.streak(after: 4, .missed) == 0)
        #expect(StreakRules.streak(after: 4, .off) == 4)
        #expect(StreakRules.streak(after: 4, .paused) == 4)
        #expect(StreakRules.streak(after: 4, .restored) == 4)
    }

    @Test func GAME4_streakBonusIsCapped() {
        #expect(StreakRules.bonus(streak: 1, rules: .default) == 2)
        #expect(StreakRules.bonus(streak: 10, rules: .default) == 20)
        #expect(StreakRules.bonus(streak: 45, rules: .default) == 20)
    }

    @Test func GAME4_recountAfterABuyBack() {
        let days = [
            Self.day("2026-11-10", .kept), Self.day("2026-11-11", .kept), Self.day("2026-11-12", .off),
            Self.day("2026-11-13", .restored), Self.day("2026-11-14", .kept), Self.day("2026-11-15", .missed),
            Self.day("2026-11-16", .paused), Self.day("2026-11-17", .kept),
        ]
        let recounted = StreakRules.recount(days, from: 3)
        #expect(recounted.map(\.streak) == [4, 5, 5, 5, 6, 0, 0, 1])
        #expect(recounted.map(\.day) == days.map(\.day))
        #expect(StreakRules.best(recounted) == 6)
        #expect(StreakRules.best([]) == 0)
    }

    @Test func GAME4_restoreOfferWithin48HoursOfTheMissedDaysEnd() throws {
        let calendar = Self.calendar("Europe/Berlin")
        // Newest first: 18 Nov missed after a 6-day streak.
        let days = [
            Self.day("2026-11-18", .missed), Self.day("2026-11-17", .kept, streak: 6),
            Self.day("2026-11-16", .kept, streak: 5),
        ]
        let end = Timestamp(rfc3339: "2026-11-18T23:00:00Z")!  // midnight in Berlin (UTC+1)
        let offer = try #require(
            StreakRules.restoreOffer(
                days: days, now: end.adding(seconds: 3600),
                calendar: calendar, rules: .default))
        #expect(
            offer
                == RestoreOffer(
                    day: Self.date("2026-11-18"), lostStreak: 6, cost: 30 + 5 * 6,
                    deadline: end.adding(seconds: 48 * 3600)))
        let lastMoment = end.adding(seconds: 48 * 3600 - 1)
        #expect(StreakRules.restoreOffer(days: days, now: lastMoment, calendar: calendar, rules: .default) != nil)
        let deadline = end.adding(seconds: 48 * 3600)
        #expect(StreakRules.restoreOffer(days: days, now: deadline, calendar: calendar, rules: .default) == nil)
        // A kept day since does not take the offer away.
        let later = [Self.day("2026-11-19", .kept, streak: 1)] + days
        #expect(
            StreakRules.restoreOffer(days: later, now: lastMoment, calendar: calendar, rules: .default)?.lostStreak
                == 6)
    }

    @Test func GAME4_noRestoreOfferForNothingLost() {
        let calendar = Self.calendar("UTC")
        let now = Timestamp(rfc3339: "2026-11-19T08:00:00Z")!
        let afterNothing = [Self.day("2026-11-18", .missed), Self.day("2026-11-17", .missed)]
        #expect(StreakRules.restoreOffer(days: afterNothing, now: now, calendar: calendar, rules: .default) == nil)
        let allKept = [Self.day("2026-11-18", .kept, streak: 2), Self.day("2026-11-17", .kept, streak: 1)]
        #expect(StreakRules.restoreOffer(days: allKept, now: now, calendar: calendar, rules: .default) == nil)
        let restored = [Self.day("2026-11-18", .restored, streak: 2), Self.day("2026-11-17", .kept, streak: 2)]
        #expect(StreakRules.restoreOffer(days: restored, now: now, calendar: calendar, rules: .default) == nil)
    }

    @Test func GAME4_restoreWindowIsAnAdminConstant() {
        var rules = GameRules.default
        rules.restoreHours = 24
        rules.restoreBase = 10
        rules.restorePerDay = 1
        let days = [Self.day("2026-11-18", .missed), Self.day("2026-11-17", .kept, streak: 3)]
        let end = Timestamp(rfc3339: "2026-11-19T00:00:00Z")!
        let calendar = Self.calendar("UTC")
        #expect(
            StreakRules.restoreOffer(days: days, now: end.adding(seconds: 3600), calendar: calendar, rules: rules)?
                .cost == 13)
        #expect(
            StreakRules.restoreOffer(
                days: days, now: end.adding(seconds: 25 * 3600), calendar: calendar,
                rules: rules) == nil)
    }

    @Test func GAME4_daysToCloseListsEveryDateOnce() {
        #expect(StreakRules.daysToClose(lastClosed: Self.date("2026-11-18"), today: Self.date("2026-11-19")) == [])
        #expect(StreakRules.daysToClose(lastClosed: Self.date("2026-11-18"), today: Self.date("2026-11-18")) == [])
        #expect(
            StreakRules.daysToClose(lastClosed: Self.date("2026-11-17"), today: Self.date("2026-11-20"))
                == [Self.date("2026-11-18"), Self.date("2026-11-19")])
        #expect(
            StreakRules.daysToClose(lastClosed: Self.date("2026-12-30"), today: Self.date("2027-01-02"))
                == [Self.date("2026-12-31"), Self.date("2027-01-01")])
    }

    @Test func GAME4_aMemberChangingTimeZoneClosesNoDateTwiceAndSkipsNone() {
        // Hourly checks over five days while the member flies Tokyo → Los Angeles → Auckland; each check closes
        // what `daysToClose` lists for the member's today in their zone at that moment.
        let zones = ["Asia/Tokyo", "America/Los_Angeles", "Pacific/Auckland", "America/Los_Angeles"]
        var lastClosed = Self.date("2026-11-09")
        var closed: [CivilDate] = []
        var now = Timestamp(rfc3339: "2026-11-10T00:00:00Z")!
        for hour in 0..<(5 * 24) {
            let calendar = Self.calendar(zones[hour / 30])
            let toClose = StreakRules.daysToClose(lastClosed: lastClosed, today: calendar.day(of: now))
            closed += toClose
            lastClosed = toClose.last ?? lastClosed
            now = now.adding(seconds: 3600)
        }
        #expect(Set(closed).count == closed.count)
        let first = Self.date("2026-11-10")
        #expect(closed == (0..<closed.count).map { first.adding(days: $0) })
        #expect(closed.count >= 4)
    }
}
