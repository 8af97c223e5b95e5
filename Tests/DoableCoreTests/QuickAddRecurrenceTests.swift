import DoableCore
import Testing

/// TASK-10: repeats in quick add, typed on Wednesday 14 January 2026 at 10:00 UTC (weeks starting Monday).
@Suite("Quick add: repeats")
struct QuickAddRecurrenceTests {
    typealias F = QuickAddFixture

    @Test(arguments: [
        ("Gym every monday", "FREQ=WEEKLY;BYDAY=MO", "2026-01-19"),
        ("Gym every mon", "FREQ=WEEKLY;BYDAY=MO", "2026-01-19"),
        ("Gym Every Monday", "FREQ=WEEKLY;BYDAY=MO", "2026-01-19"),
        ("Gym every monday and thursday", "FREQ=WEEKLY;BYDAY=MO,TH", "2026-01-15"),
        ("Gym every mon, wed and fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "2026-01-14"),
        ("Gym every sat & sun", "FREQ=WEEKLY;BYDAY=SA,SU", "2026-01-17"),
        ("Gym every day", "FREQ=DAILY", "2026-01-14"),
        ("Gym daily", "FREQ=DAILY", "2026-01-14"),
        ("Gym every 3 days", "FREQ=DAILY;INTERVAL=3", "2026-01-14"),
        ("Gym every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-01-14"),
        ("Gym every week", "FREQ=WEEKLY", "2026-01-14"),
        ("Gym weekly", "FREQ=WEEKLY", "2026-01-14"),
        ("Gym every 2 weeks", "FREQ=WEEKLY;INTERVAL=2", "2026-01-14"),
        ("Gym every other week", "FREQ=WEEKLY;INTERVAL=2", "2026-01-14"),
        ("Gym every 2 weeks on monday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-01-19"),
        ("Gym every month", "FREQ=MONTHLY", "2026-01-14"),
        ("Gym monthly", "FREQ=MONTHLY", "2026-01-14"),
        ("Gym every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15", "2026-01-15"),
        ("Gym every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1", "2026-02-01"),
        ("Gym every 3 months", "FREQ=MONTHLY;INTERVAL=3", "2026-01-14"),
        ("Gym every year", "FREQ=YEARLY", "2026-01-14"),
        ("Gym yearly", "FREQ=YEARLY", "2026-01-14"),
    ])
    func TASK10_quickAddRepeatPhrases(text: String, rule: String, due: String) throws {
        let result = F.parse(text)
        #expect(result.title == "Gym")
        #expect(result.recurrence == (try RecurrenceRule(rrule: rule)))
        #expect(result.due == F.day(due))
        #expect(result.tokens.map(\.kind) == [.recurrence])
        #expect(result.tokens.first?.text == String(text.dropFirst(4)))
    }

    @Test func TASK10_quickAddRepeatMidLineLeavesTheRestOfTheTitle() {
        let result = F.parse("Water the plants every monday, then rest")
        #expect(result.title == "Water the plants, then rest")
        #expect(result.recurrence?.description == "FREQ=WEEKLY;BYDAY=MO")
    }

    @Test func TASK10_quickAddTimeTypedWithARepeatGoesIntoDue() throws {
        let standup = F.parse("Standup every weekday at 9:30")
        #expect(standup.title == "Standup")
        #expect(standup.recurrence?.description == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        // 09:30 has passed on this Wednesday: the first is Thursday's.
        #expect(standup.due == F.moment("2026-01-15T09:30:00Z"))
        #expect(standup.tokens.map(\.kind) == [.recurrence, .due])
        #expect(standup.tokens.map(\.text) == ["every weekday", "at 9:30"])
        #expect(F.parse("Standup every weekday at 11:00").due == F.moment("2026-01-14T11:00:00Z"))
        #expect(F.parse("Review every friday 5pm").due == F.moment("2026-01-16T17:00:00Z"))
        #expect(F.parse("Stretch 7am daily").due == F.moment("2026-01-15T07:00:00Z"))
    }

    @Test func TASK10_quickAddADueDayTypedWithARepeatStartsTheSeries() {
        let rent = F.parse("Pay rent monthly on feb 1")
        #expect(rent.title == "Pay rent")
        #expect(rent.recurrence?.description == "FREQ=MONTHLY")
        #expect(rent.due == F.day("2026-02-01"))
        #expect(F.parse("Pay rent tomorrow every month").due == F.day("2026-01-15"))
        // A typed day the rule does not pick moves to the first one it does.
        #expect(F.parse("Gym every monday tomorrow").due == F.day("2026-01-19"))
        #expect(F.parse("Gym every monday tomorrow at 9am").due == F.moment("2026-01-19T09:00:00Z"))
    }

    @Test func TASK10_quickAddFirstOccurrenceIsInTheMembersZone() {
        // Sunday 23:30 UTC is already Monday in Berlin.
        let result = F.parse("Gym every monday", now: F.at("2026-01-18T23:30:00Z"), zone: "Europe/Berlin")
        #expect(result.due == F.day("2026-01-19"))
    }

    @Test func TASK10_quickAddRepeatsWorkWithMarkers() {
        let result = F.parse("Gym every mon and thu #Health !high @fitness")
        #expect(result.title == "Gym")
        #expect(result.recurrence?.description == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(result.listName == "Health")
        #expect(result.priority == .high)
        #expect(result.labelNames == ["fitness"])
    }

    @Test(arguments: [
        "Check every drawer", "Read every", "every", "Call every mon.day", "every 2 hours stretch",
        "\"every monday\" club",
    ])
    func TASK10_quickAddOtherUsesOfEveryStayInTheTitle(text: String) {
        let result = F.parse(text)
        #expect(result.recurrence == nil)
        #expect(!result.tokens.contains { $0.kind == .recurrence })
    }

    @Test func TASK10_quickAddOnlyTheFirstRepeatCounts() {
        let result = F.parse("Gym every monday every friday")
        #expect(result.recurrence?.description == "FREQ=WEEKLY;BYDAY=MO")
        #expect(result.title == "Gym every friday")
    }

    @Test func TASK10_quickAddRemovingTheRepeatChipKeepsItsWords() throws {
        let text = "Gym every monday"
        let chip = try #require(F.parse(text).tokens.first)
        #expect(F.slice(text, chip.range) == "every monday")
        let again = F.parse(text, ignoring: [chip.range])
        #expect(again.recurrence == nil)
        #expect(again.due == nil)
        #expect(again.title == text)
    }

    @Test func TASK10_quickAddARepeatAloneIsNoTitle() {
        let result = F.parse("every monday")
        #expect(result.isTitleMissing)
        #expect(throws: DoableError.self) { try result.validatedTitle() }
    }
}
