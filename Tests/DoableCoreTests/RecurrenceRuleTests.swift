import DoableCore
import Foundation
import Testing

/// TASK-10: repeat rules as RFC 5545 RRULE values, and in words.
@Suite("Recurrence: rules")
struct RecurrenceRuleTests {
    @Test(arguments: [
        ("FREQ=DAILY", "FREQ=DAILY"),
        ("RRULE:FREQ=DAILY;COUNT=10", "FREQ=DAILY;COUNT=10"),
        ("freq=weekly;byday=we,mo;interval=2;count=5", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5"),
        ("FREQ=WEEKLY;INTERVAL=1;WKST=MO", "FREQ=WEEKLY"),
        ("FREQ=WEEKLY;WKST=SU;BYDAY=TU,TH", "FREQ=WEEKLY;BYDAY=TU,TH;WKST=SU"),
        ("FREQ=MONTHLY;BYDAY=-1FR,+2TU", "FREQ=MONTHLY;BYDAY=2TU,-1FR"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1,1,15,15", "FREQ=MONTHLY;BYMONTHDAY=1,15,-1"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        ("FREQ=YEARLY;BYMONTH=7,6;UNTIL=20261231", "FREQ=YEARLY;BYMONTH=6,7;UNTIL=20261231"),
        ("UNTIL=20261231t235959z;FREQ=yearly", "FREQ=YEARLY;UNTIL=20261231T235959Z"),
        (
            "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
            "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYMONTHDAY=2,3,4,5,6,7,8;BYDAY=TU"
        ),
    ])
    func TASK10_parsesAndWritesTheCanonicalValue(text: String, canonical: String) throws {
        let rule = try RecurrenceRule(rrule: text)
        #expect(rule.description == canonical)
        #expect(try RecurrenceRule(rrule: rule.description) == rule)
    }

    @Test func TASK10_readsEveryPart() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU,-1FR;BYMONTH=3;WKST=SU;COUNT=6")
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 2)
        #expect(rule.count == 6)
        #expect(rule.until == nil)
        #expect(rule.byDay == [.init(weekday: 1, ordinal: 2), .init(weekday: 4, ordinal: -1)])
        #expect(rule.byMonth == [3])
        #expect(rule.weekStart == 6)
        let until = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20261231T235959Z").until
        #expect(until == .moment(Timestamp(rfc3339: "2026-12-31T23:59:59Z")!))
        #expect(try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20261231").until == .day(CivilDate("2026-12-31")!))
    }

    @Test func TASK10_rulesMadeInCodeEqualParsedOnes() throws {
        let made = try RecurrenceRule(
            frequency: .weekly, interval: 2, count: 5,
            byDay: [.init(weekday: 2), .init(weekday: 0)])
        #expect(made == (try RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5")))
        #expect(throws: DoableError.self) { try RecurrenceRule(frequency: .daily, interval: 0) }
    }

    @Test(arguments: [
        ("", "FREQ is missing"),
        ("INTERVAL=2", "FREQ is missing"),
        ("FREQ=HOURLY", "FREQ=HOURLY is not supported"),
        ("FREQ=MINUTELY", "FREQ=MINUTELY is not supported"),
        ("FREQ=SECONDLY", "FREQ=SECONDLY is not supported"),
        ("FREQ=FORTNIGHTLY", "FREQ=FORTNIGHTLY is not DAILY, WEEKLY, MONTHLY or YEARLY"),
        ("FREQ=DAILY;COLOR=RED", "COLOR is not a part of a repeat rule"),
        ("FREQ=DAILY;COUNT", "\"COUNT\" is not NAME=VALUE"),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ is given twice"),
        ("FREQ=DAILY;COUNT=0", "COUNT must be from 1 to 1000"),
        ("FREQ=DAILY;COUNT=1001", "COUNT must be from 1 to 1000"),
        ("FREQ=DAILY;COUNT=ten", "COUNT=TEN is not a whole number"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL must be from 1 to 1000"),
        ("FREQ=DAILY;INTERVAL=1001", "INTERVAL must be from 1 to 1000"),
        ("FREQ=DAILY;COUNT=3;UNTIL=20261231", "COUNT and UNTIL cannot both be given"),
        ("FREQ=DAILY;UNTIL=2026-12-31", "UNTIL=2026-12-31 must be a date"),
        ("FREQ=DAILY;UNTIL=20261231T235959", "UNTIL=20261231T235959 must be a date"),
        ("FREQ=DAILY;UNTIL=20260231", "UNTIL=20260231 must be a date"),
        ("FREQ=WEEKLY;BYDAY=XX", "\"XX\" is not a weekday"),
        ("FREQ=WEEKLY;BYDAY=2TU", "BYDAY=2TU needs FREQ=MONTHLY or YEARLY"),
        ("FREQ=DAILY;BYDAY=-1FR", "BYDAY=-1FR needs FREQ=MONTHLY or YEARLY"),
        ("FREQ=MONTHLY;BYDAY=0MO", "BYDAY=0MO: the number must be from 1 to 53"),
        ("FREQ=YEARLY;BYDAY=54MO", "BYDAY=54MO: the number must be from 1 to 53"),
        ("FREQ=MONTHLY;BYDAY=6MO", "BYDAY=6MO never happens"),
        ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY does not fit FREQ=WEEKLY"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY=32 is not a day of the month"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY=0 is not a day of the month"),
        ("FREQ=YEARLY;BYMONTH=13", "BYMONTH=13 is not a month"),
        ("FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH"),
        ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", "BYSETPOS=0 must be from 1 to 366"),
        ("FREQ=WEEKLY;WKST=XY", "\"XY\" is not a weekday"),
        ("FREQ=DAILY;BYHOUR=9", "BYHOUR is not supported"),
        ("FREQ=DAILY;BYMINUTE=30", "BYMINUTE is not supported"),
        ("FREQ=DAILY;BYSECOND=0", "BYSECOND is not supported"),
        ("FREQ=YEARLY;BYYEARDAY=100", "BYYEARDAY is not supported"),
        ("FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO is not supported"),
    ])
    func TASK10_badRulesAreRefusedNamingThePart(text: String, problem: String) {
        do {
            _ = try RecurrenceRule(rrule: text)
            Issue.record("\(text) was accepted")
        } catch let DoableError.invalid(field, message) {
            #expect(field == "recurrence")
            #expect(message.contains(problem), "\(message)")
            #expect(message.contains("\"\(text)\""), "the message quotes the rule: \(message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func TASK10_overlongRulesAreRefused() {
        let text = "FREQ=MONTHLY;BYMONTHDAY=" + Array(repeating: "1", count: 300).joined(separator: ",")
        #expect(throws: DoableError.invalid("recurrence", "A repeat rule must be at most 500 characters.")) {
            try RecurrenceRule(rrule: text)
        }
    }

    @Test(
        arguments: [
            ("FREQ=DAILY", nil, "Every day"),
            ("FREQ=DAILY;INTERVAL=3", nil, "Every 3 days"),
            ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", nil, "Every weekday"),
            ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", nil, "Every weekday"),
            ("FREQ=WEEKLY;BYDAY=MO,WE", nil, "Every week on Monday and Wednesday"),
            ("FREQ=WEEKLY;BYDAY=MO,WE,FR", nil, "Every week on Monday, Wednesday and Friday"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=5", nil, "Every 2 weeks on Monday, 5 times"),
            ("FREQ=WEEKLY", "2026-01-14", "Every week on Wednesday"),
            ("FREQ=WEEKLY", nil, "Every week"),
            ("FREQ=MONTHLY;BYMONTHDAY=15", nil, "Every month on the 15th"),
            ("FREQ=MONTHLY", "2026-01-31", "Every month on the 31st"),
            ("FREQ=MONTHLY;BYMONTHDAY=1,-1", nil, "Every month on the 1st and the last day"),
            ("FREQ=MONTHLY;BYDAY=2TU", nil, "Every month on the second Tuesday"),
            ("FREQ=MONTHLY;BYDAY=-1FR", nil, "Every month on the last Friday"),
            ("FREQ=MONTHLY;BYDAY=-2MO;COUNT=1", nil, "Every month on the second-to-last Monday, once"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", nil, "Every month on the last weekday"),
            ("FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3", nil, "Every month on the third Tuesday, Wednesday or Thursday"),
            ("FREQ=MONTHLY;INTERVAL=3", nil, "Every 3 months"),
            ("FREQ=YEARLY", "2026-07-04", "Every year on 4 July"),
            ("FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4", nil, "Every year on 4 July"),
            ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", nil, "Every year on the fourth Thursday of November"),
            ("FREQ=YEARLY;BYMONTH=6,7", nil, "Every year in June and July"),
            ("FREQ=YEARLY;BYMONTH=6,7", "1997-06-10", "Every year on the 10th of June and July"),
            ("FREQ=DAILY;UNTIL=20261231", nil, "Every day, until 31 December 2026"),
            ("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR", nil, "Every month on the 13th if it is a Friday"),
        ] as [(String, String?, String)])
    func TASK10_rulesInWords(text: String, start: String?, words: String) throws {
        let rule = try RecurrenceRule(rrule: text)
        #expect(rule.describedInWords(start: start.map { .day(CivilDate($0)!) }) == words)
    }

    @Test func TASK10_wordsUseTheStartsLocalDay() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY")
        // 08:00 on Monday in Tokyo is still Sunday in UTC.
        let start = TaskDate.moment(Timestamp(rfc3339: "2026-01-18T23:00:00Z")!)
        #expect(rule.describedInWords(start: start, in: TimeZone(identifier: "Asia/Tokyo")!) == "Every week on Monday")
        #expect(rule.describedInWords(start: start) == "Every week on Sunday")
    }
}
