public import Foundation
import PublicInit

/// Where an item sits in the file it came from: the line of a CSV row, or the 1-based place of a JSON object or a
/// VTODO among its kind. Reports name it so that a person can find the item.
public enum ImportPosition: Sendable, Hashable {
    case line(Int)
    case item(Int)
}

/// One task read from a file, in Doable's terms but not yet checked against Doable's rules (the domain does that,
/// and skips what breaks one).
public struct ImportRow: Sendable, Equatable {
    public var position: ImportPosition
    /// Unique within the file: what `parentKey` of another row refers to (a Taskwarrior uuid, an iCalendar UID).
    public var key: String
    public var parentKey: String?
    public var title: String
    public var notes: String = ""
    public var status: TaskStatus = .pending
    public var priority: TaskPriority = .none
    public var due: TaskDate?
    public var start: TaskDate?
    public var completedAt: Timestamp?
    /// Label names as the file spells them, in order, each once (compared case-insensitively).
    public var labels: [String] = []
    /// An RRULE value, checked by the domain against `RecurrenceRule` and the task's dates.
    public var recurrence: String?
    public var recurrenceBasis: RecurrenceBasis = .due
    public var estimatedMinutes: Int?
    /// VALARMs (iCalendar only): reminders of the importing member.
    public var alarms: [Reminder.Trigger] = []
    public var createdAt: Timestamp?

    public init(position: ImportPosition, key: String, title: String) {
        self.position = position
        self.key = key
        self.title = title
    }

    /// Adds a label name unless one that matches it ignoring case is there already.
    public mutating func addLabel(_ name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        let key = Rules.matchKey(trimmed)
        if !labels.contains(where: { Rules.matchKey($0) == key }) { labels.append(trimmed) }
    }

    /// Appends a paragraph to the notes.
    public mutating func appendNote(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        notes = notes.isEmpty ? trimmed : notes + "\n\n" + trimmed
    }
}

/// Something of the file that was not imported: a whole item (`field` nil) or one field of an imported task (the
/// task is imported without it; `field` names it in the API's terms).
@PublicInit
public struct ImportSkip: Sendable, Equatable {
    public var position: ImportPosition
    public var title: String
    public var field: String?
    public var reason: String
}

/// A file read: its tasks in file order, and what was left out while reading it.
@PublicInit
public struct ImportFile: Sendable {
    public var format: ImportFormat
    public var rows: [ImportRow] = []
    public var skipped: [ImportSkip] = []
}

/// What reading needs to know of the importing member: dates without a zone are in `zone`, and relative phrases
/// ("every monday") count from `now`.
public struct ImportContext: Sendable {
    public var zone: TimeZone
    public var weekStart: Preferences.Weekday
    public var now: Timestamp

    public init(zone: TimeZone, weekStart: Preferences.Weekday = .monday, now: Timestamp = .now) {
        self.zone = zone
        self.weekStart = weekStart
        self.now = now
    }

    public init(preferences: Preferences, now: Timestamp) {
        let calendar = ZonedCalendar(preferences: preferences)
        self.init(zone: calendar.zone, weekStart: calendar.weekStart, now: now)
    }

    var calendar: ZonedCalendar { ZonedCalendar(zone: zone, weekStart: weekStart) }
}
