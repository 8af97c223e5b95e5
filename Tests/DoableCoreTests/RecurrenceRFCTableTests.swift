import DoableCore
import Foundation
import Testing

/// TASK-10: the examples of RFC 5545 section 3.8.5.3, at 09:00 in America/New_York as the RFC writes them, and
/// the cases people trip over: daylight-saving changes and days that some months or years do not have.
@Suite("Recurrence: RFC 5545 examples")
struct RecurrenceRFCTableTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        let rule: String
        let start: String
        /// Local days; the whole series when the rule has COUNT or UNTIL, else its beginning.
        let days: [String]
        var testDescription: String { name }

        init(_ name: String, _ rule: String, start: String, _ days: [String]...) {
            self.name = name
            self.rule = rule
            self.start = start
            self.days = days.flatMap(\.self)
        }
    }

    /// `on(1997, 9, 2, 4)` is 2 and 4 September 1997.
    static func on(_ year: Int, _ month: Int, _ days: Int...) -> [String] {
        days.map { CivilDate(year: year, month: month, day: $0)!.description }
    }

    static func on(_ year: Int, _ month: Int, _ days: ClosedRange<Int>) -> [String] {
        days.map { CivilDate(year: year, month: month, day: $0)!.description }
    }

    static let examples: [Example] = [
        Example("Daily for 10 occurrences", "FREQ=DAILY;COUNT=10", start: "1997-09-02", on(1997, 9, 2...11)),
        Example(
            "Daily until December 24, 1997 (across the October change)", "FREQ=DAILY;UNTIL=19971224T000000Z",
            start: "1997-09-02", on(1997, 9, 2...30), on(1997, 10, 1...31), on(1997, 11, 1...30),
            on(1997, 12, 1...23)),
        Example(
            "Every other day", "FREQ=DAILY;INTERVAL=2", start: "1997-09-02",
            on(1997, 9, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30), on(1997, 10, 2, 4, 6)),
        Example(
            "Every 10 days, 5 occurrences", "FREQ=DAILY;INTERVAL=10;COUNT=5", start: "1997-09-02",
            on(1997, 9, 2, 12, 22), on(1997, 10, 2, 12)),
        Example(
            "Every day in January, for 3 years (yearly)",
            "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", start: "1998-01-01",
            on(1998, 1, 1...31), on(1999, 1, 1...31), on(2000, 1, 1...31)),
        Example(
            "Every day in January, for 3 years (daily)", "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
            start: "1998-01-01", on(1998, 1, 1...31), on(1999, 1, 1...31), on(2000, 1, 1...31)),
        Example(
            "Weekly for 10 occurrences", "FREQ=WEEKLY;COUNT=10", start: "1997-09-02",
            on(1997, 9, 2, 9, 16, 23, 30), on(1997, 10, 7, 14, 21, 28), on(1997, 11, 4)),
        Example(
            "Weekly until December 24, 1997", "FREQ=WEEKLY;UNTIL=19971224T000000Z", start: "1997-09-02",
            on(1997, 9, 2, 9, 16, 23, 30), on(1997, 10, 7, 14, 21, 28), on(1997, 11, 4, 11, 18, 25),
            on(1997, 12, 2, 9, 16, 23)),
        Example(
            "Every other week", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", start: "1997-09-02",
            on(1997, 9, 2, 16, 30), on(1997, 10, 14, 28), on(1997, 11, 11, 25), on(1997, 12, 9, 23),
            on(1998, 1, 6, 20), on(1998, 2, 3, 17)),
        Example(
            "Weekly on Tuesday and Thursday for five weeks (UNTIL)",
            "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", start: "1997-09-02",
            on(1997, 9, 2, 4, 9, 11, 16, 18, 23, 25, 30), on(1997, 10, 2)),
        Example(
            "Weekly on Tuesday and Thursday for five weeks (COUNT)", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
            start: "1997-09-02", on(1997, 9, 2, 4, 9, 11, 16, 18, 23, 25, 30), on(1997, 10, 2)),
        Example(
            "Every other week on Monday, Wednesday and Friday until December 24, 1997",
            "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", start: "1997-09-01",
            on(1997, 9, 1, 3, 5, 15, 17, 19, 29), on(1997, 10, 1, 3, 13, 15, 17, 27, 29, 31),
            on(1997, 11, 10, 12, 14, 24, 26, 28), on(1997, 12, 8, 10, 12, 22)),
        Example(
            "Every other week on Tuesday and Thursday, for 8 occurrences",
            "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", start: "1997-09-02",
            on(1997, 9, 2, 4, 16, 18, 30), on(1997, 10, 2, 14, 16)),
        Example(
            "Monthly on the first Friday for 10 occurrences", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
            start: "1997-09-05", on(1997, 9, 5), on(1997, 10, 3), on(1997, 11, 7), on(1997, 12, 5),
            on(1998, 1, 2), on(1998, 2, 6), on(1998, 3, 6), on(1998, 4, 3), on(1998, 5, 1), on(1998, 6, 5)),
        Example(
            "Monthly on the first Friday until December 24, 1997",
            "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR", start: "1997-09-05",
            on(1997, 9, 5), on(1997, 10, 3), on(1997, 11, 7), on(1997, 12, 5)),
        Example(
            "Every other month on the first and last Sunday, 10 occurrences",
            "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", start: "1997-09-07",
            on(1997, 9, 7, 28), on(1997, 11, 2, 30), on(1998, 1, 4, 25), on(1998, 3, 1, 29), on(1998, 5, 3, 31)),
        Example(
            "Monthly on the second-to-last Monday for 6 months", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
            start: "1997-09-22", on(1997, 9, 22), on(1997, 10, 20), on(1997, 11, 17), on(1997, 12, 22),
            on(1998, 1, 19), on(1998, 2, 16)),
        Example(
            "Monthly on the third-to-the-last day", "FREQ=MONTHLY;BYMONTHDAY=-3", start: "1997-09-28",
            on(1997, 9, 28), on(1997, 10, 29), on(1997, 11, 28), on(1997, 12, 29), on(1998, 1, 29),
            on(1998, 2, 26)),
        Example(
            "Monthly on the 2nd and 15th for 10 occurrences", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
            start: "1997-09-02", on(1997, 9, 2, 15), on(1997, 10, 2, 15), on(1997, 11, 2, 15),
            on(1997, 12, 2, 15), on(1998, 1, 2, 15)),
        Example(
            "Monthly on the first and last day for 10 occurrences", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
            start: "1997-09-30", on(1997, 9, 30), on(1997, 10, 1, 31), on(1997, 11, 1, 30), on(1997, 12, 1, 31),
            on(1998, 1, 1, 31), on(1998, 2, 1)),
        Example(
            "Every 18 months on the 10th to 15th, 10 occurrences",
            "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15", start: "1997-09-10",
            on(1997, 9, 10...15), on(1999, 3, 10...13)),
        Example(
            "Every Tuesday, every other month", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", start: "1997-09-02",
            on(1997, 9, 2, 9, 16, 23, 30), on(1997, 11, 4, 11, 18, 25), on(1998, 1, 6, 13, 20, 27),
            on(1998, 3, 3, 10, 17, 24, 31)),
        Example(
            "Yearly in June and July for 10 occurrences", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", start: "1997-06-10",
            on(1997, 6, 10), on(1997, 7, 10), on(1998, 6, 10), on(1998, 7, 10), on(1999, 6, 10), on(1999, 7, 10),
            on(2000, 6, 10), on(2000, 7, 10), on(2001, 6, 10), on(2001, 7, 10)),
        Example(
            "Every other year on January, February and March, 10 occurrences",
            "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", start: "1997-03-10",
            on(1997, 3, 10), on(1999, 1, 10), on(1999, 2, 10), on(1999, 3, 10), on(2001, 1, 10), on(2001, 2, 10),
            on(2001, 3, 10), on(2003, 1, 10), on(2003, 2, 10), on(2003, 3, 10)),
        Example(
            "Every 20th Monday of the year", "FREQ=YEARLY;BYDAY=20MO", start: "1997-05-19",
            on(1997, 5, 19), on(1998, 5, 18), on(1999, 5, 17)),
        Example(
            "Every Thursday in March", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", start: "1997-03-13",
            on(1997, 3, 13, 20, 27), on(1998, 3, 5, 12, 19, 26), on(1999, 3, 4, 11, 18, 25)),
        Example(
            "Every Thursday, but only during June, July and August", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
            start: "1997-06-05", on(1997, 6, 5, 12, 19, 26), on(1997, 7, 3, 10, 17, 24, 31),
            on(1997, 8, 7, 14, 21, 28), on(1998, 6, 4, 11, 18, 25), on(1998, 7, 2, 9, 16, 23, 30),
            on(1998, 8, 6, 13, 20, 27), on(1999, 6, 3, 10, 17, 24)),
        // The RFC leaves out the start with EXDATE; here it is the first occurrence.
        Example(
            "Every Friday the 13th", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", start: "1997-09-02",
            on(1997, 9, 2), on(1998, 2, 13), on(1998, 3, 13), on(1998, 11, 13), on(1999, 8, 13),
            on(2000, 10, 13)),
        Example(
            "The first Saturday that follows the first Sunday of the month",
            "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", start: "1997-09-13",
            on(1997, 9, 13), on(1997, 10, 11), on(1997, 11, 8), on(1997, 12, 13), on(1998, 1, 10),
            on(1998, 2, 7), on(1998, 3, 7), on(1998, 4, 11), on(1998, 5, 9), on(1998, 6, 13)),
        Example(
            "Every 4 years, the first Tuesday after a Monday in November",
            "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", start: "1996-11-05",
            on(1996, 11, 5), on(2000, 11, 7), on(2004, 11, 2)),
        Example(
            "The third instance into the month of one of Tuesday, Wednesday or Thursday, for 3 months",
            "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", start: "1997-09-04",
            on(1997, 9, 4), on(1997, 10, 7), on(1997, 11, 6)),
        Example(
            "The second-to-last weekday of the month", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
            start: "1997-09-29", on(1997, 9, 29), on(1997, 10, 30), on(1997, 11, 27), on(1997, 12, 30),
            on(1998, 1, 29), on(1998, 2, 26), on(1998, 3, 30)),
        Example(
            "WKST=MO: every other week on Tuesday and Sunday", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
            start: "1997-08-05", on(1997, 8, 5, 10, 19, 24)),
        Example(
            "WKST=SU: every other week on Tuesday and Sunday", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
            start: "1997-08-05", on(1997, 8, 5, 17, 19, 31)),
        Example(
            "An invalid date (February 30) is ignored", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
            start: "2007-01-15", on(2007, 1, 15, 30), on(2007, 2, 15), on(2007, 3, 15, 30)),
        // Beyond the RFC's list.
        Example(
            "The last weekday of the month", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=6",
            start: "2026-01-30", on(2026, 1, 30), on(2026, 2, 27), on(2026, 3, 31), on(2026, 4, 30),
            on(2026, 5, 29), on(2026, 6, 30)),
        Example(
            "The 31st skips short months", "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=7", start: "2026-01-31",
            on(2026, 1, 31), on(2026, 3, 31), on(2026, 5, 31), on(2026, 7, 31), on(2026, 8, 31),
            on(2026, 10, 31), on(2026, 12, 31)),
        Example(
            "Monthly from the 31st skips short months", "FREQ=MONTHLY;COUNT=7", start: "2026-01-31",
            on(2026, 1, 31), on(2026, 3, 31), on(2026, 5, 31), on(2026, 7, 31), on(2026, 8, 31),
            on(2026, 10, 31), on(2026, 12, 31)),
        Example(
            "Yearly from 29 February comes in leap years only", "FREQ=YEARLY;COUNT=4", start: "2092-02-29",
            on(2092, 2, 29), on(2096, 2, 29), on(2104, 2, 29), on(2108, 2, 29)),
        Example(
            "Monthly on the second Tuesday", "FREQ=MONTHLY;BYDAY=2TU;COUNT=4", start: "2026-01-13",
            on(2026, 1, 13), on(2026, 2, 10), on(2026, 3, 10), on(2026, 4, 14)),
        Example(
            "Monthly on the last Friday", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=4", start: "2026-01-30",
            on(2026, 1, 30), on(2026, 2, 27), on(2026, 3, 27), on(2026, 4, 24)),
        Example(
            "Yearly on the fourth Thursday of November", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=3",
            start: "2026-11-26", on(2026, 11, 26), on(2027, 11, 25), on(2028, 11, 23)),
        Example(
            "Yearly on the last Monday of the year, without BYMONTH", "FREQ=YEARLY;BYDAY=-1MO;COUNT=3",
            start: "2026-12-28", on(2026, 12, 28), on(2027, 12, 27), on(2028, 12, 25)),
    ]

    static let newYork = ZonedCalendar(zone: TimeZone(identifier: "America/New_York")!, weekStart: .monday)

    @Test(arguments: examples)
    func TASK10_rfcExample(_ example: Example) throws {
        let rule = try RecurrenceRule(rrule: example.rule)
        let calendar = Self.newYork
        let start = TaskDate.moment(calendar.moment(on: CivilDate(example.start)!, hour: 9, minute: 0))
        let isFinite = rule.count != nil || rule.until != nil
        let series = Array(rule.occurrences(from: start, in: calendar).prefix(example.days.count + (isFinite ? 1 : 0)))
        #expect(series.map { Self.local($0, calendar) } == example.days.map { "\($0) 09:00" })
        // The series and next(after:) agree.
        for (previous, next) in zip(series, series.dropFirst()) {
            #expect(rule.next(after: previous, from: start, in: calendar) == next)
        }
        if isFinite, let last = series.last {
            #expect(rule.next(after: last, from: start, in: calendar) == nil)
        }
    }

    /// `1997-09-02 09:00` in the calendar's zone.
    static func local(_ date: TaskDate, _ calendar: ZonedCalendar) -> String {
        guard case .moment(let moment) = date else { return "whole day \(date)" }
        let (hour, minute) = calendar.wallTime(of: moment)
        return "\(calendar.day(of: moment)) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    static func utc(_ series: some Sequence<TaskDate>, _ count: Int) -> [String] {
        series.prefix(count).map(\.description)
    }

    static func moment(_ text: String) -> TaskDate { .moment(Timestamp(rfc3339: text)!) }

    @Test func TASK10_nineOClockStaysNineOClockAcrossNewYorksChanges() throws {
        let daily = try RecurrenceRule(rrule: "FREQ=DAILY")
        let march = Self.utc(daily.occurrences(from: Self.moment("2026-03-07T14:00:00Z"), in: Self.newYork), 3)
        #expect(march == ["2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z", "2026-03-09T13:00:00.000Z"])
        let november = Self.utc(daily.occurrences(from: Self.moment("2026-10-31T13:00:00Z"), in: Self.newYork), 3)
        #expect(november == ["2026-10-31T13:00:00.000Z", "2026-11-01T14:00:00.000Z", "2026-11-02T14:00:00.000Z"])
    }

    @Test func TASK10_nineOClockStaysNineOClockAcrossBerlinsChanges() throws {
        let berlin = ZonedCalendar(zone: TimeZone(identifier: "Europe/Berlin")!, weekStart: .monday)
        let weekly = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=SA,SU")
        let march = Self.utc(weekly.occurrences(from: Self.moment("2026-03-28T08:00:00Z"), in: berlin), 3)
        #expect(march == ["2026-03-28T08:00:00.000Z", "2026-03-29T07:00:00.000Z", "2026-04-04T07:00:00.000Z"])
        let october = Self.utc(weekly.occurrences(from: Self.moment("2026-10-24T07:00:00Z"), in: berlin), 3)
        #expect(october == ["2026-10-24T07:00:00.000Z", "2026-10-25T08:00:00.000Z", "2026-10-31T08:00:00.000Z"])
    }

    @Test func TASK10_aWallTimeInTheSpringGapMovesForwardThatDayOnly() throws {
        let daily = try RecurrenceRule(rrule: "FREQ=DAILY")
        // 02:30 does not exist in New York on 8 March 2026: that day's occurrence is at 03:30 EDT.
        let series = Self.utc(daily.occurrences(from: Self.moment("2026-03-07T07:30:00Z"), in: Self.newYork), 3)
        #expect(series == ["2026-03-07T07:30:00.000Z", "2026-03-08T07:30:00.000Z", "2026-03-09T06:30:00.000Z"])
    }

    @Test func TASK10_secondsOfTheStartAreKept() throws {
        let daily = try RecurrenceRule(rrule: "FREQ=DAILY")
        let series = Self.utc(daily.occurrences(from: Self.moment("2026-01-14T09:15:42.5Z"), in: Self.newYork), 2)
        #expect(series == ["2026-01-14T09:15:42.500Z", "2026-01-15T09:15:42.500Z"])
    }

    @Test func TASK10_wholeDayStartsGiveWholeDays() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260401")
        let series = Array(rule.occurrences(from: .day(CivilDate("2026-01-30")!), in: Self.newYork))
        #expect(series == ["2026-01-30", "2026-02-27", "2026-03-27"].map { .day(CivilDate($0)!) })
    }

    @Test(arguments: [
        "FREQ=MONTHLY;BYMONTHDAY=30;BYMONTH=2", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31", "FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31",
        "FREQ=DAILY;INTERVAL=7;BYDAY=MO",
    ])
    func TASK10_aRuleThatNeverMatchesEndsAfterItsStart(_ text: String) throws {
        let rule = try RecurrenceRule(rrule: text)
        let start = TaskDate.day(CivilDate("2026-02-03")!)  // a Tuesday
        #expect(Array(rule.occurrences(from: start, in: Self.newYork)) == [start])
        #expect(rule.next(after: start, from: start, in: Self.newYork) == nil)
    }

    @Test func TASK10_nextAfterAMomentOrADay() throws {
        let calendar = Self.newYork
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH")
        let start = Self.moment("2026-01-05T14:00:00Z")  // Monday 09:00 EST
        // Done at 10:00 local on Thursday: the next is Monday.
        #expect(
            rule.next(after: Self.moment("2026-01-08T15:00:00Z"), from: start, in: calendar)
                == Self.moment("2026-01-12T14:00:00Z"))
        // Asked early on Thursday: Thursday's is still to come.
        #expect(
            rule.next(after: Self.moment("2026-01-08T12:00:00Z"), from: start, in: calendar)
                == Self.moment("2026-01-08T14:00:00Z"))
        // A whole day counts as its whole local day.
        #expect(
            rule.next(after: .day(CivilDate("2026-01-08")!), from: start, in: calendar)
                == Self.moment("2026-01-12T14:00:00Z"))
        // Before the series the start comes next; years later the walk does not begin at the start.
        #expect(rule.next(after: .day(CivilDate("2025-12-31")!), from: start, in: calendar) == start)
        #expect(
            rule.next(after: .day(CivilDate("2526-01-01")!), from: start, in: calendar)
                == Self.moment("2526-01-03T14:00:00Z"))  // a Thursday
        let counted = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=3")
        #expect(
            counted.next(after: Self.moment("2026-01-08T15:00:00Z"), from: start, in: calendar)
                == Self.moment("2026-01-12T14:00:00Z"))
        #expect(counted.next(after: Self.moment("2026-01-12T14:00:00Z"), from: start, in: calendar) == nil)
    }
}
