import DoableCore
import Foundation
import Testing

/// INTEROP-5: the CSV export and what decides the import's format.
@Suite("Export: tasks as CSV")
struct TasksCSVTests {
    @Test func INTEROP5_csvCellsAreQuotedAndGuardedAgainstFormulas() {
        #expect(CSVWriter.cell("plain") == "plain")
        #expect(CSVWriter.cell("a,b") == "\"a,b\"")
        #expect(CSVWriter.cell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.cell("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.cell("=HYPERLINK(\"http://evil\")") == "\"'=HYPERLINK(\"\"http://evil\"\")\"")
        #expect(CSVWriter.cell("+1") == "'+1")
        #expect(CSVWriter.cell("-2") == "'-2")
        #expect(CSVWriter.cell("@SUM(A1)") == "'@SUM(A1)")
    }

    @Test func INTEROP5_csvDocumentHasAHeaderAndOneRowPerTask() throws {
        let now = Timestamp(rfc3339: "2026-11-20T12:00:00Z")!
        let list = ListID.make()
        let label = LabelID.make()
        let parent = TaskItem(
            id: .make(), ownerID: .make(), listID: list, title: "Trip, summer", notes: "Pack\nlight",
            priority: .high, due: TaskDate("2026-12-01"), labelIDs: [label], rank: "a0",
            createdAt: now, updatedAt: now, recurrence: "FREQ=WEEKLY")
        var child = TaskItem(
            id: .make(), ownerID: parent.ownerID, listID: list, parentID: parent.id,
            title: "=cmd", status: .completed, estimatedMinutes: 30, rank: "a0", createdAt: now,
            updatedAt: now)
        child.completedAt = now
        let text = TasksCSV.document(tasks: [parent, child], listNames: [list: "Holidays"], labelNames: [label: "fun"])
        let records = try CSVReader.records(text)
        #expect(records.first?.fields == TasksCSV.header)
        #expect(records.count == 3)
        #expect(
            records[1].fields == [
                parent.id.description, "Holidays", "", "Trip, summer", "Pack\nlight", "pending",
                "high", "2026-12-01", "", "fun", "", "FREQ=WEEKLY", "",
                "2026-11-20T12:00:00.000Z",
            ])
        #expect(records[2].fields[2] == parent.id.description)
        #expect(records[2].fields[3] == "'=cmd")
        #expect(records[2].fields[10] == "30")
        #expect(text.hasSuffix("\r\n"))
    }

    @Test func INTEROP5_formatsByMediaTypeExtensionAndContent() {
        #expect(ImportFormat(mediaType: "TEXT/CSV") == .todoist)
        #expect(ImportFormat(mediaType: "application/json") == .taskwarrior)
        #expect(ImportFormat(mediaType: "text/calendar") == .iCalendar)
        #expect(ImportFormat(mediaType: "text/plain") == nil)
        #expect(ImportFormat(fileName: "Garden.csv") == .todoist)
        #expect(ImportFormat(fileName: "export.json") == .taskwarrior)
        #expect(ImportFormat(fileName: "tasks.ICS") == .iCalendar)
        #expect(ImportFormat(fileName: "notes.txt") == nil)
        #expect(ImportFormat(sniffing: Array("BEGIN:VCALENDAR\r\n".utf8)) == .iCalendar)
        #expect(ImportFormat(sniffing: Array(" [{\"uuid\"".utf8)) == .taskwarrior)
        #expect(ImportFormat(sniffing: Array("\u{FEFF}TYPE,CONTENT".utf8)) == .todoist)
        #expect(ImportFormat.accepted.contains("text/csv (Todoist)"))
    }
}
