import DoableCore

extension PostingQuery {
    /// The search words, split as `TaskQuery.searchWords` splits them: letters and digits, lower-cased, in NFC, at
    /// most 16; each is matched as the prefix of a word of the title or description.
    var searchWords: [String] {
        Rules.matchKey(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(16).map(String.init)
    }
}

extension GeoSearchBox {
    /// Up to this many latitude cells the stores look each one up in their near-me index; a taller box (a radius
    /// above ~550 km) reads its band of cells whole.
    static let maximumLookedUpCells = 1_000
}
