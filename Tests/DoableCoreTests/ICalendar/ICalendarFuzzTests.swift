import DoableCore
import Foundation
import Testing

/// INTEROP-1: the parser takes whatever a client or an import sends — mutated real-world files and random property
/// soup — without crashing or hanging, and whatever it accepts it writes back so that it reads the same again.
@Suite("ICalendar fuzz")
struct ICalendarFuzzTests {
    static let cases = 10_000
    static let specials: [[UInt8]] = [
        "\r\n", "\n", "\r", ":", ";", "\"", ",", "=", "\\", " ", "\t", "\r\n ",
        "BEGIN:VTODO\r\n", "END:VTODO\r\n", "é", "😀", "\u{1}",
    ].map { Array($0.utf8) }

    @Test func INTEROP1_fuzzedInputNeverCrashesHangsOrChangesOnRewrite() throws {
        var random = SplitMix64(seed: 17)
        let started = ThreadCPUClock.now()
        var slowest = Duration.zero
        var accepted = 0
        for index in 0..<Self.cases {
            let text = index % 4 == 3 ? Self.soup(using: &random) : Self.mutated(using: &random)
            var result: Result<ICalComponent, CalendarObjectError>!
            let elapsed = ThreadCPUClock.measure {
                result = Result { () throws(CalendarObjectError) in try ICalendarParser.parse(text) }
            }
            slowest = max(slowest, elapsed)
            guard case .success(let tree) = result else { continue }
            accepted += 1
            check(tree, case: index)
        }
        // The slowest parse takes milliseconds and the whole test about 5 s of CPU in debug, measured on the test's
        // own thread (ThreadCPUClock) so that other work on the machine does not count. A hang or a quadratic path
        // would blow through both bounds.
        #expect(slowest < .seconds(2))
        #expect(accepted > Self.cases / 5, "only \(accepted) of \(Self.cases) inputs parsed: the fuzz is too blunt")
        #expect(ThreadCPUClock.now() - started < .seconds(60))
    }

    /// What parsed re-parses from its own serialization to an equal tree; mapping and filters take it without a crash.
    func check(_ tree: ICalComponent, case index: Int) {
        let text = tree.serialized()
        guard let again = try? ICalendarParser.parse(text) else {
            Issue.record("case \(index): serialized form does not parse:\n\(text.debugDescription)")
            return
        }
        #expect(again == tree, "case \(index)")
        #expect(again.serialized() == text, "case \(index)")
        _ = VTodoMapping.decodeAll(tree, floatingZone: .gmt)
        if let record = try? VTodoMapping.decode(tree, floatingZone: .gmt) {
            let rewritten = VTodoMapping.encode(record, preserving: tree).serialized()
            var reread = try? VTodoMapping.decode(ICalendarParser.parse(rewritten), floatingZone: .gmt)
            // DTSTAMP is required: the writer adds one when the object had none.
            if record.stamp == nil { reread?.stamp = nil }
            #expect(reread == record, "case \(index): the unchanged record did not survive encode(preserving:)")
            _ = try? ICalendarParser.parse(VTodoMapping.encode(record, preserving: nil).serialized())
        }
        var filter = CompFilter(name: "VCALENDAR")
        var todo = CompFilter(name: "VTODO")
        todo.timeRange = TimeRange(start: Timestamp(milliseconds: 1_767_225_600_000), end: nil)
        var summary = PropFilter(name: "SUMMARY")
        summary.textMatch = TextMatch(text: "a")
        todo.propFilters = [summary]
        var alarm = CompFilter(name: "VALARM")
        alarm.timeRange = TimeRange(start: nil, end: Timestamp(milliseconds: 1_800_000_000_000))
        todo.compFilters = [alarm]
        filter.compFilters = [todo]
        _ = filter.matches(tree, floatingZone: .gmt)
    }

    /// A fixture with one to four byte-level mutations.
    static func mutated(using random: inout SplitMix64) -> String {
        var bytes = Array(ICalendarFixtures.all.randomElement(using: &random)!.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
            case 1: bytes.removeSubrange(position...)
            case 2: bytes.insert(contentsOf: specials.randomElement(using: &random)!, at: position)
            case 3:
                let begins = lineStarts(bytes).filter { bytes[$0...].starts(with: Array("BEGIN:".utf8)) }
                if let start = begins.randomElement(using: &random) {
                    let end = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
                    bytes.insert(contentsOf: bytes[start..<end], at: start)
                }
            case 4:
                let starts = lineStarts(bytes)
                let line = Int.random(in: 0..<starts.count, using: &random)
                let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
                bytes.removeSubrange(starts[line]..<end)
            case 5:
                let starts = lineStarts(bytes)
                let line = Int.random(in: 0..<starts.count, using: &random)
                let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
                bytes.insert(contentsOf: bytes[starts[line]..<end], at: starts.randomElement(using: &random)!)
            case 6: bytes[position] = UInt8.random(in: 0...255, using: &random)
            default: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...20, using: &random)))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == 0x0A && $0 + 1 < bytes.count }.map { $0 + 1 }
    }

    /// A random but mostly well-formed VCALENDAR: random properties, parameters, values and folds, nested components.
    static func soup(using random: inout SplitMix64) -> String {
        let names = [
            "SUMMARY", "DESCRIPTION", "DUE", "DTSTART", "PRIORITY", "STATUS", "CATEGORIES", "RELATED-TO",
            "RRULE", "EXDATE", "TRIGGER", "ACTION", "UID", "X-APPLE-SORT-ORDER", "x-lower", "PERCENT-COMPLETE",
            "COMPLETED", "DURATION", "TZID", "TZOFFSETTO", "TZOFFSETFROM", "SEQUENCE",
        ]
        let values = [
            "20261127", "20261127T090000Z", "20261127T090000", "-PT15M", "P1D", "FREQ=DAILY;COUNT=3",
            "NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "a\\,b,c", "x\\ny\\\\", "5", "100", "", "é😀", "+0100",
            "DISPLAY", "u1", "u2", "a:b;c", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        ]
        let parameters = [
            "VALUE=DATE", "VALUE=DATE-TIME", "TZID=Europe/Berlin", "TZID=\"Custom; Zone\"", "RELATED=END",
            "RELTYPE=PARENT", "X-P=a,\"b:c\",d", "tzid=Custom Zone", "RELATED=START",
        ]
        let components = ["VTODO", "VALARM", "VTIMEZONE", "STANDARD", "DAYLIGHT", "VEVENT", "X-THING"]
        var lines = ["BEGIN:VCALENDAR"]
        var open = ["VCALENDAR"]
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where open.count < 20:
                let name = components.randomElement(using: &random)!
                lines.append("BEGIN:\(name)")
                open.append(name)
            case 1 where open.count > 1:
                lines.append("END:\(open.removeLast())")
            default:
                var line = names.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 0...2, using: &random) { line += ";" + parameters.randomElement(using: &random)! }
                line +=
                    ":"
                    + (0..<Int.random(in: 1...3, using: &random)).map { _ in values.randomElement(using: &random)! }
                    .joined()
                if Bool.random(using: &random), line.utf8.count > 4 {
                    let utf8 = Array(line.utf8)
                    let cut = Int.random(in: 1..<utf8.count, using: &random)
                    line = String(
                        decoding: utf8[..<cut] + Array((Bool.random(using: &random) ? "\r\n " : "\n\t").utf8)
                            + utf8[cut...], as: UTF8.self)
                }
                lines.append(line)
            }
        }
        while let name = open.popLast() {
            if Int.random(in: 0..<50, using: &random) > 0 { lines.append("END:\(name)") }
        }
        return lines.joined(separator: Bool.random(using: &random) ? "\r\n" : "\n") + "\r\n"
    }
}
