import DoableCore
import Foundation
import Testing

/// What stays in the title: whole words only, literals, the refusal of an empty title, offsets and chips.
@Suite("Quick add: titles and chips")
struct QuickAddTitleTests {
    typealias F = QuickAddFixture

    @Test(arguments: [
        "Read todays paper", "Tomorrowland tickets", "check money", "2nd floor", "The 9/11 Report",
        "Fix the 24/7 sign", "Tuesdays with Morrie", "Friday's party plan", "Buy fridge magnets",
        "Mondays suck", "Call 555 1234", "Sept11 memorial", "Nowhere man", "Room 101",
    ])
    func TASK1_quickAddAnchorBugsKeepTheirWholeTitle(text: String) {
        let result = F.parse(text)
        #expect(result.due == nil)
        #expect(result.tokens.isEmpty)
        #expect(result.title == text)
    }

    @Test func TASK1_quickAddWhitespaceIsCollapsedAndTrimmed() {
        let result = F.parse("  Buy \t  milk\n tomorrow   please  ")
        #expect(result.title == "Buy milk please")
        #expect(result.due == F.day("2026-01-15"))
    }

    @Test func TASK1_quickAddQuotedPhraseIsLiteral() {
        let result = F.parse(#"Watch "Friday Night Lights" tomorrow"#)
        #expect(result.title == "Watch Friday Night Lights")
        #expect(result.due == F.day("2026-01-15"))
        #expect(result.tokens.map(\.text) == ["tomorrow"])
    }

    @Test func TASK1_quickAddNothingInsideQuotesIsParsed() {
        let result = F.parse(#"Book "p1 #home @x next week" please"#)
        #expect(result.title == "Book p1 #home @x next week please")
        #expect(result.priority == nil)
        #expect(result.listName == nil)
        #expect(result.labelNames.isEmpty)
        #expect(result.due == nil)
    }

    @Test func TASK1_quickAddCurlyQuotesFromPhoneKeyboardsAreLiteralToo() {
        let result = F.parse("Watch \u{201C}Next Week\u{201D} fri")
        #expect(result.title == "Watch Next Week")
        #expect(result.due == F.day("2026-01-16"))
    }

    @Test func TASK1_quickAddAnUnclosedQuoteIsAnOrdinaryCharacter() {
        let result = F.parse(#"Buy 6" pipe tomorrow"#)
        #expect(result.title == #"Buy 6" pipe"#)
        #expect(result.due == F.day("2026-01-15"))
        #expect(F.parse(#"Say "hi tomorrow"#).title == #"Say "hi"#)
    }

    @Test func TASK1_quickAddManyUnclosedQuotesStayText() {
        // Opening curly quotes only: none of them ever closes.
        let opened = String(repeating: "\u{201C}a ", count: 200)
        let result = F.parse(opened + "tomorrow")
        #expect(result.due == F.day("2026-01-15"))
        #expect(result.title == opened.trimmingCharacters(in: .whitespaces))
    }

    @Test func TASK1_quickAddTheFirstDateWinsAndLaterOnesStayInTheTitle() {
        let result = F.parse("Move meeting fri to next week")
        #expect(result.due == F.day("2026-01-16"))
        #expect(result.title == "Move meeting to next week")
        #expect(result.tokens.map(\.text) == ["fri"])
    }

    @Test func TASK1_quickAddADateAndATimeApartAreTwoDates() {
        let result = F.parse("fri call Bob at 5pm")
        #expect(result.due == F.day("2026-01-16"))
        #expect(result.title == "call Bob at 5pm")
    }

    @Test func TASK1_quickAddPunctuationAfterARecognisedPartJoinsThePreviousWord() {
        #expect(F.parse("Call mom tomorrow, then pack").title == "Call mom, then pack")
        #expect(F.parse("Call mom tomorrow.").title == "Call mom.")
        #expect(F.parse("Tomorrow, call mom").title == "call mom")
        #expect(F.parse("Call mom tomorrow.").tokens.map(\.text) == ["tomorrow"])
    }

    @Test(arguments: ["tomorrow", "  tomorrow  ", "tomorrow 17:00 #Groceries !high", "@errand", "p1"])
    func TASK1_quickAddALineWithoutATitleIsRefused(text: String) {
        let result = F.parse(text)
        #expect(result.title.isEmpty)
        #expect(result.isTitleMissing)
        #expect(throws: DoableError.invalid("title", QuickAddResult.missingTitleMessage)) {
            try result.validatedTitle()
        }
    }

    @Test func TASK1_quickAddMissingTitleMessage() {
        #expect(
            QuickAddResult.missingTitleMessage
                == "Add a title: a line that is only a date, priority, list or label is not a task.")
    }

    @Test(arguments: ["", "   ", #""""#])
    func TASK1_quickAddAnEmptyLineGetsTheTitleRule(text: String) {
        #expect(F.parse(text).isTitleMissing)
        #expect(throws: DoableError.invalid("title", "Title must be 1 to 200 characters.")) {
            try F.parse(text).validatedTitle()
        }
    }

    @Test func TASK1_quickAddValidatedTitleAppliesTheTitleRules() throws {
        #expect(try F.parse("Buy milk tomorrow").validatedTitle() == "Buy milk")
        let long = String(repeating: "a", count: 201)
        #expect(throws: DoableError.self) { try F.parse("\(long) tomorrow").validatedTitle() }
    }

    @Test func TASK1_quickAddOffsetsCountUTF16ForNonASCIIText() {
        let text = "Café @errand"
        let result = F.parse(text)
        #expect(result.tokens == [QuickAddToken(kind: .label, range: 5..<12, text: "@errand")])
        #expect(result.title == "Café")
        #expect(F.slice(text, 5..<12) == "@errand")
    }

    @Test(arguments: [
        "🎉 Party fri #Fête", "Cafe\u{301} fri #Fête", "日本語のメモ fri #Fête", "👩‍👩‍👧 Family fri #Fête",
    ])
    func TASK1_quickAddOffsetsMatchJavaScriptSlices(text: String) {
        let result = F.parse(text)
        #expect(result.tokens.count == 2)
        for token in result.tokens {
            #expect(F.slice(text, token.range) == token.text)
        }
        #expect(result.tokens.map(\.text) == ["fri", "#Fête"])
        #expect(result.listName == "Fête")
    }

    @Test func TASK1_quickAddOffsetsOfQuotedParts() {
        let text = #"Say "hi" #"Home office" fri"#
        let result = F.parse(text)
        #expect(result.tokens.map(\.range) == [9..<23, 24..<27])
        #expect(result.title == "Say hi")
    }
}
