import DoableCore
import Foundation
import Testing

/// INTEROP-1: real clients' VTODOs survive Doable byte for byte — unchanged, and with only what changed rewritten.
@Suite("ICalendar round trip")
struct ICalendarRoundTripTests {
    static let fixtures = [
        ("Apple Reminders", ICalendarFixtures.appleReminders), ("Thunderbird", ICalendarFixtures.thunderbird),
        ("tasks.org", ICalendarFixtures.tasksOrg), ("todoman", ICalendarFixtures.todoman),
    ]
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    func lines(_ text: String) -> [String] { text.components(separatedBy: "\r\n") }

    /// Decode, change the record, encode over the stored object.
    func edited(_ text: String, _ change: (inout TodoRecord) -> Void) throws -> String {
        let stored = try ICalendarParser.parse(text)
        var record = try VTodoMapping.decode(stored, floatingZone: Self.zone)
        change(&record)
        return VTodoMapping.encode(record, preserving: stored, floatingZone: Self.zone).serialized()
    }

    @Test(arguments: fixtures)
    func INTEROP1_parseThenSerializeIsByteIdentical(_ client: String, _ text: String) throws {
        #expect(try ICalendarParser.parse(text).serialized() == text, "\(client)")
    }

    @Test(arguments: fixtures)
    func INTEROP1_unchangedRecordEncodesByteIdentical(_ client: String, _ text: String) throws {
        #expect(try edited(text) { _ in } == text, "\(client)")
    }

    @Test(arguments: fixtures)
    func INTEROP1_changingTheSummaryChangesOnlyThatLine(_ client: String, _ text: String) throws {
        let before = lines(text)
        let after = lines(try edited(text) { $0.summary = "Renamed, in Doable" })
        #expect(after.count == before.count, "\(client)")
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1, "\(client)")
        #expect(changed.first?.0.hasPrefix("SUMMARY:") == true)
        #expect(changed.first?.1 == "SUMMARY:Renamed\\, in Doable")
        for line in before where line.hasPrefix("X-") { #expect(after.contains(line), "\(client): \(line)") }
    }

    @Test func INTEROP1_severalRelatedToLinesSurviveAndOnlyTheParentIsRewritten() throws {
        let text = try edited(ICalendarFixtures.tasksOrg) { $0.parentUID = "999" }
        let related = lines(text).filter { $0.hasPrefix("RELATED-TO") }
        #expect(related == ["RELATED-TO;RELTYPE=PARENT:999", "RELATED-TO;RELTYPE=SIBLING:8532199034478210457"])
        let unparented = try edited(ICalendarFixtures.tasksOrg) { $0.parentUID = nil }
        #expect(
            lines(unparented).filter { $0.hasPrefix("RELATED-TO") }
                == ["RELATED-TO;RELTYPE=SIBLING:8532199034478210457"])
        // The alarm's own RELATED-TO (Apple) is not the task's parent.
        let apple = try edited(ICalendarFixtures.appleReminders) { $0.parentUID = nil }
        #expect(lines(apple).contains("RELATED-TO:F1E2D3C4-B5A6-4978-8695-A4B3C2D1E0F9"))
        #expect(!apple.contains("7C3A2F1E"))
    }

    @Test func INTEROP1_completingInDoableRewritesStatusAndPercentInPlace() throws {
        let completedAt = Timestamp(rfc3339: "2026-02-04T10:00:00Z")!
        let text = try edited(ICalendarFixtures.thunderbird) {
            $0.status = .completed
            $0.completedAt = completedAt
        }
        let after = lines(text)
        let before = lines(ICalendarFixtures.thunderbird)
        #expect(after[before.firstIndex(of: "STATUS:IN-PROCESS")!] == "STATUS:COMPLETED")
        #expect(after[before.firstIndex(of: "PERCENT-COMPLETE:40")!] == "PERCENT-COMPLETE:100")
        // New lines come after the last property, before the alarm.
        let alarm = after.firstIndex(of: "BEGIN:VALARM")!
        #expect(after[alarm - 1] == "COMPLETED:20260204T100000Z")
        let record = try VTodoMapping.decode(ICalendarParser.parse(text), floatingZone: Self.zone)
        #expect(record.status == .completed && record.completedAt == completedAt && record.percentComplete == 100)
    }

    @Test func INTEROP1_percentFollowsStatusChanges() throws {
        func percent(_ text: String, _ status: TaskStatus) throws -> [String] {
            lines(
                try edited(text) {
                    $0.status = status
                    $0.percentComplete = nil
                }
            ).filter { $0.hasPrefix("PERCENT-COMPLETE") }
        }
        #expect(try percent(ICalendarFixtures.thunderbird, .pending) == [])
        #expect(try percent(ICalendarFixtures.thunderbird, .inProgress) == ["PERCENT-COMPLETE:40"])
        #expect(try percent(ICalendarFixtures.todoman, .pending) == ["PERCENT-COMPLETE:0"])
        #expect(try percent(ICalendarFixtures.todoman, .inProgress) == ["PERCENT-COMPLETE:50"])
        #expect(try percent(ICalendarFixtures.todoman, .completed) == ["PERCENT-COMPLETE:100"])
    }

    @Test func INTEROP1_sameValueWrittenDifferentlyKeepsTheClientsLine() throws {
        // PRIORITY 3 is still high, the categories are the same set, the due date is the same instant.
        let text = ICalendarFixtures.crlf(
            """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:x
            BEGIN:VTODO
            UID:u
            DTSTAMP:20260101T000000Z
            PRIORITY:3
            CATEGORIES:b,a
            DUE;TZID=Europe/Berlin:20260715T090000
            RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=MO
            END:VTODO
            END:VCALENDAR

            """)
        let result = try edited(text) {
            $0.priority = .high
            $0.categories = ["a", "b"]
            $0.due = .moment(Timestamp(rfc3339: "2026-07-15T07:00:00Z")!)
            $0.recurrence = "FREQ=WEEKLY;BYDAY=MO"
        }
        #expect(result == text)
        let moved = try edited(text) { $0.due = .day(CivilDate("2026-07-16")!) }
        #expect(lines(moved).contains("DUE;VALUE=DATE:20260716"))
        #expect(
            lines(moved).firstIndex(of: "DUE;VALUE=DATE:20260716")
                == lines(text).firstIndex {
                    $0.hasPrefix("DUE;")
                })
    }

    @Test func INTEROP1_aMovedDateKeepsTheClientsTimeZone() throws {
        let apple = try edited(ICalendarFixtures.appleReminders) {
            $0.due = .moment(Timestamp(rfc3339: "2026-07-16T07:30:00Z")!)
        }
        #expect(lines(apple).contains("DUE;TZID=Europe/Berlin:20260716T093000"))
        // A zone only the object's VTIMEZONE defines, and DUE taking DTSTART's zone when it had none.
        let custom = ICalendarFixtures.thunderbird.replacingOccurrences(of: "America/New_York", with: "Custom Eastern")
            .replacingOccurrences(of: "DUE;TZID=Custom Eastern:20260205T170000\r\n", with: "")
        let moved = try edited(custom) {
            $0.start = .moment(Timestamp(rfc3339: "2026-07-01T13:00:00Z")!)
            $0.due = .moment(Timestamp(rfc3339: "2026-07-02T21:00:00Z")!)
        }
        #expect(lines(moved).contains("DTSTART;TZID=Custom Eastern:20260701T090000"))
        #expect(lines(moved).contains("DUE;TZID=Custom Eastern:20260702T170000"))
        // Whole days have no zone.
        let day = try edited(ICalendarFixtures.appleReminders) { $0.due = .day(CivilDate("2026-01-20")!) }
        #expect(lines(day).contains("DUE;VALUE=DATE:20260120"))
    }

    @Test func INTEROP1_alarmsKeptDroppedAndAdded() throws {
        // Thunderbird's due-15-minutes alarm stays with its text; a new reminder is a new display alarm.
        let added = try edited(ICalendarFixtures.thunderbird) {
            $0.alarms.append(.at(Timestamp(rfc3339: "2026-02-05T12:00:00Z")!))
        }
        #expect(added.contains("DESCRIPTION:Default Mozilla Description"))
        #expect(
            added.contains(
                "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Review the pull request\r\n"
                    + "TRIGGER;VALUE=DATE-TIME:20260205T120000Z\r\nEND:VALARM"))
        let removed = try edited(ICalendarFixtures.thunderbird) { $0.alarms = [] }
        #expect(!removed.contains("VALARM"))
        // An alarm Doable cannot map (ACTION:PROCEDURE-like X- action) is kept even when reminders change.
        let custom = ICalendarFixtures.thunderbird.replacingOccurrences(
            of: "END:VTODO", with: "BEGIN:VALARM\r\nACTION:X-SPEAK\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VTODO")
        let kept = try edited(custom) { $0.alarms = [] }
        #expect(kept.contains("ACTION:X-SPEAK"))
    }

    @Test func INTEROP1_preservedCalendarWithoutProductIdGetsOurs() throws {
        let text = ICalendarFixtures.crlf("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n")
        let result = try edited(text) { _ in }
        #expect(lines(result).prefix(3) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable//Doable//EN"])
    }

    @Test func INTEROP1_recordsMadeInDoableRoundTrip() throws {
        var record = TodoRecord(uid: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
        record.summary = "Plan; the, trip\\"
        record.description = "Line one\nLine two"
        record.due = .moment(Timestamp(rfc3339: "2026-05-01T16:30:00Z")!)
        record.start = .day(CivilDate("2026-04-28")!)
        record.priority = .medium
        record.status = .pending
        record.categories = ["Travel", "Family, close"]
        record.parentUID = "0190a1b2-0000-7000-8000-000000000000"
        record.recurrence = "FREQ=MONTHLY;BYDAY=1FR"
        record.exceptionDates = [.moment(Timestamp(rfc3339: "2026-06-05T16:30:00Z")!)]
        record.alarms = [
            .relative(to: .due, offsetMinutes: -30), .relative(to: .start, offsetMinutes: 540),
            .at(Timestamp(rfc3339: "2026-04-30T08:00:00Z")!),
        ]
        record.created = Timestamp(rfc3339: "2026-04-01T10:00:00Z")
        record.lastModified = Timestamp(rfc3339: "2026-04-02T10:00:00Z")
        record.stamp = record.lastModified
        record.sequence = 4
        record.estimatedMinutes = 90
        record.recurrenceBasis = .completion
        record.listName = "Home"
        for status in TaskStatus.allCases {
            record.status = status
            record.completedAt = status == .completed ? Timestamp(rfc3339: "2026-04-03T10:00:00Z") : nil
            let text = VTodoMapping.encode(record, preserving: nil).serialized()
            var decoded = try VTodoMapping.decode(ICalendarParser.parse(text), floatingZone: Self.zone)
            // The writer adds PERCENT-COMPLETE for clients that read progress from it.
            let written: Int? =
                switch status {
                case .pending: nil
                case .inProgress: 50
                case .completed: 100
                }
            #expect(decoded.percentComplete == written)
            decoded.percentComplete = nil
            #expect(decoded == record)
            // And written again over itself, nothing changes.
            #expect(try edited(text) { _ in } == text)
        }
    }
}
