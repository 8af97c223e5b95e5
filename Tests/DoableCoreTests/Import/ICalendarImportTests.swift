import DoableCore
import Foundation
import Testing

/// INTEROP-5: an iCalendar file of VTODOs.
@Suite("Import: iCalendar")
struct ICalendarImportTests {
    func read(_ text: String) throws -> ImportFile {
        try ImportReader.read(Array(text.utf8), format: .iCalendar, context: ImportFixtures.utc)
    }

    @Test func INTEROP5_iCalendarKeepsEveryMappedField() throws {
        let file = try read(ImportFixtures.iCalendar)
        let fence = try #require(file.rows.first { $0.key == "parent-1@example.com" })
        #expect(fence.title == "Paint the fence")
        #expect(fence.notes == "White, two coats")
        #expect(fence.due == TaskDate("2026-12-05"))
        #expect(fence.priority == .high)
        #expect(fence.labels == ["Home", "Outdoor"])
        #expect(fence.recurrence == "FREQ=WEEKLY;BYDAY=SA")
        #expect(fence.alarms == [.relative(to: .due, offsetMinutes: -900)])
        #expect(fence.createdAt == Timestamp(rfc3339: "2026-11-01T09:00:00Z"))
        let paint = try #require(file.rows.first { $0.key == "child-1@example.com" })
        #expect(paint.parentKey == "parent-1@example.com")
        #expect(paint.status == .completed)
        #expect(paint.completedAt == Timestamp(rfc3339: "2026-11-10T16:00:00Z"))
    }

    @Test func INTEROP5_iCalendarDropsRulesDoableCannotKeepAndSkipsEvents() throws {
        let file = try read(ImportFixtures.iCalendar)
        let gutters = try #require(file.rows.first { $0.title == "Check the gutters" })
        #expect(gutters.recurrence == nil)
        #expect(file.skipped.contains { $0.title == "Check the gutters" && $0.field == "recurrence" })
        #expect(file.skipped.contains { $0.field == nil && $0.reason.contains("VEVENT") })
        #expect(file.rows.count == 3)
    }

    @Test func INTEROP5_notICalendarIsRefused() throws {
        #expect(throws: DoableError.self) { try read("hello") }
        #expect(throws: DoableError.self) { try read("BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n") }
    }
}
