import DoableCLI
import DoableCore
import Foundation
import Testing

/// Dates typed on the command line, read in Berlin on Monday 23 November 2026 at 11:00 local time.
@Suite struct DateInputTests {
    let input = DateInput(
        timeZone: TimeZone(identifier: "Europe/Berlin")!, weekStart: .monday,
        now: Timestamp(rfc3339: "2026-11-23T10:00:00Z")!)

    func parse(_ text: String) throws -> TaskDate { try input.parse(text, flag: "--due") }
    func day(_ text: String) -> TaskDate { .day(CivilDate(text)!) }
    func moment(_ text: String) -> TaskDate { .moment(Timestamp(rfc3339: text)!) }

    @Test func isoDaysAndLocalTimes() throws {
        #expect(try parse("2026-11-30") == day("2026-11-30"))
        #expect(try parse("2026-11-30T14:00") == moment("2026-11-30T13:00:00Z"))
        #expect(try parse("2026-11-30 14:00") == moment("2026-11-30T13:00:00Z"))
        #expect(try parse("2026-11-30T14:00:00Z") == moment("2026-11-30T14:00:00Z"))
    }

    @Test func wordsAsQuickAddReadsThem() throws {
        #expect(try parse("today") == day("2026-11-23"))
        #expect(try parse("Tomorrow") == day("2026-11-24"))
        #expect(try parse("fri") == day("2026-11-27"))
        #expect(try parse("next friday") == day("2026-12-04"))
        #expect(try parse("in 3 days") == day("2026-11-26"))
        #expect(try parse("30 nov") == day("2026-11-30"))
        #expect(try parse("tomorrow 9am") == moment("2026-11-24T08:00:00Z"))
        #expect(try parse("17:00") == moment("2026-11-23T16:00:00Z"))
    }

    /// "sat", "sun" and "wed" name a day in quick add only after "on"; alone on a date flag they always do.
    @Test func shortWeekdaysThatAreWords() throws {
        #expect(try parse("sat") == day("2026-11-28"))
        #expect(try parse("wed") == day("2026-11-25"))
    }

    @Test(arguments: ["someday", "buy milk tomorrow", "every monday", "2026-02-30", "2026-11-30T25:00", ""])
    func refusesWhatIsNotOneDate(_ text: String) {
        #expect(throws: DateInputError.self) { try parse(text) }
    }

    @Test func theErrorNamesTheFlagAndTheForms() throws {
        let error = try #require(throws: DateInputError.self) { try input.parse("someday", flag: "--start") }
        #expect(error.description.hasPrefix("--start: 'someday' is not a date."))
        #expect(error.description.contains("2026-11-30"))
        #expect(error.description.contains("tomorrow"))
    }
}
