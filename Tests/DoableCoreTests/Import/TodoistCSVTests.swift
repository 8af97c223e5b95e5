import DoableCore
import Foundation
import Testing

/// INTEROP-5: Todoist's CSV export, every column.
@Suite("Import: Todoist CSV")
struct TodoistCSVTests {
    func read(_ text: String, _ context: ImportContext = ImportFixtures.berlin) throws -> ImportFile {
        try ImportReader.read(Array(text.utf8), format: .todoist, context: context)
    }

    func row(_ file: ImportFile, _ title: String) throws -> ImportRow {
        try #require(file.rows.first { $0.title == title })
    }

    @Test func INTEROP5_todoistKeepsTitlesLabelsPrioritiesAndNotes() throws {
        let file = try read(ImportFixtures.todoist)
        #expect(
            file.rows.map(\.title) == [
                "Plan the garden", "Buy seeds", "Compare prices", "Water the plants",
                "Mow the lawn", "",
            ])
        let garden = try row(file, "Plan the garden")
        #expect(garden.labels == ["home", "outdoor"])
        #expect(garden.priority == .high)
        #expect(garden.notes == "Raised beds this year")
        #expect(garden.position == .line(2))
        #expect(try row(file, "Buy seeds").priority == .medium)
        #expect(try row(file, "Water the plants").priority == .low)
        #expect(try row(file, "Mow the lawn").priority == TaskPriority.none)
        // A note row goes to the task above; quotes doubled in the CSV are single in the note.
        #expect(try row(file, "Compare prices").notes == "Check the organic ones first, then \"heirloom\" ones")
        // A description over several lines keeps its line break (LF, whatever the file's line ends).
        #expect(try row(file, "Water the plants").notes == "Line one\nline two")
    }

    @Test func INTEROP5_todoistIndentNestsUnderTheTaskAbove() throws {
        let file = try read(ImportFixtures.todoist)
        #expect(try row(file, "Plan the garden").parentKey == nil)
        #expect(try row(file, "Buy seeds").parentKey == row(file, "Plan the garden").key)
        #expect(try row(file, "Compare prices").parentKey == row(file, "Buy seeds").key)
        // A section starts again at the top level.
        #expect(try row(file, "Water the plants").parentKey == nil)
    }

    @Test func INTEROP5_todoistSectionsBecomeLabels() throws {
        let file = try read(ImportFixtures.todoist)
        #expect(try row(file, "Water the plants").labels == ["Weekly"])
        #expect(try row(file, "Mow the lawn").labels == ["Weekly", "home"])
        #expect(try row(file, "Plan the garden").labels.contains("Weekly") == false)
    }

    @Test func INTEROP5_todoistDatesInTheirTimeZoneAndRepeats() throws {
        let file = try read(ImportFixtures.todoist)
        #expect(try row(file, "Plan the garden").due == TaskDate("2026-12-01"))
        // 10:00 in Berlin (CET, UTC+1) is 09:00 UTC.
        #expect(try row(file, "Buy seeds").due == TaskDate("2026-12-03T09:00:00Z"))
        let water = try row(file, "Water the plants")
        #expect(water.recurrence == "FREQ=WEEKLY;BYDAY=MO")
        #expect(water.due == TaskDate("2026-11-23"))  // the first Monday after Friday 20 November
        // A date Doable cannot read stays in the notes and is reported.
        let mow = try row(file, "Mow the lawn")
        #expect(mow.due == nil)
        #expect(mow.notes == "Todoist date: when it stops raining")
        #expect(file.skipped.contains { $0.title == "Mow the lawn" && $0.field == "due" && $0.position == .line(10) })
    }

    @Test func INTEROP5_todoistDurationIsTheEstimate() throws {
        let file = try read(ImportFixtures.todoist)
        #expect(try row(file, "Plan the garden").estimatedMinutes == 90)
        #expect(try row(file, "Mow the lawn").estimatedMinutes == 1440)
        #expect(try row(file, "Buy seeds").estimatedMinutes == nil)
    }

    @Test func INTEROP5_olderTodoistExportsWithoutDescriptionOrDuration() throws {
        let file = try read(ImportFixtures.todoistOld, ImportFixtures.utc)
        #expect(file.rows.map(\.title) == ["Call mum", "Pay rent", "Sort the receipts"])
        #expect(try row(file, "Pay rent").due == TaskDate("2027-01-01"))
        #expect(try row(file, "Pay rent").labels == ["bills"])
        #expect(try row(file, "Sort the receipts").due == TaskDate("2026-11-21T17:00:00Z"))
        // Indent 3 right after indent 1 still nests under the nearest task above.
        #expect(try row(file, "Sort the receipts").parentKey == row(file, "Pay rent").key)
    }

    @Test func INTEROP5_aFileThatIsNotTodoistsIsRefusedNamingTheColumns() throws {
        let notTodoist = #expect(throws: DoableError.self) { try read("name,due\nMilk,tomorrow\n") }
        #expect(notTodoist?.field == "body")
        #expect(notTodoist?.message.contains("TYPE or CONTENT") == true)
        let unclosed = #expect(throws: DoableError.self) { try read("TYPE,CONTENT\ntask,\"never closed\n") }
        #expect(unclosed?.message.contains("Line 2") == true)
        #expect(throws: DoableError.self) { try read("TYPE,CONTENT\n") }  // no tasks at all
        #expect(throws: DoableError.self) {
            try ImportReader.read(
                [0xFF, 0xFE, 0x41], format: .todoist,
                context: ImportFixtures.utc)
        }
    }

    @Test func INTEROP5_csvReaderFollowsRFC4180() throws {
        let records = try CSVReader.records("a,\"b,c\",\"d\"\"e\"\r\n\r\n\"multi\nline\",x\nlast")
        #expect(records.map(\.fields) == [["a", "b,c", "d\"e"], [""], ["multi\nline", "x"], ["last"]])
        #expect(records.map(\.line) == [1, 2, 3, 5])
        #expect(throws: DoableError.self) { try CSVReader.records("\"a\"b,c") }
    }

    @Test func INTEROP5_dateTextForms() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        func read(_ text: String) -> ImportDateText.Reading? {
            ImportDateText.read(text, zone: zone, weekStart: .monday, now: ImportFixtures.now)
        }
        #expect(read("2026-12-01")?.due == TaskDate("2026-12-01"))
        #expect(read("2026-12-01T10:00:00Z")?.due == TaskDate("2026-12-01T10:00:00Z"))
        #expect(read("2026-12-01 10:00")?.due == TaskDate("2026-12-01T09:00:00Z"))
        #expect(read("Dec 1, 2026")?.due == TaskDate("2026-12-01"))
        #expect(read("1 December 2026 14:30")?.due == TaskDate("2026-12-01T13:30:00Z"))
        #expect(read("Tue 1 Dec 2026")?.due == TaskDate("2026-12-01"))
        #expect(read("every day")?.recurrence == "FREQ=DAILY")
        #expect(read("someday") == nil)
        #expect(read("buy milk tomorrow") == nil)
        #expect(read("") == nil)
    }
}
