import DoableCore
import Testing

/// Priorities, lists and labels in quick add.
@Suite("Quick add: priority, list and labels")
struct QuickAddMarkerTests {
    typealias F = QuickAddFixture

    @Test(arguments: [
        ("!high", TaskPriority.high), ("!HIGH", .high), ("!medium", .medium), ("!med", .medium), ("!low", .low),
        ("!none", TaskPriority.none), ("p1", .high), ("P1", .high), ("p2", .medium), ("p3", .low),
        ("p4", TaskPriority.none),
    ])
    func TASK1_quickAddPriorities(word: String, priority: TaskPriority) {
        let result = F.parse("Fix the leak \(word)")
        #expect(result.priority == priority)
        #expect(result.title == "Fix the leak")
        #expect(result.tokens.map(\.kind) == [.priority])
    }

    @Test func TASK1_quickAddPriorityOnlyAsAWholeWord() {
        for text in ["Buy ep1 cable", "Fix p1x", "Try !higher", "Order p5 parts", "Wow!high"] {
            let result = F.parse(text)
            #expect(result.priority == nil, "\(text)")
            #expect(result.title == text)
        }
    }

    @Test func TASK1_quickAddTheFirstPriorityWins() {
        let result = F.parse("Fix p1 then p3")
        #expect(result.priority == .high)
        #expect(result.title == "Fix then p3")
    }

    @Test func TASK1_quickAddList() {
        let result = F.parse("Buy milk #Groceries")
        #expect(result.listName == "Groceries")
        #expect(result.title == "Buy milk")
        #expect(result.tokens == [QuickAddToken(kind: .list, range: 9..<19, text: "#Groceries")])
    }

    @Test func TASK1_quickAddQuotedListAllowsSpaces() {
        let result = F.parse(#"Order a chair #"Home office" tomorrow"#)
        #expect(result.listName == "Home office")
        #expect(result.title == "Order a chair")
        #expect(result.due == F.day("2026-01-15"))
        #expect(result.tokens.map(\.text) == [#"#"Home office""#, "tomorrow"])
    }

    @Test func TASK1_quickAddTheFirstListWins() {
        let result = F.parse("Paint #Home #Work")
        #expect(result.listName == "Home")
        #expect(result.title == "Paint #Work")
    }

    @Test func TASK1_quickAddHashesThatAreNotLists() {
        for text in ["Fix issue #42", "Learn C# basics", "Press # then 1", "Read #1 bestseller"] {
            let result = F.parse(text)
            #expect(result.listName == nil, "\(text)")
            #expect(result.title == text)
        }
    }

    @Test func TASK1_quickAddLabels() {
        let result = F.parse("Post parcel @errand @Outside")
        #expect(result.labelNames == ["errand", "Outside"])
        #expect(result.title == "Post parcel")
        #expect(result.tokens.map(\.kind) == [.label, .label])
    }

    @Test func TASK1_quickAddQuotedLabelAndRepeatedLabels() {
        let result = F.parse(#"Call plumber @"long label" @phone @Phone"#)
        #expect(result.labelNames == ["long label", "phone"])
        #expect(result.title == "Call plumber")
    }

    @Test func TASK1_quickAddEmailAddressesAndBareAtSignsAreNotLabels() {
        for text in ["Email bob@example.com", "Meet @ 5", "Reply to @42"] {
            let result = F.parse(text)
            #expect(result.labelNames.isEmpty, "\(text)")
            #expect(result.title == text)
        }
    }

    @Test func TASK1_quickAddMarkerBeforePunctuation() {
        let result = F.parse("Buy bread #Groceries, milk too")
        #expect(result.listName == "Groceries")
        #expect(result.title == "Buy bread, milk too")
    }

    @Test func TASK1_quickAddEverythingTogether() {
        let result = F.parse("Buy milk tomorrow 17:00 #Groceries @errand !high")
        #expect(result.title == "Buy milk")
        #expect(result.due == F.moment("2026-01-15T17:00:00Z"))
        #expect(result.listName == "Groceries")
        #expect(result.labelNames == ["errand"])
        #expect(result.priority == .high)
        #expect(result.tokens.map(\.kind) == [.due, .list, .label, .priority])
        #expect(result.tokens.map(\.range) == [9..<23, 24..<34, 35..<42, 43..<48])
    }

    @Test func TASK1_quickAddParserFromPreferences() {
        var preferences = Preferences()
        preferences.timeZone = "Asia/Tokyo"
        preferences.weekStart = .sunday
        let parser = QuickAddParser(preferences: preferences)
        #expect(parser.timeZone.identifier == "Asia/Tokyo")
        #expect(parser.weekStart == .sunday)
        let result = parser.parse("Plan next week", now: F.at("2026-01-14T23:30:00Z"))
        #expect(result.due == F.day("2026-01-18"))
    }
}
