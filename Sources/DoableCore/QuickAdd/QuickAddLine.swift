import Foundation

/// A typed quick-add line cut into words, with each word's place in scalars and in UTF-16 code units.
///
/// A word is a run of non-space characters. A double-quoted phrase (straight or curly quotes, the opening
/// quote starting a word) is one literal word, also when it follows `#` or `@`. A quote without its
/// closing partner is an ordinary character.
struct QuickAddLine {
    struct Word {
        enum Form: Equatable {
            /// Ordinary text, matched by its lowercased core.
            case plain
            /// `"…"`: never parsed; the quotes leave the title, the words inside stay.
            case literal
            /// `#"…"` or `@"…"`: a list or label name with spaces; `key` holds the name as typed.
            case quotedName(prefix: Unicode.Scalar)
        }

        var form: Form
        /// The whole word, in scalar indices.
        var scalars: Range<Int>
        /// What a token covers: the word without trailing sentence punctuation (`tomorrow,` → `tomorrow`).
        var core: Range<Int>
        /// The lowercased core of a plain word; the name inside the quotes of a quoted name.
        var key: String
        /// Set on words inside a range the member asked to ignore: they are never recognised.
        var isIgnored = false

        /// Trailing punctuation ends a phrase: `fri, 5pm` is a day and a separate time.
        var endsPhrase: Bool { core.upperBound < scalars.upperBound }
    }

    let scalars: [Unicode.Scalar]
    /// `utf16Offsets[i]` is where scalar `i` starts in UTF-16; the last element is the line's UTF-16 length.
    let utf16Offsets: [Int]
    private(set) var words: [Word] = []

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF16.width(scalar)
        }
        offsets.append(offset)
        utf16Offsets = offsets
        words = scanWords()
    }

    func utf16Range(_ scalarRange: Range<Int>) -> Range<Int> {
        utf16Offsets[scalarRange.lowerBound]..<utf16Offsets[scalarRange.upperBound]
    }

    func text(_ scalarRange: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[scalarRange])
        return String(view)
    }

    /// Marks every word that overlaps one of `ranges` (UTF-16) as ignored.
    mutating func ignore(_ ranges: [Range<Int>]) {
        guard !ranges.isEmpty else { return }
        for index in words.indices {
            let range = utf16Range(words[index].scalars)
            if ranges.contains(where: { $0.overlaps(range) }) { words[index].isIgnored = true }
        }
    }

    private func scanWords() -> [Word] {
        // The first closing quote at or after each index, found in one pass so that scanning stays linear.
        var closingQuote = [Int?](repeating: nil, count: scalars.count + 1)
        for index in scalars.indices.reversed() {
            closingQuote[index] = Self.isClosingQuote(scalars[index]) ? index : closingQuote[index + 1]
        }
        var words: [Word] = []
        var index = 0
        while index < scalars.count {
            if scalars[index].properties.isWhitespace {
                index += 1
                continue
            }
            let word = quotedWord(at: index, closingQuote: closingQuote) ?? plainWord(at: index)
            words.append(word)
            index = word.scalars.upperBound
        }
        return words
    }

    private func quotedWord(at start: Int, closingQuote: [Int?]) -> Word? {
        var open = start
        var form = Word.Form.literal
        if scalars[start] == "#" || scalars[start] == "@" {
            form = .quotedName(prefix: scalars[start])
            open += 1
        }
        guard open < scalars.count, Self.isOpeningQuote(scalars[open]),
            let close = closingQuote[open + 1]
        else { return nil }
        let inside = text((open + 1)..<close)
        let key = form == .literal ? inside : inside.trimmingCharacters(in: .whitespacesAndNewlines)
        return Word(form: form, scalars: start..<(close + 1), core: start..<(close + 1), key: key)
    }

    private func plainWord(at start: Int) -> Word {
        var end = start
        while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
        var coreEnd = end
        while coreEnd > start, Self.isSentencePunctuation(scalars[coreEnd - 1]) { coreEnd -= 1 }
        var key = text(start..<coreEnd).lowercased()
        // The last dot of "a.m." and "p.m." belongs to the word.
        if coreEnd < end, scalars[coreEnd] == ".", key.hasSuffix("a.m") || key.hasSuffix("p.m") {
            coreEnd += 1
            key += "."
        }
        return Word(form: .plain, scalars: start..<end, core: start..<coreEnd, key: key)
    }

    static func isOpeningQuote(_ scalar: Unicode.Scalar) -> Bool { scalar == "\"" || scalar == "\u{201C}" }
    static func isClosingQuote(_ scalar: Unicode.Scalar) -> Bool { scalar == "\"" || scalar == "\u{201D}" }

    /// Punctuation that may follow a recognised word without being part of it.
    static func isSentencePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", ".", ";", "!", "?": true
        default: false
        }
    }
}
