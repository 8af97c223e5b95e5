import PublicInit

/// What quick add understood in one typed line: the fields to save and the parts it recognised.
public struct QuickAddResult: Hashable, Sendable {
    /// The words that were not recognised, whitespace collapsed and trimmed; literal quotes removed.
    public var title: String
    public var due: TaskDate?
    /// How the task repeats ("every monday"); `due` is then its first occurrence.
    public var recurrence: RecurrenceRule?
    public var priority: TaskPriority?
    public var listName: String?
    /// Every label named, in the order typed, each once (compared case-insensitively).
    public var labelNames: [String]
    /// Every recognised part in the order typed: the web app shows each as a removable chip.
    public var tokens: [QuickAddToken]

    public init(
        title: String, due: TaskDate? = nil, recurrence: RecurrenceRule? = nil, priority: TaskPriority? = nil,
        listName: String? = nil, labelNames: [String] = [], tokens: [QuickAddToken] = []
    ) {
        self.title = title
        self.due = due
        self.recurrence = recurrence
        self.priority = priority
        self.listName = listName
        self.labelNames = labelNames
        self.tokens = tokens
    }

    public static let missingTitleMessage =
        "Add a title: a line that is only a date, priority, list or label is not a task."

    /// True when nothing is left for a title, e.g. for the line "tomorrow".
    public var isTitleMissing: Bool { title.isEmpty }

    /// The title as a task may be saved with it, or the refusal naming `title` (400).
    public func validatedTitle() throws -> String {
        if title.isEmpty && !tokens.isEmpty {
            throw DoableError.invalid("title", Self.missingTitleMessage)
        }
        return try Rules.taskTitle(title)
    }
}

/// One recognised part of a quick-add line.
@PublicInit
public struct QuickAddToken: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case due, recurrence, priority, list, label
    }

    public var kind: Kind
    /// Where the part is in the typed line, in UTF-16 code units (as JavaScript counts string offsets).
    public var range: Range<Int>
    /// The part exactly as typed, e.g. `tomorrow at 5pm` or `#"Home office"`.
    public var text: String
}
