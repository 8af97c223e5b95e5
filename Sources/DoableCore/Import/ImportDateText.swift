public import Foundation

/// A date written as text in an exported file (Todoist's DATE column): ISO 8601 (`2026-12-01`,
/// `2026-12-01T10:00:00Z`, `2026-12-01 10:00`), or English as quick add reads it (`Dec 1 2026 10:00`, `1 December
/// 2026`, `tomorrow 5pm`), including repeats (`every monday`, `every weekday at 9:30`, `daily`).
public enum ImportDateText {
    public struct Reading: Sendable, Equatable {
        public var due: TaskDate?
        /// The RRULE of a repeating phrase; `due` is then its first occurrence from `now`.
        public var recurrence: String?
    }

    /// What the text means in `zone`, or nil when it is not a date Doable understands.
    public static func read(_ text: String, zone: TimeZone, weekStart: Preferences.Weekday, now: Timestamp)
        -> Reading?
    {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let date = isoDate(trimmed, zone: zone) { return Reading(due: date) }
        // Quick add reads whole words; commas ("Dec 1, 2026") and a leading weekday ("Tue 1 Dec") are decoration.
        let words = trimmed.replacingOccurrences(of: ",", with: " ").split(whereSeparator: \.isWhitespace)
        let cleaned = words.enumerated().filter { index, word in
            !(index == 0 && words.count > 2 && weekdayNames.contains(word.lowercased()))
        }.map { String($0.element) }.joined(separator: " ")
        let parsed = QuickAddParser(timeZone: zone, weekStart: weekStart).parse(cleaned, now: now)
        guard parsed.title.isEmpty, parsed.priority == nil, parsed.listName == nil, parsed.labelNames.isEmpty,
            parsed.due != nil || parsed.recurrence != nil
        else { return nil }
        return Reading(due: parsed.due, recurrence: parsed.recurrence?.description)
    }

    /// `YYYY-MM-DD` (a whole day), RFC 3339, or a local date and time (`YYYY-MM-DDTHH:MM[:SS]`, a space instead of
    /// the T) in `zone`.
    static func isoDate(_ text: String, zone: TimeZone) -> TaskDate? {
        if let day = CivilDate(text) { return .day(day) }
        if let moment = Timestamp(rfc3339: text) { return .moment(moment) }
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19, let day = CivilDate(String(text.prefix(10))),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
            let hour = Int(String(decoding: bytes[11..<13], as: UTF8.self)),
            let minute = Int(String(decoding: bytes[14..<16], as: UTF8.self)), hour < 24, minute < 60
        else { return nil }
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let second = Int(String(decoding: bytes[17..<19], as: UTF8.self)),
                second < 60
            else { return nil }
        }
        return .moment(ZonedCalendar(zone: zone, weekStart: .monday).moment(on: day, hour: hour, minute: minute))
    }

    private static let weekdayNames: Set<String> = [
        "mon", "monday", "tue", "tues", "tuesday", "wed", "wednesday", "thu", "thur", "thurs", "thursday",
        "fri", "friday", "sat", "saturday", "sun", "sunday",
    ]
}
