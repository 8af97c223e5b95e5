import DoableCore
import Testing

/// Times and moments in quick add, typed on Wednesday 14 January 2026 at 10:00 UTC unless a test says otherwise.
@Suite("Quick add: times")
struct QuickAddTimeTests {
    typealias F = QuickAddFixture

    @Test(arguments: ["at 5pm", "at 17:00", "17:00", "5pm", "5 pm", "5PM", "5 p.m.", "at 5 pm"])
    func TASK1_quickAddATimeLaterTodayIsToday(phrase: String) {
        let result = F.parse("Call Bob \(phrase)")
        #expect(result.due == F.moment("2026-01-14T17:00:00Z"))
        #expect(result.title == "Call Bob")
    }

    @Test func TASK1_quickAddMinutesWithAndWithoutMeridiem() {
        #expect(F.parse("Call Bob 5:30 pm").due == F.moment("2026-01-14T17:30:00Z"))
        #expect(F.parse("Call Bob 5:30pm").due == F.moment("2026-01-14T17:30:00Z"))
        #expect(F.parse("Call Bob at 13:45").due == F.moment("2026-01-14T13:45:00Z"))
        #expect(F.parse("Call Bob 12pm").due == F.moment("2026-01-14T12:00:00Z"))
    }

    @Test func TASK1_quickAddATimeThatHasPassedIsTomorrow() {
        #expect(F.parse("Standup at 9am").due == F.moment("2026-01-15T09:00:00Z"))
        #expect(F.parse("Standup 09:30").due == F.moment("2026-01-15T09:30:00Z"))
        #expect(F.parse("Standup 12am").due == F.moment("2026-01-15T00:00:00Z"))
    }

    @Test func TASK1_quickAddNoon() {
        #expect(F.parse("Lunch at noon").due == F.moment("2026-01-14T12:00:00Z"))
        #expect(F.parse("Lunch at noon").title == "Lunch")
        #expect(F.parse("Lunch tomorrow noon").due == F.moment("2026-01-15T12:00:00Z"))
    }

    @Test func TASK1_quickAddANumberAloneIsNeverATime() {
        let result = F.parse("Meet at 9")
        #expect(result.due == nil)
        #expect(result.title == "Meet at 9")
        #expect(F.parse("Platform 25:00").due == nil)
        #expect(F.parse("Gate 17:00pm").due == nil)
        #expect(F.parse("Bake 13pm").due == nil)
    }

    @Test func TASK1_quickAddDateWithTimeIsAMoment() {
        #expect(F.parse("Report tomorrow 17:00").due == F.moment("2026-01-15T17:00:00Z"))
        #expect(F.parse("Report tomorrow at 5pm").due == F.moment("2026-01-15T17:00:00Z"))
        #expect(F.parse("Report fri at 9am").due == F.moment("2026-01-16T09:00:00Z"))
        #expect(F.parse("Report jan 31 9:30").due == F.moment("2026-01-31T09:30:00Z"))
        #expect(F.parse("Report next week 9am").due == F.moment("2026-01-19T09:00:00Z"))
        #expect(F.parse("Report in 3 days at 8am").due == F.moment("2026-01-17T08:00:00Z"))
        #expect(F.parse("Report fri at 9am").tokens.map(\.text) == ["fri at 9am"])
        #expect(F.parse("Report fri at 9am").title == "Report")
    }

    @Test func TASK1_quickAddTimeBeforeTheDate() {
        #expect(F.parse("Report 5pm tomorrow").due == F.moment("2026-01-15T17:00:00Z"))
        #expect(F.parse("Report at 5pm on fri").due == F.moment("2026-01-16T17:00:00Z"))
        #expect(F.parse("Report at 5pm on fri").title == "Report")
        #expect(F.parse("Report 10am sun").due == F.moment("2026-01-18T10:00:00Z"))
    }

    @Test func TASK1_quickAddAnExplicitDayWithAPassedTimeKeepsTheDay() {
        // The save refuses a past deadline with its own message; quick add does not move an explicit day.
        #expect(F.parse("Report today 9am").due == F.moment("2026-01-14T09:00:00Z"))
    }

    @Test func TASK1_quickAddTodaysWeekdayWithAPassedTimeIsNextWeek() {
        #expect(F.parse("Yoga wed 9am").due == F.moment("2026-01-21T09:00:00Z"))
        #expect(F.parse("Yoga wed 11am").due == F.moment("2026-01-14T11:00:00Z"))
    }

    @Test func TASK1_quickAddTonightIsSevenInTheEvening() {
        #expect(F.parse("Call mum tonight").due == F.moment("2026-01-14T19:00:00Z"))
        #expect(F.parse("Call mum tonight").title == "Call mum")
        #expect(F.parse("Call mum tonight at 9pm").due == F.moment("2026-01-14T21:00:00Z"))
        #expect(F.parse("Call mum 9pm tonight").due == F.moment("2026-01-14T21:00:00Z"))
    }

    @Test func TASK1_quickAddTonightAfterSevenIsTheWholeDay() {
        let evening = F.at("2026-01-14T20:30:00Z")
        #expect(F.parse("Call mum tonight", now: evening).due == F.day("2026-01-14"))
    }

    @Test func TASK1_quickAddPunctuationEndsAPhrase() {
        let result = F.parse("Report fri, 9am")
        #expect(result.due == F.day("2026-01-16"))
        #expect(result.title == "Report, 9am")
    }
}

/// The member's time zone decides which day "today" is and turns wall times into UTC moments.
@Suite("Quick add: time zones")
struct QuickAddTimeZoneTests {
    typealias F = QuickAddFixture

    /// 02:00 UTC on 15 January is still the evening of 14 January in Los Angeles (UTC−8).
    static let losAngelesEvening = F.at("2026-01-15T02:00:00Z")
    /// 23:30 UTC on 14 January is already the morning of 15 January in Tokyo (UTC+9).
    static let tokyoMorning = F.at("2026-01-14T23:30:00Z")

    @Test func TASK1_quickAddTodayIsTheMembersLocalDay() {
        #expect(
            F.parse("Water plants today", now: Self.losAngelesEvening, zone: "America/Los_Angeles").due
                == F.day("2026-01-14"))
        #expect(
            F.parse("Water plants today", now: Self.tokyoMorning, zone: "Asia/Tokyo").due
                == F.day("2026-01-15"))
        #expect(F.parse("Water plants today", now: Self.tokyoMorning, zone: "UTC").due == F.day("2026-01-14"))
    }

    @Test func TASK1_quickAddTomorrowAndWeekdaysFollowTheLocalDay() {
        #expect(
            F.parse("Bins tomorrow", now: Self.losAngelesEvening, zone: "America/Los_Angeles").due
                == F.day("2026-01-15"))
        #expect(F.parse("Bins tomorrow", now: Self.tokyoMorning, zone: "Asia/Tokyo").due == F.day("2026-01-16"))
        // Thursday in Tokyo: "thu" is today there, but tomorrow in UTC terms of the same moment.
        #expect(F.parse("Bins thu", now: Self.tokyoMorning, zone: "Asia/Tokyo").due == F.day("2026-01-15"))
        #expect(F.parse("Bins on wed", now: Self.tokyoMorning, zone: "UTC").due == F.day("2026-01-14"))
        #expect(F.parse("Bins on wed", now: Self.tokyoMorning, zone: "Asia/Tokyo").due == F.day("2026-01-21"))
    }

    @Test func TASK1_quickAddLocalWallTimesBecomeUTCMoments() {
        #expect(
            F.parse("Call tomorrow 9am", now: Self.losAngelesEvening, zone: "America/Los_Angeles").due
                == F.moment("2026-01-15T17:00:00Z"))
        #expect(
            F.parse("Call fri 17:00", now: Self.tokyoMorning, zone: "Asia/Tokyo").due
                == F.moment("2026-01-16T08:00:00Z"))
    }

    @Test func TASK1_quickAddATimeAloneComparesWithTheLocalClock() {
        // 18:00 in Los Angeles: 5pm has passed there, so it is 5pm tomorrow (01:00 UTC the day after).
        #expect(
            F.parse("Call at 5pm", now: Self.losAngelesEvening, zone: "America/Los_Angeles").due
                == F.moment("2026-01-16T01:00:00Z"))
        // 08:30 in Tokyo: 9am is still ahead, today there (midnight UTC).
        #expect(
            F.parse("Call at 9am", now: Self.tokyoMorning, zone: "Asia/Tokyo").due
                == F.moment("2026-01-15T00:00:00Z"))
    }

    @Test func TASK1_quickAddDaylightSavingTimeIsHonoured() {
        let zone = "America/New_York"
        #expect(F.parse("Call mar 7 9am", zone: zone).due == F.moment("2026-03-07T14:00:00Z"))
        #expect(F.parse("Call mar 9 9am", zone: zone).due == F.moment("2026-03-09T13:00:00Z"))
        #expect(F.parse("Call jul 1 9am", zone: "Europe/Berlin").due == F.moment("2026-07-01T07:00:00Z"))
    }

    @Test func TASK1_quickAddAWallTimeInTheSpringGapMovesForward() {
        // 02:30 does not exist in New York on 8 March 2026; it reads as 03:30 daylight time.
        #expect(F.parse("Call mar 8 2:30am", zone: "America/New_York").due == F.moment("2026-03-08T07:30:00Z"))
        // 01:30 happens twice on 1 November 2026; the first (daylight time) one is taken.
        #expect(F.parse("Call nov 1 1:30am", zone: "America/New_York").due == F.moment("2026-11-01T05:30:00Z"))
    }
}
