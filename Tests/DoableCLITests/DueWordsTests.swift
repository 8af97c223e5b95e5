import DoableCLI
import DoableCore
import Foundation
import Testing

/// Due dates in words, in the member's zone, relative to a fixed moment: Monday 23 November 2026, 10:00 UTC
/// (11:00 in Berlin).
@Suite struct DueWordsTests {
    static let now = Timestamp(rfc3339: "2026-11-23T10:00:00Z")!
    let berlin = DueWords(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: now)

    func day(_ text: String) -> TaskDate { .day(CivilDate(text)!) }
    func moment(_ text: String) -> TaskDate { .moment(Timestamp(rfc3339: text)!) }

    @Test func wholeDaysNearTodayAreWords() {
        #expect(berlin.due(day("2026-11-23")) == ("today", .today))
        #expect(berlin.due(day("2026-11-24")) == ("tomorrow", .soon))
        #expect(berlin.due(day("2026-11-26")) == ("in 3 days", .soon))
        #expect(berlin.due(day("2026-11-30")) == ("Mon 30 Nov", .later))
    }

    @Test func anotherYearShowsTheYear() {
        #expect(berlin.due(day("2027-01-05")).text == "Tue 5 Jan 2027")
    }

    @Test func overdueOpenTasksSayByHowMuch() {
        #expect(berlin.due(day("2026-11-22")) == ("yesterday", .overdue))
        #expect(berlin.due(day("2026-11-21")) == ("2 days overdue", .overdue))
    }

    @Test func completedTasksAreNeverOverdue() {
        #expect(berlin.due(day("2026-11-21"), isCompleted: true) == ("Sat 21 Nov", .done))
    }

    @Test func momentsShowTheLocalTime() {
        #expect(berlin.due(moment("2026-11-23T13:00:00Z")) == ("today 14:00", .today))
        #expect(berlin.due(moment("2026-11-24T08:30:00Z")).text == "tomorrow 09:30")
    }

    @Test func aMomentEarlierTodayIsOverdue() {
        #expect(berlin.due(moment("2026-11-23T09:00:00Z")) == ("today 10:00", .overdue))
    }

    @Test func theMembersZoneDecidesWhatTodayIs() {
        let lateEvening = Timestamp(rfc3339: "2026-11-23T23:30:00Z")!
        let inBerlin = DueWords(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: lateEvening)
        let inUTC = DueWords(timeZone: .gmt, now: lateEvening)
        #expect(inBerlin.words(day("2026-11-24")) == "today")
        #expect(inUTC.words(day("2026-11-24")) == "tomorrow")
    }

    @Test func anUnknownZoneCountsAsUTC() {
        let words = DueWords(timeZoneName: "Mars/Olympus", now: Self.now)
        #expect(words.calendar.zone.secondsFromGMT() == 0)
        #expect(words.words(moment("2026-11-23T13:00:00Z")) == "today 13:00")
    }

    @Test func agoCountsMinutesAndHours() {
        #expect(berlin.ago(Self.now.adding(seconds: -30)) == "just now")
        #expect(berlin.ago(Self.now.adding(seconds: -60)) == "1 minute ago")
        #expect(berlin.ago(Self.now.adding(seconds: -300)) == "5 minutes ago")
        #expect(berlin.ago(Self.now.adding(seconds: -3 * 3600)) == "3 hours ago")
        #expect(berlin.ago(Self.now.adding(seconds: -20 * 3600)) == "yesterday 15:00")
    }
}
