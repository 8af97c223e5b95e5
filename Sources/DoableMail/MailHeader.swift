import Foundation

/// NOTIF-2: header lines for a 7-bit message. Values lose their CR and LF (no header injection); text that is not
/// plain printable ASCII becomes RFC 2047 encoded words (`=?UTF-8?B?…?=`) of at most 75 characters, each holding
/// whole characters; lines are folded to at most 78 characters.
enum MailHeader {
    static let maxLineLength = 78
    static let maxEncodedWordLength = 75

    /// `Name: value` for free text such as Subject. With `keepsLongWords`, a printable ASCII word too long for one
    /// line (a URL in List-Unsubscribe) stays whole on a longer line instead of being encoded.
    static func text(_ name: String, _ value: String, keepsLongWords: Bool = false) -> String {
        let value = removingLineBreaks(value)
        if value.isEmpty { return fold(name, []) }
        let words = value.split(separator: " ", omittingEmptySubsequences: false)
        let fits =
            keepsLongWords
            ? words.allSatisfy { $0.utf8.count <= 998 - name.utf8.count - 2 }
            : words[0].utf8.count <= firstLineRoom(name) && words.allSatisfy { $0.utf8.count < maxLineLength }
        let staysRaw = fits && isPrintableASCII(value) && !value.contains("=?") && !words.contains(where: \.isEmpty)
        return fold(name, staysRaw ? words.map(String.init) : encodedWords(value, firstLineRoom: firstLineRoom(name)))
    }

    /// `Name: "Display Name" <address>`, or `Name: address` without a display name.
    static func address(_ name: String, _ address: MailAddress) -> String {
        guard let displayName = address.displayName else { return fold(name, [address.address]) }
        let quoted = "\"" + displayName.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        let isRaw = isPrintableASCII(displayName) && !displayName.contains("=?")
        let phrase =
            isRaw && quoted.utf8.count <= firstLineRoom(name)
            ? [quoted]
            : encodedWords(displayName, firstLineRoom: firstLineRoom(name))
        return fold(name, phrase + ["<\(address.address)>"])
    }

    static func removingLineBreaks(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != "\r" && $0 != "\n" })
        return String(scalars)
    }

    /// `Name:` and the tokens separated by single spaces, starting a continuation line before a token that would
    /// not fit. Unfolding (removing each CRLF) gives back `Name: ` and the tokens joined by spaces. The first token
    /// stays on the first line: some parsers keep the white space of a value that starts on a continuation line.
    static func fold(_ name: String, _ tokens: [String]) -> String {
        var text = name + ":"
        var lineLength = text.utf8.count
        for (index, token) in tokens.enumerated() {
            if index > 0, lineLength + 1 + token.utf8.count > maxLineLength {
                text += "\r\n"
                lineLength = 0
            }
            text += " " + token
            lineLength += 1 + token.utf8.count
        }
        return text + "\r\n"
    }

    /// Encoded words for `text`, the first sized to fit after `Name: `, the others to fit a continuation line.
    /// A character (grapheme cluster) goes whole into the next word when it does not fit, else it is split between
    /// Unicode scalars: no UTF-8 sequence is ever split across two words. (After a header name of over 55
    /// characters, too long for a word on the first line, that line may pass 78.)
    static func encodedWords(_ text: String, firstLineRoom: Int) -> [String] {
        let overhead = "=?UTF-8?B??=".utf8.count
        func capacity(_ wordLength: Int) -> Int { max(0, (wordLength - overhead) / 4 * 3) }
        let fullCapacity = capacity(maxEncodedWordLength)
        var limit = capacity(min(firstLineRoom, maxEncodedWordLength))
        var chunks: [[UInt8]] = [[]]

        func append(_ bytes: some Collection<UInt8>) -> Bool {
            guard chunks[chunks.count - 1].count + bytes.count <= limit else { return false }
            chunks[chunks.count - 1].append(contentsOf: bytes)
            return true
        }
        func startWord() {
            if !chunks[chunks.count - 1].isEmpty { chunks.append([]) }
            limit = fullCapacity
        }
        for character in text where !append(character.utf8) {
            if character.utf8.count <= fullCapacity, !chunks[chunks.count - 1].isEmpty {
                startWord()
                _ = append(character.utf8)
                continue
            }
            for scalar in character.unicodeScalars where !append(scalar.utf8) {
                startWord()
                _ = append(scalar.utf8)
            }
        }
        return chunks.filter { !$0.isEmpty }.map { "=?UTF-8?B?" + Data($0).base64EncodedString() + "?=" }
    }

    private static func firstLineRoom(_ name: String) -> Int { maxLineLength - name.utf8.count - 2 }

    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
