@testable import DoableMail
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import Testing

/// NOTIF-2: seeded fuzz runs of mail header encoding (RFC 2047 encoded words, folding, CR/LF stripping) and of
/// quoted-printable bodies, each output checked for its line rules and decoded back by the small decoders below.
@Suite("Mail header encoding fuzz")
struct MailHeaderEncodingFuzzTests {
    static let names = ["Subject", "To", "X-Doable-Notification-Category-Name", "Comments"]

    /// NOTIF-2: 5,000 random unstructured values (ASCII, Latin-1, CJK, emoji, combining marks, CR/LF, controls).
    @Test func NOTIF2_unstructuredHeadersRoundTrip() throws {
        var random = SplitMix(seed: 0x5A17_2047)
        for _ in 0..<5_000 {
            let value = MailFuzzText.make(using: &random)
            let name = Self.names.randomElement(using: &random)!
            let header = MailHeader.text(name, value)
            let context = "\(name): \(value.debugDescription) → \(header.debugDescription)"
            let decoded = try #require(MailHeaderDecoder.value(of: header, name: name), "\(context)")
            #expect(Array(decoded.utf8) == Array(MailHeader.removingLineBreaks(value).utf8), "\(context)")
        }
    }

    /// NOTIF-2: 3,000 random display names rendered in an address header decode back to the name.
    @Test func NOTIF2_displayNamesRoundTrip() throws {
        var random = SplitMix(seed: 0xD15_9A7E)
        for _ in 0..<3_000 {
            let name = MailFuzzText.make(using: &random)
            let address = try MailAddress("someone@example.org", displayName: name)
            let header = MailHeader.address("From", address)
            let context = "\(name.debugDescription) → \(header.debugDescription)"
            let value = try #require(MailHeaderDecoder.value(of: header, name: "From", phrase: true), "\(context)")
            let expected = address.displayName.map { MailHeaderDecoder.phrase(of: $0) } ?? "someone@example.org"
            #expect(Array(value.utf8) == Array(expected.utf8), "\(context)")
        }
    }

    /// NOTIF-2: 3,000 random bodies survive quoted-printable with lines of at most 76 printable characters.
    @Test func NOTIF2_quotedPrintableRoundTrips() {
        var random = SplitMix(seed: 0x0B0D_7E57)
        for round in 0..<3_000 {
            var body = MailFuzzText.make(using: &random, maxLength: round % 10 == 0 ? 600 : 120)
            if round % 7 == 0 { body += "  \t" }
            let encoded = QuotedPrintable.encode(body)
            let lines = MailHeaderDecoder.crlfLines(encoded)
            #expect(lines != nil, "bare CR or LF in \(encoded.debugDescription)")
            for line in lines ?? [] {
                #expect(line.utf8.count <= 76, "\(line.debugDescription)")
                #expect(line.utf8.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 }, "\(line.debugDescription)")
                #expect(line.last != " " && line.last != "\t", "trailing white space in \(line.debugDescription)")
            }
            let decoded = MailHeaderDecoder.quotedPrintable(encoded)
            let context = "\(body.debugDescription) → \(encoded.debugDescription)"
            #expect(decoded == MailHeaderDecoder.crlfLineBreaks(body), "\(context)")
        }
    }
}

/// Random text drawn from the kinds of characters that break header encoders.
enum MailFuzzText {
    static let pools: [[Unicode.Scalar]] = [
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?-_=?\"\\()<>@".unicodeScalars),
        Array("      ".unicodeScalars),
        (0xC0...0xFF).compactMap(Unicode.Scalar.init),
        (0x4E00...0x4FFF).compactMap(Unicode.Scalar.init),
        (0x1F300...0x1F64F).compactMap(Unicode.Scalar.init) + ["\u{200D}", "\u{FE0F}"],
        (0x0300...0x036F).compactMap(Unicode.Scalar.init),
        ["\r", "\n", "\r", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}"],
        Array("=?UTF-8?B?".unicodeScalars),
    ]

    static func make(using random: inout SplitMix, maxLength: Int = 120) -> String {
        let length = Int.random(in: 0...maxLength, using: &random)
        var scalars = String.UnicodeScalarView()
        // Runs from one pool at a time, so long ASCII words and long emoji runs both occur.
        while scalars.count < length {
            let pool = pools.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                scalars.append(pool.randomElement(using: &random)!)
            }
        }
        return String(scalars)
    }
}

/// Just enough RFC 2047 and quoted-printable decoding to check what `MailHeader` and `QuotedPrintable` write.
enum MailHeaderDecoder {
    /// The value of a header written by `MailHeader`, after checking its form: CRLF only at line ends, lines of at
    /// most 78 printable ASCII characters, encoded words of at most 75 each holding whole UTF-8 characters.
    /// `phrase` reads a display name (quoted string or encoded words) before the address. Nil when any rule fails.
    static func value(of header: String, name: String, phrase: Bool = false) -> String? {
        guard var lines = crlfLines(header), lines.last == "" else { return nil }
        lines.removeLast()
        guard lines[0].hasPrefix(name + ":"), lines.dropFirst().allSatisfy({ $0.hasPrefix(" ") && $0.count > 1 })
        else { return nil }
        for line in lines {
            guard line.utf8.count <= 78, line.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        }
        let unfolded = lines.joined().dropFirst(name.count + 1)
        let value = unfolded.hasPrefix(" ") ? unfolded.dropFirst() : unfolded
        var tokens = value.split(separator: " ", omittingEmptySubsequences: false)
        var address: Substring?
        if phrase, tokens.count == 1 { return String(tokens[0]) }  // a bare address, without display name
        if phrase, tokens.count > 1, let last = tokens.last, last.hasPrefix("<") {
            address = last.dropFirst().dropLast()
            tokens.removeLast()
            let text = tokens.joined(separator: " ")
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                return unescapeQuoted(text.dropFirst().dropLast()) + " <\(address!)>"
            }
        }
        guard let text = encodedWords(tokens) ?? (phrase ? nil : tokens.joined(separator: " ")) else { return nil }
        return address.map { text + " <\($0)>" } ?? text
    }

    /// What `value(of:phrase:)` gives for a display name: the name (without CR/LF) and the address.
    static func phrase(of displayName: String) -> String { displayName + " <someone@example.org>" }

    /// The text of tokens that are all encoded words, else nil (and nil for an invalid word).
    static func encodedWords(_ tokens: [Substring]) -> String? {
        guard !tokens.isEmpty, tokens.allSatisfy({ $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") }) else {
            return nil
        }
        var text = ""
        for token in tokens {
            guard token.count <= 75, let data = Data(base64Encoded: String(token.dropFirst(10).dropLast(2))),
                let piece = String(validating: data, as: UTF8.self)  // a split character fails here
            else { return nil }
            text += piece
        }
        return text
    }

    static func unescapeQuoted(_ text: Substring) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if !escaped, character == "\\" { escaped = true; continue }
            result.append(character)
            escaped = false
        }
        return result
    }

    /// The lines of `text` split at each CRLF; nil if it holds a CR or LF that is not part of a CRLF.
    static func crlfLines(_ text: String) -> [String]? {
        var lines: [String] = []
        var line: [UInt8] = []
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case 0x0D:
                guard bytes.next() == 0x0A else { return nil }
                lines.append(String(decoding: line, as: UTF8.self))
                line = []
            case 0x0A: return nil
            default: line.append(byte)
            }
        }
        return lines + [String(decoding: line, as: UTF8.self)]
    }

    /// The UTF-8 of `text` with each LF, CRLF or lone CR as CRLF.
    static func crlfLineBreaks(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A, previous == 0x0D {
                previous = byte
                continue
            }
            bytes += byte == 0x0D || byte == 0x0A ? [0x0D, 0x0A] : [byte]
            previous = byte
        }
        return bytes
    }

    static func quotedPrintable(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "=") {
                if input[index + 1] == 0x0D {
                    index += 3  // soft line break
                    continue
                }
                bytes.append(UInt8(String(decoding: input[index + 1...index + 2], as: UTF8.self), radix: 16) ?? 0)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return bytes
    }
}
