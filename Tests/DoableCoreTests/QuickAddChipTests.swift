import DoableCore
import Testing

/// Removing a chip: the line is parsed again with that part ignored, and its text stays in the title.
@Suite("Quick add: removing chips")
struct QuickAddChipTests {
    typealias F = QuickAddFixture

    @Test func TASK1_quickAddRemovingTheDateChipKeepsTheWordInTheTitle() throws {
        let text = "Watch Friday Night Lights"
        let first = F.parse(text)
        #expect(first.title == "Watch Night Lights")
        let chip = try #require(first.tokens.first)
        let again = F.parse(text, ignoring: [chip.range])
        #expect(again.due == nil)
        #expect(again.title == text)
        #expect(again.tokens.isEmpty)
    }

    @Test func TASK1_quickAddRemovingAWholePhraseChip() throws {
        let text = "Dinner fri at 7pm #Home"
        let first = F.parse(text)
        let due = try #require(first.tokens.first { $0.kind == .due })
        #expect(due.text == "fri at 7pm")
        let again = F.parse(text, ignoring: [due.range])
        #expect(again.due == nil)
        #expect(again.title == "Dinner fri at 7pm")
        #expect(again.listName == "Home")
        #expect(again.tokens.map(\.kind) == [.list])
    }

    @Test func TASK1_quickAddRemovingListAndLabelChips() throws {
        let text = "Sort #Home repairs @Jo"
        let first = F.parse(text)
        let again = F.parse(text, ignoring: first.tokens.map(\.range))
        #expect(again.listName == nil)
        #expect(again.labelNames.isEmpty)
        #expect(again.title == text)
    }

    @Test func TASK1_quickAddRemovingThePriorityChip() throws {
        let first = F.parse("Renew P1 visa")
        #expect(first.priority == .high)
        let again = F.parse("Renew P1 visa", ignoring: first.tokens.map(\.range))
        #expect(again.priority == nil)
        #expect(again.title == "Renew P1 visa")
    }

    @Test func TASK1_quickAddRemovingTheFirstDateLetsTheNextOneCount() throws {
        let text = "Move fri to mon"
        let first = F.parse(text)
        let again = F.parse(text, ignoring: first.tokens.map(\.range))
        #expect(again.due == F.day("2026-01-19"))
        #expect(again.title == "Move fri to")
    }

    @Test func TASK1_quickAddIgnoringPartOfAPhraseLeavesTheRest() {
        // Ignoring only "fri" in "fri 5pm" leaves the time, which is today at 17:00.
        let again = F.parse("Gym fri 5pm", ignoring: [4..<7])
        #expect(again.due == F.moment("2026-01-14T17:00:00Z"))
        #expect(again.title == "Gym fri")
    }

    @Test func TASK1_quickAddIgnoringEmptyOrOutsideRangesChangesNothing() {
        let text = "Buy milk tomorrow"
        #expect(F.parse(text, ignoring: [9..<9, 100..<120]) == F.parse(text))
    }

    @Test func TASK1_quickAddChipsOnNonASCIITextRoundTrip() throws {
        let text = "Crème brûlée 🍮 tomorrow @dessert"
        let first = F.parse(text)
        let label = try #require(first.tokens.first { $0.kind == .label })
        #expect(F.slice(text, label.range) == "@dessert")
        let again = F.parse(text, ignoring: [label.range])
        #expect(again.title == "Crème brûlée 🍮 @dessert")
        #expect(again.due == F.day("2026-01-15"))
    }

    @Test func TASK1_quickAddLongLinesParseWhole() {
        let words = Array(repeating: "fri p1 #a @b word", count: 30).joined(separator: " ")
        #expect(words.utf16.count > 500)
        let result = F.parse(words)
        #expect(result.due == F.day("2026-01-16"))
        #expect(result.labelNames == ["b"])
        #expect(result.tokens.count == 3 + 30)
        #expect(result.title.hasPrefix("word fri p1 #a word"))
    }
}
