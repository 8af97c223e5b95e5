import DoableCore
import Foundation
import Testing

@Suite("Rules")
struct RulesTests {
    @Test(arguments: ["a@b.co", "first.last+tag@example.org"])
    func ACC1_validEmailsPass(_ email: String) throws {
        #expect(try Rules.email(email) == email)
    }

    @Test(arguments: ["", "plain", "@example.com", "a@b", "a@.com", "a b@example.com", "a@exa mple.com"])
    func ACC1_invalidEmailsNameTheField(_ email: String) {
        #expect(throws: DoableError.invalid("email", email.isEmpty ? "Email is required." : "Email must be a valid address like name@example.com.")) {
            try Rules.email(email)
        }
    }

    @Test func ACC1_phoneMustBeE164() throws {
        #expect(try Rules.phone("+14155550123") == "+14155550123")
        #expect(throws: DoableError.self) { try Rules.phone("+0123") }
        #expect(throws: DoableError.self) { try Rules.phone("4155550123") }
        #expect(throws: DoableError.self) { try Rules.phone("+1234567890123456") }
    }

    @Test func LIST1_coloursAndIcons() throws {
        #expect(try Rules.color("#a1b2c3") == "#A1B2C3")
        #expect(try Rules.color("teal") == "teal")
        #expect(throws: DoableError.self) { try Rules.color("#GGGGGG") }
        #expect(try Rules.icon("🛒") == "🛒")
        #expect(try Rules.icon("👩‍💻") == "👩‍💻")
        #expect(throws: DoableError.self) { try Rules.icon("A") }
        #expect(throws: DoableError.self) { try Rules.icon("🛒🛒") }
    }

    @Test func ACC6_calendarExportFoldsAndEscapes() {
        let now = Timestamp(milliseconds: 1_700_000_000_000)
        let task = TaskItem(
            id: .make(), ownerID: .make(), listID: .make(), title: String(repeating: "é", count: 60) + ", done",
            notes: "line one\nline two", due: .day(CivilDate("2030-01-02")!), rank: "a0",
            createdAt: now, updatedAt: now)
        let text = ICalendarWriter.calendar(tasks: [task], labelNames: [:], listNames: [:])
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(text.contains("DUE;VALUE=DATE:20300102"))
        #expect(text.contains("DESCRIPTION:line one\\nline two"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("\\, done"))
    }
}
