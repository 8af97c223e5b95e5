import DoableCore
import Foundation
import Testing

/// INTEROP-1: VTODO ⇄ TodoRecord, property by property, both ways.
@Suite("ICalendar VTODO mapping")
struct ICalendarMappingTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    func moment(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    func calendar(_ todoLines: String, extra: String = "") -> String {
        ICalendarFixtures.crlf(
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:test\n\(extra)"
                + "BEGIN:VTODO\nUID:u1\nDTSTAMP:20260101T000000Z\n" + todoLines + (todoLines.isEmpty ? "" : "\n") + "END:VTODO\nEND:VCALENDAR\n")
    }

    func decode(_ text: String, zone: TimeZone = .gmt) throws -> TodoRecord {
        try VTodoMapping.decode(ICalendarParser.parse(text), floatingZone: zone)
    }

    func decodeError(_ text: String) -> CalendarObjectError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error as? CalendarObjectError
        }
    }

    @Test func INTEROP1_decodesAppleReminders() throws {
        let record = try decode(ICalendarFixtures.appleReminders)
        #expect(record.uid == "5E1E0B7F-5E3A-4C5B-9D6A-2B9F1C0D7A11")
        #expect(record.summary == "Call the accountant")
        #expect(
            record.description
                == "Ask about the invoice, the receipts and the letter from the tax office\nBring the folder")
        #expect(record.due == .moment(moment("2026-01-15T08:00:00Z")))
        #expect(record.start == .moment(moment("2026-01-15T08:00:00Z")))
        #expect(record.priority == .high)
        #expect(record.status == .pending)
        #expect(record.parentUID == "7C3A2F1E-8D4B-4E6F-A1B2-C3D4E5F60718")
        #expect(record.alarms == [.at(moment("2026-01-15T08:00:00Z"))])
        #expect(record.created == moment("2026-01-10T09:15:23Z"))
        #expect(record.lastModified == moment("2026-01-12T18:43:59Z"))
        #expect(record.stamp == moment("2026-01-12T18:44:00Z"))
        #expect(record.sequence == 0)
    }

    @Test func INTEROP1_decodesThunderbird() throws {
        let record = try decode(ICalendarFixtures.thunderbird)
        #expect(record.status == .inProgress)
        #expect(record.percentComplete == 40)
        #expect(record.priority == .medium)
        #expect(record.categories == ["Work", "Code review"])
        // America/New_York is on EST (-05:00) in February.
        #expect(record.start == .moment(moment("2026-02-04T14:00:00Z")))
        #expect(record.due == .moment(moment("2026-02-05T22:00:00Z")))
        #expect(record.alarms == [.relative(to: .due, offsetMinutes: -15)])
        #expect(record.sequence == 2)
    }

    @Test func INTEROP1_decodesTasksOrg() throws {
        let record = try decode(ICalendarFixtures.tasksOrg)
        #expect(record.uid == "4217895617859345923")
        #expect(record.due == .day(CivilDate("2026-03-02")!))
        #expect(record.priority == .low)
        #expect(record.parentUID == "1183952746130296121")
        #expect(record.categories == ["Shopping", "Errands", "shopping"])
        #expect(record.recurrence == "FREQ=WEEKLY;BYDAY=MO")
        #expect(record.exceptionDates == [.day(CivilDate("2026-03-09")!)])
        #expect(record.alarms == [.relative(to: .due, offsetMinutes: 0)])
    }

    @Test func INTEROP1_decodesTodomanFloatingInTheMembersZone() throws {
        let record = try decode(ICalendarFixtures.todoman, zone: Self.berlin)
        #expect(record.due == .moment(moment("2026-03-06T17:00:00Z")))
        #expect(record.priority == TaskPriority.none)
        #expect(record.percentComplete == 0)
        #expect(record.status == .pending)
    }

    @Test(arguments: [
        ("STATUS:NEEDS-ACTION", TaskStatus.pending), ("STATUS:IN-PROCESS", .inProgress),
        ("STATUS:COMPLETED", .completed), ("STATUS:CANCELLED", .pending), ("status:completed", .completed),
        ("PERCENT-COMPLETE:100", .completed), ("PERCENT-COMPLETE:30", .inProgress), ("PERCENT-COMPLETE:0", .pending),
        ("COMPLETED:20260102T100000Z", .completed), ("STATUS:NEEDS-ACTION\nPERCENT-COMPLETE:100", .pending),
        ("", .pending),
    ])
    func INTEROP1_statusFromStatusCompletedAndPercent(_ lines: String, _ status: TaskStatus) throws {
        #expect(try decode(calendar(lines)).status == status)
    }

    @Test(arguments: [(1, TaskPriority.high), (4, .high), (5, .medium), (6, .low), (9, .low), (0, .none)])
    func INTEROP1_priorityBothWays(_ value: Int, _ priority: TaskPriority) throws {
        #expect(try decode(calendar("PRIORITY:\(value)")).priority == priority)
        #expect(VTodoMapping.priority(fromICal: VTodoMapping.icalPriority(priority) ?? 0) == priority)
    }

    @Test func INTEROP1_datesAsDaysUTCZonesAndVTimezones() throws {
        #expect(try decode(calendar("DUE;VALUE=DATE:20261127")).due == .day(CivilDate("2026-11-27")!))
        #expect(try decode(calendar("DUE:20261127T090000Z")).due == .moment(moment("2026-11-27T09:00:00Z")))
        #expect(
            try decode(calendar("DUE;TZID=Europe/Berlin:20260715T090000")).due
                == .moment(moment("2026-07-15T07:00:00Z")))
        #expect(
            try decode(calendar("DUE;TZID=W. Europe Standard Time:20260715T090000")).due
                == .moment(moment("2026-07-15T07:00:00Z")))
        #expect(
            try decode(calendar("DUE;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261215T090000")).due
                == .moment(moment("2026-12-15T08:00:00Z")))
        // An unknown TZID without a VTIMEZONE is read like a floating time.
        #expect(
            try VTodoMapping.decode(
                ICalendarParser.parse(calendar("DUE;TZID=Nowhere/Town:20260715T090000")),
                floatingZone: Self.berlin
            ).due == .moment(moment("2026-07-15T07:00:00Z")))
    }

    @Test func INTEROP1_customVTimezoneWithDaylightRulesAndFixedOffset() throws {
        let vtimezone = """
            BEGIN:VTIMEZONE
            TZID:Custom Eastern
            BEGIN:STANDARD
            DTSTART:16011104T020000
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:16010311T020000
            RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            END:VTIMEZONE
            BEGIN:VTIMEZONE
            TZID:Fixed Plus Five Thirty
            BEGIN:STANDARD
            DTSTART:16010101T000000
            TZOFFSETFROM:+0530
            TZOFFSETTO:+0530
            END:STANDARD
            END:VTIMEZONE

            """
        func due(_ value: String) throws -> TaskDate? {
            try decode(calendar("DUE;TZID=\(value)", extra: vtimezone)).due
        }
        #expect(try due("Custom Eastern:20260115T090000") == .moment(moment("2026-01-15T14:00:00Z")))
        #expect(try due("Custom Eastern:20260715T090000") == .moment(moment("2026-07-15T13:00:00Z")))
        // 2026: DST from 8 March to 1 November.
        #expect(try due("Custom Eastern:20260307T120000") == .moment(moment("2026-03-07T17:00:00Z")))
        #expect(try due("Custom Eastern:20260309T120000") == .moment(moment("2026-03-09T16:00:00Z")))
        #expect(try due("Custom Eastern:20261102T120000") == .moment(moment("2026-11-02T17:00:00Z")))
        #expect(try due("Fixed Plus Five Thirty:20260715T090000") == .moment(moment("2026-07-15T03:30:00Z")))
    }

    @Test func INTEROP1_southernHemisphereVTimezone() throws {
        let sydney = """
            BEGIN:VTIMEZONE
            TZID:Custom Sydney
            BEGIN:STANDARD
            DTSTART:20080406T030000
            RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
            TZOFFSETFROM:+1100
            TZOFFSETTO:+1000
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:20081005T020000
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU
            TZOFFSETFROM:+1000
            TZOFFSETTO:+1100
            END:DAYLIGHT
            END:VTIMEZONE

            """
        #expect(
            try decode(calendar("DUE;TZID=Custom Sydney:20260115T090000", extra: sydney)).due
                == .moment(moment("2026-01-14T22:00:00Z")))
        #expect(
            try decode(calendar("DUE;TZID=Custom Sydney:20260715T090000", extra: sydney)).due
                == .moment(moment("2026-07-14T23:00:00Z")))
    }

    @Test func INTEROP1_categoriesFromEveryLineUnescapedOnce() throws {
        let record = try decode(calendar("CATEGORIES:a\\,b,c\nCATEGORIES:c, d ,,e\\;f"))
        #expect(record.categories == ["a,b", "c", "d", "e;f"])
    }

    @Test func INTEROP1_parentIsTheFirstParentOrUntypedRelatedTo() throws {
        #expect(
            try decode(calendar("RELATED-TO;RELTYPE=CHILD:c\nRELATED-TO:p\nRELATED-TO;RELTYPE=PARENT:q")).parentUID
                == "p")
        #expect(try decode(calendar("RELATED-TO;RELTYPE=SIBLING:s")).parentUID == nil)
        #expect(try decode(calendar("RELATED-TO;RELTYPE=parent:q")).parentUID == "q")
    }

    @Test func INTEROP1_exdatesFromEveryLineAndList() throws {
        let record = try decode(
            calendar(
                "DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY\nEXDATE:20260102T090000Z,20260103T090000Z\n"
                    + "EXDATE;TZID=Europe/Berlin:20260104T100000"))
        #expect(
            record.exceptionDates
                == ["2026-01-02T09:00:00Z", "2026-01-03T09:00:00Z", "2026-01-04T09:00:00Z"]
                .map { .moment(moment($0)) })
    }

    @Test func INTEROP1_alarmsByTriggerKind() throws {
        func alarms(_ todo: String, _ triggers: [String], action: String = "DISPLAY") throws -> [Reminder.Trigger] {
            let valarms = triggers.map { "BEGIN:VALARM\nACTION:\(action)\n\($0)\nEND:VALARM" }.joined(separator: "\n")
            return try decode(calendar(todo + "\n" + valarms)).alarms
        }
        let both = "DTSTART:20260101T090000Z\nDUE:20260102T090000Z"
        #expect(try alarms(both, ["TRIGGER:-PT15M"]) == [.relative(to: .start, offsetMinutes: -15)])
        #expect(try alarms(both, ["TRIGGER;RELATED=START:-P1D"]) == [.relative(to: .start, offsetMinutes: -1440)])
        #expect(try alarms(both, ["TRIGGER;RELATED=END:-P1W"]) == [.relative(to: .due, offsetMinutes: -10080)])
        #expect(try alarms(both, ["TRIGGER;VALUE=DATE-TIME:20260101T080000Z"]) == [.at(moment("2026-01-01T08:00:00Z"))])
        // No DTSTART: Apple and Thunderbird mean the due date.
        #expect(
            try alarms("DUE:20260102T090000Z", ["TRIGGER:-PT1H", "TRIGGER;RELATED=START:PT5M"])
                == [.relative(to: .due, offsetMinutes: -60), .relative(to: .due, offsetMinutes: 5)])
        #expect(try alarms(both, ["TRIGGER:-PT15M"], action: "PROCEDURE").isEmpty)
        #expect(try alarms(both, ["TRIGGER:soon"]).isEmpty)
        #expect(try alarms(both, ["TRIGGER:-PT15M", "TRIGGER:-PT15M"]).count == 1)
    }

    @Test func INTEROP1_doableExtras() throws {
        let record = try decode(
            calendar(
                "X-DOABLE-ESTIMATED-MINUTES:45\nX-DOABLE-RECURRENCE-BASIS:completion\nX-DOABLE-LIST:Home\\, garden"))
        #expect(record.estimatedMinutes == 45)
        #expect(record.recurrenceBasis == .completion)
        #expect(record.listName == "Home, garden")
    }

    @Test(arguments: [
        ("DUE:abc", "DUE"), ("DTSTART:2026-01-01", "DTSTART"), ("PRIORITY:x", "PRIORITY"), ("PRIORITY:10", "PRIORITY"),
        ("PERCENT-COMPLETE:101", "PERCENT-COMPLETE"), ("COMPLETED:yesterday", "COMPLETED"),
        ("SEQUENCE:-1", "SEQUENCE"), ("EXDATE:20260101T000000Z,later", "EXDATE"),
        ("DTSTART:20260102T000000Z\nDUE:20260101T000000Z", "DUE"),
        ("DTSTART;VALUE=DATE:20260102\nDUE;VALUE=DATE:20260101", "DUE"),
    ])
    func INTEROP1_brokenValuesNameTheProperty(_ lines: String, _ name: String) {
        guard case .invalidProperty(let property, _)? = decodeError(calendar(lines)) else {
            Issue.record("accepted \(lines)")
            return
        }
        #expect(property == name)
    }

    @Test func INTEROP1_oneObjectPerResource() throws {
        let event = ICalendarFixtures.crlf("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:e\nEND:VEVENT\nEND:VCALENDAR\n")
        #expect(decodeError(event) == .unsupportedComponent("VEVENT"))
        let journal = ICalendarFixtures.crlf(
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nEND:VTODO\nBEGIN:VJOURNAL\nUID:a\n"
                + "END:VJOURNAL\nEND:VCALENDAR\n")
        #expect(decodeError(journal) == .unsupportedComponent("VJOURNAL"))
        let none = ICalendarFixtures.crlf("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n")
        guard case .notOneObject? = decodeError(none) else { Issue.record("no VTODO accepted"); return }
        let noUID = ICalendarFixtures.crlf("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n")
        guard case .notOneObject? = decodeError(noUID) else { Issue.record("no UID accepted"); return }
        let two = ICalendarFixtures.crlf(
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nEND:VTODO\nBEGIN:VTODO\nUID:b\nEND:VTODO\n"
                + "END:VCALENDAR\n")
        guard case .notOneObject? = decodeError(two) else { Issue.record("two UIDs accepted"); return }
        let overrides = ICalendarFixtures.crlf(
            """
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:a
            RECURRENCE-ID:20260108T090000Z
            SUMMARY:This week only
            END:VTODO
            BEGIN:VTODO
            UID:a
            SUMMARY:Weekly
            DTSTART:20260101T090000Z
            RRULE:FREQ=WEEKLY
            END:VTODO
            END:VCALENDAR

            """)
        #expect(try decode(overrides).summary == "Weekly")
    }

    @Test func INTEROP5_decodeAllGroupsByUIDAndReportsFailures() throws {
        let file = ICalendarFixtures.crlf(
            """
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:a
            SUMMARY:First
            END:VTODO
            BEGIN:VEVENT
            UID:meeting
            END:VEVENT
            BEGIN:VTODO
            UID:b
            PRIORITY:high
            END:VTODO
            BEGIN:VTODO
            SUMMARY:No UID
            END:VTODO
            BEGIN:VTODO
            UID:a
            RECURRENCE-ID:20260101T000000Z
            SUMMARY:Override
            END:VTODO
            BEGIN:VTODO
            UID:c
            SUMMARY:Third
            END:VTODO
            END:VCALENDAR

            """)
        let results = VTodoMapping.decodeAll(try ICalendarParser.parse(file), floatingZone: .gmt)
        #expect(results.count == 5)
        #expect((try? results[0].get())?.summary == "First")
        #expect(results[1] == .failure(.unsupportedComponent("VEVENT")))
        guard case .failure(.invalidProperty("PRIORITY", let text)) = results[2] else {
            Issue.record("\(results[2])")
            return
        }
        #expect(text.contains("task b"))
        guard case .failure(.notOneObject) = results[3] else { Issue.record("\(results[3])"); return }
        #expect((try? results[4].get())?.summary == "Third")
    }

    @Test func INTEROP5_decodeAllTakesHundredsOfTasksQuickly() throws {
        let todos = (0..<2000).map {
            "BEGIN:VTODO\nUID:t\($0)\nSUMMARY:Task \($0)\nDUE;TZID=Europe/Berlin:20260101T090000\n"
                + "CATEGORIES:a,b\nEND:VTODO\n"
        }.joined()
        let calendar = try ICalendarParser.parse(ICalendarFixtures.crlf("BEGIN:VCALENDAR\n\(todos)END:VCALENDAR\n"))
        var results: [Result<TodoRecord, CalendarObjectError>] = []
        // In the thread's CPU time, which a busy machine does not stretch (ThreadCPUClock).
        let elapsed = ThreadCPUClock.measure { results = VTodoMapping.decodeAll(calendar, floatingZone: .gmt) }
        #expect(results.count == 2000)
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(elapsed < .seconds(5))
    }
}
