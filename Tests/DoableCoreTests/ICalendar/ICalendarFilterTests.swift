import DoableCore
import Foundation
import Testing

/// INTEROP-1: `calendar-query` filters (RFC 4791 §9.7) over one calendar object resource.
@Suite("ICalendar filters (RFC 4791 §9.7)")
struct ICalendarFilterTests {
    static let todo = ICalendarFixtures.crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:test
        BEGIN:VTODO
        UID:u1
        DTSTAMP:20260101T000000Z
        SUMMARY:Buy Milk\\, eggs
        DESCRIPTION:From the Market
        CATEGORIES:Shopping,Errands
        CATEGORIES:Home
        STATUS:NEEDS-ACTION
        DTSTART:20260110T090000Z
        DUE:20260110T100000Z
        X-CUSTOM;X-KIND=Fancy:yes
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:x
        TRIGGER;RELATED=END:-PT30M
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    func matches(_ text: String = todo, zone: TimeZone = .gmt, _ build: (inout CompFilter) -> Void) throws -> Bool {
        var inner = CompFilter(name: "VTODO")
        build(&inner)
        var filter = CompFilter(name: "VCALENDAR")
        filter.compFilters = [inner]
        return filter.matches(try ICalendarParser.parse(text), floatingZone: zone)
    }

    func text(_ value: String, caseSensitive: Bool = false, negate: Bool = false) -> TextMatch {
        var match = TextMatch(text: value)
        match.caseSensitive = caseSensitive
        match.negate = negate
        return match
    }

    func prop(_ name: String, _ textMatch: TextMatch? = nil, notDefined: Bool = false) -> PropFilter {
        var filter = PropFilter(name: name)
        filter.textMatch = textMatch
        filter.isNotDefined = notDefined
        return filter
    }

    func range(_ start: String?, _ end: String?) -> TimeRange {
        TimeRange(start: start.flatMap { Timestamp(rfc3339: $0) }, end: end.flatMap { Timestamp(rfc3339: $0) })
    }

    @Test func INTEROP1_compFilterOnTheComponentType() throws {
        #expect(try matches { _ in })
        let calendar = try ICalendarParser.parse(Self.todo)
        var events = CompFilter(name: "VCALENDAR")
        events.compFilters = [CompFilter(name: "VEVENT")]
        #expect(!events.matches(calendar, floatingZone: .gmt))
        var noEvents = CompFilter(name: "VCALENDAR")
        var notDefined = CompFilter(name: "VEVENT")
        notDefined.isNotDefined = true
        noEvents.compFilters = [notDefined]
        #expect(noEvents.matches(calendar, floatingZone: .gmt))
        #expect(!CompFilter(name: "VTODO").matches(calendar, floatingZone: .gmt))
        #expect(try !matches { $0.isNotDefined = true })
    }

    @Test func INTEROP1_textMatchIsCaseInsensitiveByDefaultAndOctetWhenAsked() throws {
        #expect(try matches { $0.propFilters = [prop("SUMMARY", text("milk"))] })
        #expect(try matches { $0.propFilters = [prop("summary", text("MILK, EGGS"))] })
        #expect(try !matches { $0.propFilters = [prop("SUMMARY", text("milk", caseSensitive: true))] })
        #expect(try matches { $0.propFilters = [prop("SUMMARY", text("Milk", caseSensitive: true))] })
        #expect(try matches { $0.propFilters = [prop("DESCRIPTION", text("market"))] })
        #expect(try matches { $0.propFilters = [prop("UID", text("u1"))] })
        #expect(try matches { $0.propFilters = [prop("STATUS", text("needs-action"))] })
        #expect(try matches { $0.propFilters = [prop("X-CUSTOM", text("YES"))] })
    }

    @Test func INTEROP1_categoriesMatchEachCategory() throws {
        #expect(try matches { $0.propFilters = [prop("CATEGORIES", text("errands"))] })
        #expect(try matches { $0.propFilters = [prop("CATEGORIES", text("home"))] })
        // "g,E" spans two categories of one line: no category holds it.
        #expect(try !matches { $0.propFilters = [prop("CATEGORIES", text("g,e"))] })
        #expect(try !matches { $0.propFilters = [prop("CATEGORIES", text("work"))] })
    }

    @Test func INTEROP1_negateCondition() throws {
        #expect(try !matches { $0.propFilters = [prop("SUMMARY", text("milk", negate: true))] })
        #expect(try matches { $0.propFilters = [prop("SUMMARY", text("bread", negate: true))] })
        #expect(try !matches { $0.propFilters = [prop("CATEGORIES", text("home", negate: true))] })
        #expect(try matches { $0.propFilters = [prop("CATEGORIES", text("work", negate: true))] })
        // A property that is not there matches no text-match, negated or not.
        #expect(try !matches { $0.propFilters = [prop("LOCATION", text("x", negate: true))] })
    }

    @Test func INTEROP1_filtersAtOneLevelAndTogether() throws {
        #expect(try matches { $0.propFilters = [prop("SUMMARY", text("milk")), prop("CATEGORIES", text("home"))] })
        #expect(try !matches { $0.propFilters = [prop("SUMMARY", text("milk")), prop("CATEGORIES", text("work"))] })
        #expect(
            try !matches {
                $0.propFilters = [prop("SUMMARY", text("milk"))]
                $0.timeRange = range("2027-01-01T00:00:00Z", nil)
            })
    }

    @Test func INTEROP1_isNotDefined() throws {
        #expect(try matches { $0.propFilters = [prop("COMPLETED", notDefined: true)] })
        #expect(try !matches { $0.propFilters = [prop("SUMMARY", notDefined: true)] })
        #expect(try matches { $0.propFilters = [prop("SUMMARY")] })
        #expect(try !matches { $0.propFilters = [prop("LOCATION")] })
    }

    @Test func INTEROP1_paramFilter() throws {
        func param(_ name: String, _ textMatch: TextMatch?, notDefined: Bool = false) -> PropFilter {
            var filter = PropFilter(name: "X-CUSTOM")
            var parameter = ParamFilter(name: name)
            parameter.textMatch = textMatch
            parameter.isNotDefined = notDefined
            filter.paramFilters = [parameter]
            return filter
        }
        #expect(try matches { $0.propFilters = [param("X-KIND", text("fancy"))] })
        #expect(try !matches { $0.propFilters = [param("X-KIND", text("plain"))] })
        #expect(try matches { $0.propFilters = [param("X-KIND", text("plain", negate: true))] })
        #expect(try matches { $0.propFilters = [param("X-OTHER", nil, notDefined: true)] })
        #expect(try !matches { $0.propFilters = [param("X-KIND", nil, notDefined: true)] })
        #expect(try !matches { $0.propFilters = [param("X-OTHER", nil)] })
    }

    @Test func INTEROP1_timeRangeOnTheTodoAndOnDateProperties() throws {
        #expect(try matches { $0.timeRange = range("2026-01-10T00:00:00Z", "2026-01-11T00:00:00Z") })
        #expect(try !matches { $0.timeRange = range("2026-01-11T00:00:00Z", "2026-01-12T00:00:00Z") })
        #expect(try !matches { $0.timeRange = range("2026-01-10T10:00:00Z", nil) })
        #expect(try matches { $0.timeRange = range(nil, "2026-01-10T09:30:00Z") })
        var due = prop("DUE")
        due.timeRange = range("2026-01-10T10:00:00Z", "2026-01-10T10:00:01Z")
        #expect(try matches { $0.propFilters = [due] })
        due.timeRange = range("2026-01-10T09:00:00Z", "2026-01-10T10:00:00Z")
        #expect(try !matches { $0.propFilters = [due] })
    }

    @Test func INTEROP1_wholeDaysAndFloatingTimesInTheGivenZone() throws {
        let text = Self.todo.replacingOccurrences(
            of: "DTSTART:20260110T090000Z\r\nDUE:20260110T100000Z",
            with: "DUE;VALUE=DATE:20260110")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        // The day starts at 2026-01-09T15:00Z in Tokyo; §9.9 compares DUE's start: start < DUE <= end.
        #expect(try matches(text, zone: tokyo) { $0.timeRange = range("2026-01-09T14:00:00Z", "2026-01-09T15:00:00Z") })
        #expect(try !matches(text, zone: .gmt) { $0.timeRange = range("2026-01-09T14:00:00Z", "2026-01-09T15:00:00Z") })
        var due = prop("DUE")
        due.timeRange = range("2026-01-10T16:00:00Z", "2026-01-10T17:00:00Z")
        #expect(try matches(text, zone: .gmt) { $0.propFilters = [due] })
        #expect(try !matches(text, zone: tokyo) { $0.propFilters = [due] })
    }

    @Test func INTEROP1_valarmTimeRangeUsesTheTriggerTime() throws {
        func alarm(_ start: String, _ end: String) throws -> Bool {
            try matches {
                var valarm = CompFilter(name: "VALARM")
                valarm.timeRange = range(start, end)
                $0.compFilters = [valarm]
            }
        }
        // DUE 10:00 minus 30 minutes.
        #expect(try alarm("2026-01-10T09:30:00Z", "2026-01-10T09:31:00Z"))
        #expect(try !alarm("2026-01-10T09:00:00Z", "2026-01-10T09:30:00Z"))
        #expect(try !alarm("2026-01-10T09:31:00Z", "2026-01-10T12:00:00Z"))
    }

    @Test func INTEROP1_repeatingTodoMatchesAnyOccurrence() throws {
        let weekly = Self.todo.replacingOccurrences(
            of: "STATUS:NEEDS-ACTION", with: "STATUS:NEEDS-ACTION\r\nRRULE:FREQ=WEEKLY;COUNT=10\r\nEXDATE:20260117T090000Z")
        // The third occurrence, 24 January 09:00–10:00.
        #expect(try matches(weekly) { $0.timeRange = range("2026-01-24T09:30:00Z", "2026-01-24T09:45:00Z") })
        // The second was skipped; the eleventh is past COUNT.
        #expect(try !matches(weekly) { $0.timeRange = range("2026-01-17T00:00:00Z", "2026-01-18T00:00:00Z") })
        #expect(try !matches(weekly) { $0.timeRange = range("2026-03-21T00:00:00Z", "2026-03-22T00:00:00Z") })
        #expect(try matches(weekly) { $0.timeRange = range("2026-03-14T00:00:00Z", "2026-03-15T00:00:00Z") })
        // Without COUNT, a range years later still finds its occurrence quickly.
        let forever = weekly.replacingOccurrences(of: ";COUNT=10", with: "")
        #expect(try matches(forever) { $0.timeRange = range("2040-01-07T09:30:00Z", "2040-01-07T09:45:00Z") })
        #expect(try !matches(forever) { $0.timeRange = range("2040-01-08T09:30:00Z", "2040-01-08T09:45:00Z") })
    }
}
