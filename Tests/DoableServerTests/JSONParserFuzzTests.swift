@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import Testing

/// Issue 10, proof: a generated-input fuzz run of the request-body JSON parser. Deterministic (seeded), so any
/// failure can be replayed; each test reports how many inputs it ran.
@Suite("JSON parser fuzz")
struct JSONParserFuzzTests {
    func ours(_ bytes: [UInt8]) -> ParsedJSON? { try? JSONParser.parse(bytes) }
    func foundation(_ bytes: [UInt8]) -> ParsedJSON? {
        try? JSONDecoder().decode(ParsedJSON.self, from: Data(bytes))
    }

    /// 20,000 random documents written with random spacing and escapes: each parses to the value it was written
    /// from (objects without repeated names).
    @Test func Q7_issue10_generatedDocumentsRoundTrip() {
        var random = SplitMix(seed: 0xD0AB1E)
        var checked = 0
        for _ in 0..<20_000 {
            var writer = JSONFuzzWriter(random: random)
            let value = writer.value(depth: 0)
            var text: [UInt8] = []
            writer.write(value, into: &text)
            random = writer.random
            let parsed = ours(text)
            #expect(parsed == value, "\(String(decoding: text, as: UTF8.self))")
            checked += 1
        }
        print("JSON fuzz: \(checked) generated documents round-tripped")
        #expect(checked == 20_000)
    }

    /// 30,000 random byte strings (JSON punctuation, digits, letters of the literals, escapes, invalid UTF-8 and
    /// control bytes), and every prefix of the generated documents' first 300: no crash, and whatever ours accepts,
    /// Foundation reads the same (Foundation accepts more: trailing commas, repeated names, lone surrogates).
    @Test func Q7_issue10_randomBytesAndTruncationsNeverCrashAndNeverDisagree() {
        var random = SplitMix(seed: 0xF022)
        let alphabet =
            Array(#"{}[]:,"\ 0123456789-+.eEtruefalsnl/ubfr"#.utf8) + [
                0x00, 0x09, 0x0A, 0x7F, 0xC3, 0xA9,
                0xFF, 0xED, 0xA0, 0x80, 0xF0, 0x9F,
            ]
        var accepted = 0
        var refused = 0
        func run(_ bytes: [UInt8]) {
            guard let mine = ours(bytes) else {
                refused += 1
                return
            }
            accepted += 1
            #expect(mine == foundation(bytes), "\(bytes)")
        }
        for round in 0..<30_000 {
            let length = Int(random.next() % UInt64(round % 10 == 0 ? 200 : 24))
            run((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var truncations = 0
        for _ in 0..<300 {
            var writer = JSONFuzzWriter(random: random)
            var text: [UInt8] = []
            writer.write(writer.value(depth: 0), into: &text)
            random = writer.random
            for end in 0..<text.count {
                run(Array(text[..<end]))
                truncations += 1
            }
        }
        print("JSON fuzz: \(30_000 + truncations) random or truncated inputs, \(accepted) accepted, \(refused) refused")
        #expect(accepted + refused == 30_000 + truncations)
    }

    /// Nesting far beyond the limit, huge numbers and long strings: refused or read, never a crash.
    @Test func Q7_issue10_extremesAreRefusedWithoutCrashing() {
        for depth in [100, 1_000, 100_000] {
            #expect(ours(Array(repeating: UInt8(ascii: "["), count: depth)) == nil)
            let closed =
                Array(repeating: UInt8(ascii: "["), count: depth)
                + Array(
                    repeating: UInt8(ascii: "]"),
                    count: depth)
            #expect(ours(closed) == nil, "depth \(depth) is over the limit")
            let objects = Array(String(repeating: #"{"a":"#, count: depth).utf8)
            #expect(ours(objects) == nil)
        }
        #expect(ours(Array(("1" + String(repeating: "0", count: 100_000)).utf8)) == nil, "too large for a Double")
        let long = "\"" + String(repeating: "\\u00e9", count: 100_000) + "\""
        #expect(ours(Array(long.utf8)) == .string(String(repeating: "é", count: 100_000)))
    }
}

/// Writes random JSON values as text with random whitespace and escape choices.
struct JSONFuzzWriter {
    var random: SplitMix

    mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }

    mutating func value(depth: Int) -> ParsedJSON {
        switch pick(depth >= 5 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(pick(2) == 0)
        case 2: return .number(number())
        case 3: return .string(string())
        case 4: return .array((0..<pick(5)).map { _ in value(depth: depth + 1) })
        default:
            var members: [String: ParsedJSON] = [:]
            for _ in 0..<pick(5) { members[string()] = value(depth: depth + 1) }
            return .object(members)
        }
    }

    mutating func number() -> Double {
        switch pick(4) {
        case 0: return Double(Int64(bitPattern: random.next()) % 1_000_000)
        case 1: return Double(pick(1_000_000)) / 1_000
        case 2: return -Double(pick(100)) * 1e10
        default: return Double(pick(2))  // 0 and 1
        }
    }

    mutating func string() -> String {
        let pieces = ["a", "Z", "é", "🛒", "\"", "\\", "/", "\n", "\t", "\u{1}", " ", "€", "e\u{301}", "中"]
        return (0..<pick(8)).map { _ in pieces[pick(pieces.count)] }.joined()
    }

    mutating func space(_ out: inout [UInt8]) {
        for _ in 0..<pick(3) { out.append([0x20, 0x09, 0x0A, 0x0D][pick(4)]) }
    }

    mutating func write(_ value: ParsedJSON, into out: inout [UInt8]) {
        space(&out)
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .number(let number):
            let text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
            out += Array(text.utf8)
        case .longNumber(_, let literal): out += Array(literal.utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            space(&out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                space(&out)
                writeString(key, into: &out)
                space(&out)
                out.append(UInt8(ascii: ":"))
                write(member, into: &out)
            }
            space(&out)
            out.append(UInt8(ascii: "}"))
        }
        space(&out)
    }

    mutating func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\t": out += Array((pick(2) == 0 ? "\\t" : "\\u0009").utf8)
            default:
                if scalar.value < 0x20 {
                    out += Array(String(format: "\\u%04x", scalar.value).utf8)
                } else if pick(4) == 0 {
                    for unit in String(scalar).utf16 { out += Array(String(format: "\\u%04X", unit).utf8) }
                } else if scalar == "/" && pick(2) == 0 {
                    out += Array("\\/".utf8)
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
