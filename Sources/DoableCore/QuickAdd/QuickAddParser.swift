public import Foundation
import PublicInit

/// Reads one quick-add line ("Buy milk tomorrow 17:00 #Groceries @errand !high") into a title and fields.
///
/// The web app's chip preview and the server's save both call this, so they cannot disagree. The parser
/// is pure: the member's time zone and week start come in here, the current moment with each line.
///
/// Recognised parts, all whole words and case-insensitive (see `QuickAddDueGrammar` for dates):
/// - the first date or time becomes `due`; a later one stays in the title;
/// - the first repeat ("every monday", "monthly", see `QuickAddRecurrenceGrammar`) becomes `recurrence`, and
///   `due` its first day on or after the typed due day (or today), at the typed time ("every weekday at 9:30");
/// - the first priority and the first list win, later ones stay in the title; every label counts;
/// - a phrase in double quotes is literal: its words stay in the title without the quotes.
@PublicInit
public struct QuickAddParser: Sendable {
    public var timeZone: TimeZone
    public var weekStart: Preferences.Weekday

    /// A parser for a member's preferences; an unknown zone name counts as UTC.
    public init(preferences: Preferences) {
        let calendar = ZonedCalendar(preferences: preferences)
        self.init(timeZone: calendar.zone, weekStart: calendar.weekStart)
    }

    /// Parses `text` as typed at `now`.
    ///
    /// - Parameter ignored: UTF-16 ranges of `text` the member removed as chips (`QuickAddToken.range`):
    ///   no part that touches one is recognised, so that text stays in the title.
    public func parse(_ text: String, now: Timestamp, ignoring ignored: [Range<Int>] = []) -> QuickAddResult {
        var line = QuickAddLine(text)
        line.ignore(ignored)
        let calendar = QuickAddCalendar(now: now, zone: timeZone, weekStart: weekStart)
        var result = QuickAddResult(title: "")
        var tokenRanges: [Range<Int>] = []
        var seenLabels = Set<String>()
        var isTimeAlone = false
        var index = 0

        func record(_ kind: QuickAddToken.Kind, words: Range<Int>) {
            let first = line.words[words.lowerBound], last = line.words[words.upperBound - 1]
            let scalars = first.core.lowerBound..<last.core.upperBound
            tokenRanges.append(scalars)
            result.tokens.append(QuickAddToken(kind: kind, range: line.utf16Range(scalars), text: line.text(scalars)))
        }

        while index < line.words.count {
            let word = line.words[index]
            if let marker = QuickAddMarker(word, in: line), accepts(marker, into: &result, seenLabels: &seenLabels) {
                record(marker.kind, words: index..<(index + 1))
                index += 1
            } else if let (end, rule) = QuickAddRecurrenceGrammar.match(line, at: index) {
                // A second repeat stays in the title whole, so that its weekday does not become the due date.
                if result.recurrence == nil {
                    result.recurrence = rule
                    record(.recurrence, words: index..<end)
                }
                index = end
            } else if result.due == nil, let (end, phrase) = QuickAddDueGrammar.match(line.words, at: index),
                let due = calendar.resolve(phrase)
            {
                result.due = due
                isTimeAlone = phrase.day == nil
                record(.due, words: index..<end)
                index = end
            } else {
                index += 1
            }
        }
        if let rule = result.recurrence {
            result.due = calendar.firstDue(of: rule, typed: result.due, isTimeAlone: isTimeAlone)
        }
        let quoteMarks = line.words.lazy.filter { $0.form == .literal }
            .reduce(into: Set<Int>()) { marks, word in
                marks.insert(word.scalars.lowerBound)
                marks.insert(word.scalars.upperBound - 1)
            }
        result.title = QuickAddTitle.make(from: line, removing: tokenRanges, quoteMarks: quoteMarks)
        return result
    }

    /// Takes the marker's value unless its field is already set (priority, list); labels add up, each once.
    private func accepts(
        _ marker: QuickAddMarker, into result: inout QuickAddResult,
        seenLabels: inout Set<String>
    ) -> Bool {
        switch marker {
        case .priority(let priority):
            guard result.priority == nil else { return false }
            result.priority = priority
        case .list(let name):
            guard result.listName == nil else { return false }
            result.listName = name
        case .label(let name):
            if seenLabels.insert(name.lowercased()).inserted { result.labelNames.append(name) }
        }
        return true
    }
}
