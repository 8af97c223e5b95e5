/// The one-word parts of quick add: a priority ("!high", "p1"), a list ("#Groceries", `#"Home office"`)
/// and labels ("@errand", `@"long label"`).
enum QuickAddMarker: Equatable {
    case priority(TaskPriority)
    case list(String)
    case label(String)

    /// What `word` marks, if anything. A bare name starts with a letter or `_`, so "#42" and "@5pm" stay text;
    /// trailing sentence punctuation is not part of it (quote a name to keep it).
    init?(_ word: QuickAddLine.Word, in line: QuickAddLine) {
        guard !word.isIgnored else { return nil }
        switch word.form {
        case .literal:
            return nil
        case .quotedName(let prefix):
            guard !word.key.isEmpty else { return nil }
            self = prefix == "#" ? .list(word.key) : .label(word.key)
        case .plain:
            if let priority = QuickAddVocabulary.priorities[word.key] {
                self = .priority(priority)
                return
            }
            let core = word.core
            guard core.count >= 2, line.scalars[core.lowerBound] == "#" || line.scalars[core.lowerBound] == "@"
            else { return nil }
            let first = line.scalars[core.lowerBound + 1]
            guard first.properties.isAlphabetic || first == "_" else { return nil }
            let name = line.text((core.lowerBound + 1)..<core.upperBound)
            self = line.scalars[core.lowerBound] == "#" ? .list(name) : .label(name)
        }
    }

    var kind: QuickAddToken.Kind {
        switch self {
        case .priority: .priority
        case .list: .list
        case .label: .label
        }
    }
}
