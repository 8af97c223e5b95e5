/// Builds the title from what quick add did not recognise.
enum QuickAddTitle {
    /// The line without the `removed` scalars, whitespace collapsed and trimmed.
    ///
    /// Punctuation right after a recognised part joins the word before it ("Call mom tomorrow, then
    /// pack" → "Call mom, then pack"), and is dropped when nothing comes before it. `quoteMarks` (the
    /// quotes around literals) just disappear.
    static func make(from line: QuickAddLine, removing tokens: [Range<Int>], quoteMarks: Set<Int>) -> String {
        var isRemoved = [Bool](repeating: false, count: line.scalars.count)
        for range in tokens { for index in range { isRemoved[index] = true } }
        var title = String.UnicodeScalarView()
        var pendingSpace = false
        var followsToken = false
        for (index, scalar) in line.scalars.enumerated() {
            if isRemoved[index] {
                followsToken = true
                continue
            }
            if quoteMarks.contains(index) { continue }
            if scalar.properties.isWhitespace {
                pendingSpace = true
                followsToken = false
                continue
            }
            if followsToken && QuickAddLine.isSentencePunctuation(scalar) {
                if title.isEmpty { continue }
                pendingSpace = false
            } else {
                followsToken = false
            }
            if pendingSpace && !title.isEmpty { title.append(" ") }
            pendingSpace = false
            title.append(scalar)
        }
        return String(title)
    }
}
