@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import DoableDomain
import Foundation
import Testing

/// Request bodies are parsed by `JSONParser`; Foundation's decoder is the reference it must agree with.
@Suite("JSON parser")
struct JSONParserTests {
    func ours(_ text: String) -> ParsedJSON? { try? JSONParser.parse(Array(text.utf8)) }
    func foundation(_ text: String) -> ParsedJSON? { try? JSONDecoder().decode(ParsedJSON.self, from: Data(text.utf8)) }

    static let valid = [
        #"{"title":"Milk","priority":"high","estimatedMinutes":25,"labelIds":[],"due":null,"done":true}"#,
        #" { "a" : [ 1 , -2.5e3 , 0 , 0.125 , 1E+2 , -0 ] , "b" : { "c" : false } } "#,
        #""quote \" back\\slash \/ \b\f\n\r\t \u00e9 \u20AC \ud83d\uDE80 \u0000""#,
        #"[]"#, #"{}"#, "12345678901234567890", "-0.0", #"["é🛒 ünï", "tab\tinside"]"#,
        #"{"same":1,"other":{"same":2}}"#,
    ]

    static let invalid = [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{'a':1}", "{a:1}", "[01]", "1.", ".5", "-", "+1", "1e", "1e+",
        "0x10", "NaN", "Infinity", "1e400", "1e-400", "tru", "nul", "[true false]", "\"unterminated", "\"tab\there\"",
        "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\udE80\"", "\"\\ud83d\\u0041\"", "{\"a\" 1}", "[1] [2]",
        "{\"a\":1}}", "\u{FEFF}{}", "[" + String(repeating: "[", count: 100) + String(repeating: "]", count: 101),
    ]

    @Test func Q7_validDocumentsParseAsFoundationParsesThem() throws {
        for text in Self.valid {
            let parsed = try #require(ours(text), "\(text)")
            #expect(parsed == foundation(text), "\(text)")
        }
        #expect(ours(#""\u0041\u00e9\ud83d\ude80""#) == .string("Aé🚀"))
        #expect(ours("[1, 2.5, -3e2]") == .array([.number(1), .number(2.5), .number(-300)]))
    }

    @Test func Q7_malformedDocumentsAreRefused() {
        for text in Self.invalid { #expect(ours(text) == nil, "\(text.debugDescription)") }
        #expect((try? JSONParser.parse([0x22, 0xFF, 0xFE, 0x22])) == nil, "invalid UTF-8")
        #expect((try? JSONParser.parse([0x22, 0xC3, 0x22])) == nil, "truncated UTF-8")
    }

    /// Issue 10, finding 6: a name repeated in one object is refused (readers disagree on which value wins), and
    /// the error names it; the same name in different objects is fine.
    @Test func Q7_anObjectThatRepeatsANameIsRefusedNamingIt() {
        for text in [#"{"title":"a","title":"b"}"#, #"{"a":{"b":1,"c":2,"b":3}}"#, #"[{"x":1},{"y":1,"y":1}]"#] {
            #expect(throws: JSONParser.DuplicateKey.self, "\(text)") { try JSONParser.parse(Array(text.utf8)) }
        }
        do {
            _ = try JSONParser.parse(Array(#"{"title":"a","notes":"","title":"b"}"#.utf8))
        } catch let error as JSONParser.DuplicateKey {
            #expect(error.key == "title")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(ours(#"{"same":1,"other":{"same":2}}"#) != nil)
    }

    /// Mutations of valid documents (bytes dropped, swapped, duplicated, replaced): what ours accepts, Foundation
    /// reads the same; what Foundation refuses, ours refuses too.
    @Test func Q7_agreesWithFoundationOnMutatedDocuments() {
        var generator = SplitMix(seed: 20261121)
        let alphabet = Array(#"{}[]:,"\ 0123456789-+.eEtruefalsnl/u"#.utf8)
        var compared = 0
        for round in 0..<4_000 {
            var bytes = Array(Self.valid[round % Self.valid.count].utf8)
            for _ in 0...(round % 3) where !bytes.isEmpty {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes.remove(at: position)
                case 1: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 2: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                default: bytes.swapAt(position, Int(generator.next() % UInt64(bytes.count)))
                }
            }
            guard let text = String(validating: bytes, as: UTF8.self) else { continue }
            compared += 1
            let (mine, reference) = (ours(text), foundation(text))
            if let mine {
                #expect(mine == reference, "\(Array(text.utf8))")
            } else if reference != nil {
                // Foundation is lenient where RFC 8259 is not: trailing commas, and a repeated name is not parsed
                // after the first. Ours refuses both; nothing else may differ.
                let trailingComma = text.range(of: #",\s*[\]}]"#, options: .regularExpression) != nil
                let repeatedName = text.components(separatedBy: "\"same\"").count > 2
                #expect(trailingComma || repeatedName, "\(Array(text.utf8))")
            }
        }
        #expect(compared > 3_000)
    }
}

/// A small deterministic generator, so a failing mutation can be reproduced.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
