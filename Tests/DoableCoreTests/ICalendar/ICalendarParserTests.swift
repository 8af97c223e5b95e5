@testable import DoableCore
import Foundation
import Testing

/// INTEROP-1: RFC 5545 §3.1 content lines, lenient where clients are sloppy and strict about structure.
@Suite("ICalendar parser")
struct ICalendarParserTests {
    func parse(_ text: String) throws -> ICalComponent { try ICalendarParser.parse(text) }

    func failure(_ text: String) -> CalendarObjectError? {
        do {
            _ = try ICalendarParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func INTEROP1_unfoldsCRLFAndLFOnlyWithSpaceOrTab() throws {
        let crlf = try parse("BEGIN:VCALENDAR\r\nSUMMARY:Hel\r\n lo\r\n\tworld\r\nEND:VCALENDAR\r\n")
        #expect(crlf.properties[0].value == "Helloworld")
        #expect(crlf.properties[0].raw == "SUMMARY:Hel\r\n lo\r\n\tworld")
        let lf = try parse("BEGIN:VCALENDAR\nSUMMARY:Hel\n lo\nEND:VCALENDAR")
        #expect(lf.properties[0].value == "Hello")
        #expect(lf.properties[0].raw == "SUMMARY:Hel\n lo")
    }

    @Test func INTEROP1_namesAreCaseInsensitiveAndStoredUpperCased() throws {
        let calendar = try parse("begin:vcalendar\r\nx-Custom;tzid=Europe/Berlin:Value\r\nend:VCalendar\r\n")
        #expect(calendar.name == "VCALENDAR")
        #expect(calendar.properties[0].name == "X-CUSTOM")
        #expect(calendar.properties[0].parameters == [ICalParameter(name: "TZID", values: ["Europe/Berlin"])])
        #expect(calendar.properties[0].parameter("tzid") == "Europe/Berlin")
        #expect(calendar.properties[0].raw == "x-Custom;tzid=Europe/Berlin:Value")
        #expect(calendar.serialized() == "BEGIN:VCALENDAR\r\nx-Custom;tzid=Europe/Berlin:Value\r\nEND:VCALENDAR\r\n")
    }

    /// Lookups compare with `==` against upper-cased names, so a name given in any case in code, at init or set
    /// later, is stored upper-cased too (INTEROP-1).
    @Test func INTEROP1_namesMadeInCodeAreFoundInAnyCase() {
        var todo = ICalComponent(
            name: "vtodo",
            properties: [
                ICalProperty(
                    name: "due", parameters: [ICalParameter(name: "tzid", values: ["Europe/Berlin"])],
                    value: "20261127T090000"),
                ICalProperty(name: "Categories", value: "a"), ICalProperty(name: "CATEGORIES", value: "b"),
            ], components: [ICalComponent(name: "valarm")])
        #expect(todo.name == "VTODO")
        #expect(todo.property("Due")?.parameter("TzId") == "Europe/Berlin")
        #expect(todo.property("DUE")?.parameters.first?.name == "TZID")
        #expect(todo.properties(named: "categories").map(\.value) == ["a", "b"])
        #expect(todo.components(named: "VAlarm").count == 1)
        #expect(todo.property("DTSTART") == nil && todo.property("") == nil)
        todo.name = "vEvent"
        todo.properties[0].name = "dtstart"
        #expect(todo.name == "VEVENT")
        #expect(todo.property("DTSTART")?.value == "20261127T090000")
        #expect(ICalComponent(name: "X-ÄB-c").name == "X-ÄB-C", "only ASCII letters change")
    }

    /// The values' own trimming agrees with Foundation's `.whitespaces` (tab and Unicode's space separators).
    @Test func INTEROP1_valuesTrimLikeFoundation() {
        let pieces = ["", " ", "\t", "\u{A0}", "\u{3000}", "\u{2009}", "\n", "\r", "a", "é", "e\u{301}", "20261127", "😀"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            #expect(text.trimmingICalWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func INTEROP1_parametersWithQuotesListsAndColonsInTheValue() throws {
        let calendar = try parse(
            """
            BEGIN:VCALENDAR\r
            ATTENDEE;MEMBER="mailto:a@x.org","mailto:b@x.org";ROLE=REQ-PARTICIPANT;X-Q="a;b,c":mailto:c@x.org\r
            X-EMPTY;X-P=:\r
            END:VCALENDAR\r

            """)
        let attendee = calendar.properties[0]
        #expect(
            attendee.parameters == [
                ICalParameter(name: "MEMBER", values: ["mailto:a@x.org", "mailto:b@x.org"]),
                ICalParameter(name: "ROLE", values: ["REQ-PARTICIPANT"]),
                ICalParameter(name: "X-Q", values: ["a;b,c"]),
            ])
        #expect(attendee.value == "mailto:c@x.org")
        #expect(calendar.properties[1].parameters == [ICalParameter(name: "X-P", values: [""])])
        #expect(calendar.properties[1].value == "")
    }

    @Test func INTEROP1_nestingKeepsOrder() throws {
        let calendar = try parse(ICalendarFixtures.appleReminders)
        #expect(calendar.components.map(\.name) == ["VTIMEZONE", "VTODO"])
        #expect(calendar.components[0].components.map(\.name) == ["DAYLIGHT", "STANDARD"])
        let todo = calendar.components[1]
        #expect(todo.components(named: "VALARM").count == 1)
        #expect(
            todo.property("DESCRIPTION")?.value
                == "Ask about the invoice\\, the receipts and the letter from the tax office\\nBring the folder")
        let location = try #require(todo.property("X-APPLE-STRUCTURED-LOCATION"))
        #expect(location.parameter("X-ADDRESS") == "Unter den Linden 1, 10117 Berlin")
        #expect(location.parameter("X-TITLE") == "Office: 3rd floor")
        #expect(location.value == "geo:52.517,13.388")
    }

    @Test(arguments: [
        ("", "No BEGIN"),
        ("BEGIN:VCALENDAR\r\nSUMMARY:x\r\n", "never closed"),
        ("BEGIN:VCALENDAR\r\nEND:VTODO\r\n", "does not close"),
        ("END:VCALENDAR\r\n", "without a BEGIN"),
        ("SUMMARY:x\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "outside"),
        ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "after END"),
        ("BEGIN:VCALENDAR\r\nSUMMARY\r\nEND:VCALENDAR\r\n", "\":\" expected"),
        ("BEGIN:VCALENDAR\r\nSUM MARY:x\r\nEND:VCALENDAR\r\n", "\":\" expected"),
        ("BEGIN:VCALENDAR\r\n:x\r\nEND:VCALENDAR\r\n", "property name"),
        ("BEGIN:VCALENDAR\r\nX;P=\"open:x\r\nEND:VCALENDAR\r\n", "not closed"),
        ("BEGIN:VCALENDAR\r\nX;P=a\"b\":x\r\nEND:VCALENDAR\r\n", "quote"),
        ("BEGIN:VCALENDAR\r\nX;P:x\r\nEND:VCALENDAR\r\n", "no \"=\""),
        ("BEGIN:VCALENDAR\r\nSUMMARY:a\rb\r\nEND:VCALENDAR\r\n", "carriage return"),
        ("BEGIN:VCALENDAR\r\nSUMMARY:a\u{0}b\r\nEND:VCALENDAR\r\n", "NUL"),
        (" folded\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "continues nothing"),
        ("BEGIN:VCALENDAR\r\nBEGIN;X=1:VTODO\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "must name a component"),
        ("BEGIN:VCALENDAR\r\nBEGIN:V TODO\r\nEND:VCALENDAR\r\n", "must name a component"),
    ])
    func INTEROP1_brokenStructureIsInvalidData(_ text: String, _ reason: String) {
        guard case .invalidData(let message, _)? = failure(text) else {
            Issue.record("accepted: \(text.debugDescription)")
            return
        }
        #expect(message.contains(reason), "\(message)")
    }

    @Test func INTEROP1_errorsNameTheLine() {
        guard case .invalidData(_, let line)? = failure("BEGIN:VCALENDAR\r\nA:1\r\n B\r\nbroken\r\nEND:VCALENDAR\r\n")
        else {
            Issue.record("accepted")
            return
        }
        #expect(line == 4)
    }

    @Test func INTEROP1_limitsDepthSizeAndLines() {
        let deep = (0..<17).map { "BEGIN:X\($0)\r\n" }.joined() + (0..<17).reversed().map { "END:X\($0)\r\n" }.joined()
        #expect(failure(deep).map { "\($0)" }?.contains("deeper") == true)
        let sixteen = (0..<16).map { "BEGIN:X\($0)\r\n" }.joined() + (0..<16).reversed().map { "END:X\($0)\r\n" }.joined()
        #expect(failure(sixteen) == nil)
        let large = "BEGIN:VCALENDAR\r\nX:" + String(repeating: "a", count: 5 * 1024 * 1024) + "\r\nEND:VCALENDAR\r\n"
        #expect(failure(large).map { "\($0)" }?.contains("larger") == true)
        let manyLines = "BEGIN:VCALENDAR\r\n" + String(repeating: "X:1\r\n", count: 100_000) + "END:VCALENDAR\r\n"
        #expect(failure(manyLines).map { "\($0)" }?.contains("lines") == true)
    }

    @Test func INTEROP1_blankLinesAndATrailingCRAreTolerated() throws {
        let calendar = try parse("BEGIN:VCALENDAR\r\n\r\nSUMMARY:x\r\n\r\nEND:VCALENDAR\r\n\r\n  \r\n")
        #expect(calendar.properties.map(\.value) == ["x"])
        #expect(try parse("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r").name == "VCALENDAR")
    }

    @Test func INTEROP1_textEscapesRoundTrip() {
        #expect(ICalendarParser.unescapeText("a\\,b\\;c\\\\d\\ne\\Nf") == "a,b;c\\d\ne\nf")
        #expect(ICalendarParser.unescapeText("keep \\x and a trailing \\") == "keep \\x and a trailing \\")
        #expect(ICalendarParser.escapeText("a,b;c\\d\ne\r\nf\rg\u{1}") == "a\\,b\\;c\\\\d\\ne\\nf\\ng")
        for text in ["plain", "a,b;c\\d\ne", "é😀,\\n", ""] {
            #expect(ICalendarParser.unescapeText(ICalendarParser.escapeText(text)) == text)
        }
    }

    @Test func INTEROP1_serializedFoldsAt75OctetsQuotesParametersAndNeverBreaksAValue() throws {
        let property = ICalProperty(
            name: "X-LONG", parameters: [ICalParameter(name: "X-A", values: ["a:b", "plain", "q\"x"])],
            value: String(repeating: "é", count: 60) + "\r\nATTENDEE:mailto:evil@example.com")
        let text = ICalComponent(name: "VCALENDAR", properties: [property]).serialized()
        let physical = text.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(!physical.contains { $0.hasPrefix("ATTENDEE") })
        let reparsed = try parse(text)
        #expect(reparsed.properties.count == 1)
        #expect(reparsed.properties[0].parameters[0].values == ["a:b", "plain", "q'x"])
        #expect(reparsed.properties[0].value == String(repeating: "é", count: 60) + "\\nATTENDEE:mailto:evil@example.com")
    }

    /// Measured in the CPU time of the test's own thread, not on the wall clock: a quadratic parser needs minutes of
    /// it for these inputs, a linear one well under a second, however busy the machine is with other work.
    @Test func INTEROP1_hugeInputsParseInLinearTime() throws {
        let manyFolds =
            "BEGIN:VCALENDAR\r\nDESCRIPTION:" + String(repeating: "abcdefghij\r\n ", count: 300_000 / 13)
            + "x\r\nEND:VCALENDAR\r\n"
        let manyParameters = "BEGIN:VCALENDAR\r\nX" + String(repeating: ";P=\"a\",b", count: 200_000) + ":v\r\nEND:VCALENDAR\r\n"
        let manyTodos =
            "BEGIN:VCALENDAR\r\n"
            + String(
                repeating: "BEGIN:VTODO\r\nUID:1\r\nSUMMARY:x\r\nEND:VTODO\r\n",
                count: 20_000) + "END:VCALENDAR\r\n"
        for text in [manyFolds, manyParameters, manyTodos] {
            let elapsed = try ThreadCPUClock.measure { _ = try parse(text) }
            #expect(elapsed < .seconds(5))
        }
    }
}
