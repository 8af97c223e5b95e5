import DoableArt
/// TASK-12: a comment's plain text as HTML: every character escaped, and only `http://` and `https://` addresses
/// made into links (never `javascript:` or other schemes), which open without the page's referrer or a handle on
/// it and carry no endorsement (`rel="noopener noreferrer nofollow"`).
enum TextLinks {
    static func html(_ text: String) -> HTML {
        var result = HTML.empty
        var plainStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if startsWord(text, at: index), let end = linkEnd(text, from: index) {
                result += "\(text[plainStart..<index])"
                let address = String(text[index..<end])
                result += "<a href=\"\(address)\" rel=\"noopener noreferrer nofollow\">\(address)</a>"
                index = end
                plainStart = end
            } else {
                index = text.index(after: index)
            }
        }
        result += "\(text[plainStart...])"
        return result
    }

    /// A link starts where a word starts: "xhttp://" is not one.
    private static func startsWord(_ text: String, at index: String.Index) -> Bool {
        guard index > text.startIndex else { return true }
        let previous = text[text.index(before: index)]
        return !(previous.isLetter || previous.isNumber)
    }

    /// Where the address starting at `start` ends, or nil when no http(s) address with a host starts there.
    private static func linkEnd(_ text: String, from start: String.Index) -> String.Index? {
        let rest = text[start...]
        let scheme = ["https://", "http://"].first { rest.prefix($0.count).lowercased() == $0 }
        guard let scheme else { return nil }
        var end = text.index(start, offsetBy: scheme.count)
        let hostStart = end
        while end < text.endIndex, isAddressCharacter(text[end]) { end = text.index(after: end) }
        // Punctuation that ends a sentence or closes a bracket around the address is not part of it, unless the
        // address opened that bracket itself (Wikipedia's "Swift_(language)").
        while end > hostStart {
            let last = text[text.index(before: end)]
            if ".,:;!?'\"*".contains(last) {
                end = text.index(before: end)
            } else if let open = closing[last],
                text[start..<end].filter({ $0 == open }).count < text[start..<end].filter({ $0 == last }).count
            {
                end = text.index(before: end)
            } else {
                break
            }
        }
        guard end > hostStart, text[hostStart].isLetter || text[hostStart].isNumber || text[hostStart] == "["
        else { return nil }
        return end
    }

    private static let closing: [Character: Character] = [")": "(", "]": "[", "}": "{"]

    /// Characters an address may hold as people paste them: anything visible except quotes and angle brackets.
    private static func isAddressCharacter(_ character: Character) -> Bool {
        guard !character.isWhitespace else { return false }
        return !"<>\"`".contains(character)
            && character.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }
}
