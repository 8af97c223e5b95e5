import DoableCore
import Foundation
import Testing

/// Issue 10, findings 4 and 5: limits bound what is stored; text is stored in NFC.
@Suite("Hardening: text rules")
struct HardeningRulesTests {
    static let combiningMarks = String(repeating: "\u{301}", count: 20_000)  // 40 KB of one accent

    @Test func TASK1_issue10_4_aLetterWithFortyKilobytesOfCombiningMarksIsRefused() {
        let title = "a" + Self.combiningMarks
        #expect(title.count == 1, "one grapheme cluster")
        #expect(throws: DoableError.invalid("title", "Title must be 1 to 200 characters.")) {
            try Rules.taskTitle(title)
        }
        #expect(throws: DoableError.self) { try Rules.taskNotes(title) }
        #expect(throws: DoableError.self) { try Rules.listName(title) }
        #expect(throws: DoableError.self) { try Rules.listDescription(title) }
        #expect(throws: DoableError.self) { try Rules.labelName(title) }
        #expect(throws: DoableError.self) { try Rules.credentialName(title) }
        #expect(throws: DoableError.self) { try Rules.personName(title, field: "firstName") }
        #expect(throws: DoableError.self) { try Rules.gender(.selfDescribed, description: title) }
        #expect(throws: DoableError.self) { try Rules.icon("🛒" + Self.combiningMarks) }
    }

    @Test func TASK1_issue10_4_limitsCountUnicodeScalarsAndCapBytes() throws {
        #expect(try Rules.taskTitle(String(repeating: "x", count: 200)).count == 200)
        #expect(throws: DoableError.self) { try Rules.taskTitle(String(repeating: "x", count: 201)) }
        // 200 four-byte scalars are 800 bytes, the most a title may take.
        let emoji = String(repeating: "😀", count: 200)
        #expect(try Rules.taskTitle(emoji).utf8.count == 800)
        // A flag is one character but two scalars: 101 of them are 202 scalars.
        #expect(throws: DoableError.self) { try Rules.taskTitle(String(repeating: "🇩🇪", count: 101)) }
        #expect(try Rules.taskNotes(String(repeating: "n", count: 10_000)).count == 10_000)
        #expect(throws: DoableError.self) { try Rules.taskNotes(String(repeating: "n", count: 10_001)) }
        #expect(throws: DoableError.self) { try Rules.taskNotes(String(repeating: "n", count: 1_000_000)) }
        #expect(try Rules.icon("👨‍👩‍👧‍👦") == "👨‍👩‍👧‍👦")
    }

    @Test func TASK1_issue10_5_textIsStoredInNFC() throws {
        let decomposed = "Cafe\u{301}"
        let composed = "Caf\u{E9}"
        #expect(try Rules.taskTitle(decomposed).unicodeScalars.elementsEqual(composed.unicodeScalars))
        #expect(try Rules.listName(" \(decomposed) ").unicodeScalars.elementsEqual(composed.unicodeScalars))
        #expect(try Rules.labelName(decomposed).unicodeScalars.elementsEqual(composed.unicodeScalars))
        #expect(try Rules.taskNotes(decomposed).unicodeScalars.elementsEqual(composed.unicodeScalars))
        // A decomposed title counts its composed length: 200 accented letters typed as NFD (400 scalars) fit.
        #expect(try Rules.taskTitle(String(repeating: "e\u{301}", count: 200)).unicodeScalars.count == 200)
    }

    @Test func LIST1_issue10_5_matchKeysIgnoreCaseAndNormalizationForm() {
        let keys = ["Caf\u{E9}", "Cafe\u{301}", "CAF\u{C9}", "CAFE\u{301}", "caf\u{E9}"].map(Rules.matchKey)
        #expect(Set(keys.map { Array($0.unicodeScalars) }).count == 1)
    }
}
