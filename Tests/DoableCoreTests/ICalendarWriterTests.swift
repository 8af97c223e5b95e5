import DoableCore
import Foundation
import Testing

/// Issue 10, finding 13: ICS text is escaped as RFC 5545 §3.3.11 says and folded at 75 octets (§3.1).
@Suite("iCalendar writer")
struct ICalendarWriterTests {
    static let now = Timestamp(milliseconds: 1_700_000_000_000)

    func calendar(title: String, notes: String = "", label: String? = nil, list: String? = nil) -> String {
        let labelID = LabelID.make()
        let task = TaskItem(
            id: .make(), ownerID: .make(), listID: .make(), title: title, notes: notes,
            labelIDs: label == nil ? [] : [labelID], rank: "a0", createdAt: Self.now, updatedAt: Self.now)
        return ICalendarWriter.calendar(
            tasks: [task], labelNames: label.map { [labelID: $0] } ?? [:],
            listNames: list.map { [task.listID: $0] } ?? [:])
    }

    /// The content lines, unfolded. By bytes: a fold may fall before a combining mark, and as Characters the
    /// space and the mark would be one.
    func lines(_ text: String) -> [String] {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == 0x0D, input.starts(with: [0x0A, 0x20]) {
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test func ACC6_issue10_13_aBareCarriageReturnCannotInjectAProperty() {
        let text = calendar(title: "Pay\rATTENDEE:mailto:evil@example.com", notes: "a\r\rb\n\nc\r\nd")
        let lines = lines(text)
        #expect(!lines.contains { $0.hasPrefix("ATTENDEE") })
        #expect(lines.contains("SUMMARY:Pay\\nATTENDEE:mailto:evil@example.com"))
        #expect(lines.contains("DESCRIPTION:a\\n\\nb\\n\\nc\\nd"))
        // No CR or LF outside the CRLF line ends.
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains { $0 == "\r" || $0 == "\n" })
    }

    @Test func ACC6_issue10_13_textEscapesBackslashSemicolonCommaAndDropsControls() {
        let lines = lines(calendar(title: "a\\b;c,d\u{0}e\u{1B}f\tg", label: "x,y;z", list: "Home\\Work"))
        #expect(lines.contains("SUMMARY:a\\\\b\\;c\\,def\tg"))
        #expect(lines.contains("CATEGORIES:x\\,y\\;z"))
        #expect(lines.contains("X-DOABLE-LIST:Home\\\\Work"))
    }

    @Test(arguments: ["é", "😀", "e\u{301}", "a" + String(repeating: "\u{301}", count: 300), "x"])
    func ACC6_issue10_13_foldsAt75OctetsWithoutSplittingUTF8(_ unit: String) throws {
        let title = String(repeating: unit, count: 90)
        let text = calendar(title: title)
        let physical = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        // Every physical line is valid UTF-8 on its own, so no sequence was cut.
        for line in physical {
            #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
        }
        #expect(lines(text).contains("SUMMARY:" + title))
    }
}

/// ACC-6 and INTEROP-1: the export writes each task through the one VTODO mapping, so an export reads back as the
/// same records CalDAV would serve.
@Suite("ICalendar export writer")
struct ICalendarExportWriterTests {
    static let now = Timestamp(milliseconds: 1_700_000_000_000)

    @Test func ACC6_exportReadsBackAsTheTasksRecords() throws {
        let work = LabelID.make()
        let home = LabelID.make()
        let listID = ListID.make()
        let parent = TaskItem(
            id: .make(), ownerID: .make(), listID: listID, title: "Move house", rank: "a0",
            createdAt: Self.now, updatedAt: Self.now)
        var child = TaskItem(
            id: .make(), ownerID: parent.ownerID, listID: listID, parentID: parent.id,
            title: "Pack, label; and \\ stack", notes: "Boxes\nTape", status: .completed,
            priority: .high, due: .day(CivilDate("2026-06-01")!),
            start: .moment(Timestamp(rfc3339: "2026-05-20T08:00:00Z")!), estimatedMinutes: 120,
            labelIDs: [work, home], completedAt: Self.now.adding(seconds: 60), rank: "a1",
            createdAt: Self.now, updatedAt: Self.now.adding(seconds: 60),
            recurrence: "FREQ=MONTHLY;BYMONTHDAY=1", recurrenceBasis: .completion)
        child.version = 3
        let reminder = Reminder(
            id: .make(), taskID: child.id, accountID: child.ownerID,
            trigger: .relative(to: .due, offsetMinutes: -60), createdAt: Self.now, updatedAt: Self.now)
        let labels = [work: "Work", home: "Home"]
        let text = ICalendarWriter.calendar(
            tasks: [parent, child], labelNames: labels, listNames: [listID: "Moving"],
            reminders: [child.id: [reminder]])
        let records = VTodoMapping.decodeAll(try ICalendarParser.parse(text), floatingZone: .gmt).compactMap {
            try? $0.get()
        }
        #expect(records.count == 2)
        var expected = ICalendarWriter.record(
            for: child, labelNames: labels, parentUID: parent.id.description,
            listName: "Moving", reminders: [reminder])
        expected.percentComplete = 100
        #expect(records.last == expected)
        #expect(records.first?.uid == parent.id.description)
        #expect(records.first?.parentUID == nil)
        #expect(expected.categories == ["Work", "Home"])
        #expect(expected.alarms == [.relative(to: .due, offsetMinutes: -60)])
    }

    @Test func ACC6_labelsWithoutANameAreLeftOut() {
        let task = TaskItem(
            id: .make(), ownerID: .make(), listID: .make(), title: "x", labelIDs: [.make()], rank: "a0",
            createdAt: Self.now, updatedAt: Self.now)
        let record = ICalendarWriter.record(for: task, labelNames: [:], parentUID: nil, listName: nil, reminders: [])
        #expect(record.categories.isEmpty)
        #expect(record.uid == task.id.description)
        #expect(record.stamp == Self.now && record.created == Self.now && record.lastModified == Self.now)
    }
}
