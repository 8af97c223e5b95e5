@testable import DoableCore
import Foundation
import Testing

/// INTEROP-5: Taskwarrior's `task export`, every attribute.
@Suite("Import: Taskwarrior JSON")
struct TaskwarriorJSONTests {
    typealias F = ImportFixtures

    func read(_ text: String) throws -> ImportFile {
        try ImportReader.read(Array(text.utf8), format: .taskwarrior, context: F.utc)
    }

    func row(_ file: ImportFile, _ key: String) throws -> ImportRow {
        try #require(file.rows.first { $0.key == key })
    }

    @Test func INTEROP5_taskwarriorKeepsEveryField() throws {
        let report = try row(try read(F.taskwarrior), F.report)
        #expect(report.title == "Write the report")
        #expect(report.priority == .high)
        #expect(report.labels == ["project:Work.Reports", "writing", "q4"])
        #expect(report.due == TaskDate("2026-11-30T17:00:00Z"))
        #expect(report.start == TaskDate("2026-11-25T08:00:00Z"))
        #expect(report.createdAt == Timestamp(rfc3339: "2026-11-01T09:00:00Z"))
        #expect(report.status == .pending)
        #expect(report.notes.hasPrefix("2026-11-02: Ask Bea for the figures\n2026-11-03: Template in the shared drive"))
        #expect(report.position == .item(1))
    }

    @Test func INTEROP5_taskwarriorStatuses() throws {
        let file = try read(F.taskwarrior)
        let charts = try row(file, F.charts)
        #expect(charts.status == .completed)
        #expect(charts.completedAt == Timestamp(rfc3339: "2026-11-10T12:00:00Z"))
        #expect(file.skipped.contains { $0.title == "Old idea" && $0.field == nil && $0.reason.contains("Deleted") })
        let stretch = try row(file, "a1b2c3d4-0000-4000-8000-000000000007")
        #expect(stretch.status == .pending)
        #expect(stretch.priority == .low)
    }

    @Test func INTEROP5_taskwarriorRecurringTemplateBecomesOneRepeatingTask() throws {
        let file = try read(F.taskwarrior)
        let rent = try row(file, F.rent)
        #expect(rent.recurrence == "FREQ=MONTHLY;UNTIL=20271231")
        #expect(rent.due == TaskDate("2026-12-01"))  // midnight in the member's zone: a whole day
        #expect(rent.labels == ["bills"])
        #expect(file.rows.filter { $0.title == "Pay rent" }.count == 1)
        #expect(file.skipped.contains { $0.position == .item(6) && $0.reason.contains("instance") })
    }

    @Test func INTEROP5_taskwarriorDependsNestsWhereItIsAParent() throws {
        let file = try read(F.taskwarrior)
        // Only the report depends on the charts: they become its subtask.
        #expect(try row(file, F.charts).parentKey == F.report)
        // Two tasks depend on the figures: no parent, and each dependent keeps the dependency as a note.
        #expect(try row(file, F.figures).parentKey == nil)
        #expect(try row(file, F.report).notes.contains("Depends on “Gather figures”"))
        let both = try row(file, F.both)
        #expect(both.notes.contains("Depends on “Gather figures”"))
        #expect(both.notes.contains("a1b2c3d4-0000-4000-8000-000000000099"))
        #expect(file.skipped.filter { $0.position == .item(8) && $0.field == "parentId" }.count == 2)
    }

    @Test func INTEROP5_taskwarriorDependencyCyclesDoNotNest() throws {
        let file = try read(
            """
            [{"uuid":"a","description":"A","status":"pending","depends":["b"]},
             {"uuid":"b","description":"B","status":"pending","depends":["a"]}]
            """)
        #expect(try row(file, "b").parentKey == "a")
        #expect(try row(file, "a").parentKey == nil)
        #expect(file.skipped.contains { $0.title == "B" && $0.reason.contains("cycle") })
    }

    @Test func INTEROP5_taskwarriorOneObjectPerLineAndBadFiles() throws {
        let lines = try read(
            """
            {"uuid":"x1","description":"First","status":"pending"},
            {"uuid":"x2","description":"Second","status":"pending","priority":"Z"}
            """)
        #expect(lines.rows.map(\.title) == ["First", "Second"])
        #expect(lines.skipped.contains { $0.field == "priority" })
        #expect(throws: DoableError.self) { try read("this is not json") }
        #expect(throws: DoableError.self) { try read("[1, 2]") }
        #expect(throws: DoableError.self) { try read("[{\"name\": \"x\"}]") }
        #expect(throws: DoableError.self) { try read("[]") }
    }

    @Test func INTEROP5_taskwarriorRecurPeriods() {
        let cases: [(String, String?)] = [
            ("daily", "FREQ=DAILY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekly", "FREQ=WEEKLY"),
            ("biweekly", "FREQ=WEEKLY;INTERVAL=2"), ("monthly", "FREQ=MONTHLY"),
            ("quarterly", "FREQ=MONTHLY;INTERVAL=3"), ("annual", "FREQ=YEARLY"), ("3d", "FREQ=DAILY;INTERVAL=3"),
            ("2w", "FREQ=WEEKLY;INTERVAL=2"), ("6mo", "FREQ=MONTHLY;INTERVAL=6"), ("2q", "FREQ=MONTHLY;INTERVAL=6"),
            ("1y", "FREQ=YEARLY"), ("P2W", "FREQ=WEEKLY;INTERVAL=2"), ("4h", nil), ("30min", nil), ("soon", nil),
        ]
        for (recur, rule) in cases {
            #expect(TaskwarriorValues.rrule(recur) == rule, "\(recur)")
            if let rule { #expect((try? RecurrenceRule(rrule: rule)) != nil, "\(rule)") }
        }
    }
}
