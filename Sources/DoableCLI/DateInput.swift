public import DoableCore
public import Foundation

/// Reads a date typed on the command line (`--due`, `--start`, `--due-from`, `--due-to`) in the member's time
/// zone: ISO days and local times, RFC 3339 moments, and every phrase quick add knows ("tomorrow", "mon",
/// "next friday", "in 3 days", "fri 17:00", "30 nov", "at 5pm").
///
/// The phrases go through `QuickAddParser`, so `doable add "Pay rent fri"` and `doable add "Pay rent" --due fri`
/// mean the same day, and both mean what the web app would.
public struct DateInput: Sendable {
    public let parser: QuickAddParser
    public let now: Timestamp

    public init(timeZone: TimeZone, weekStart: Preferences.Weekday = .monday, now: Timestamp = .now) {
        parser = QuickAddParser(timeZone: timeZone, weekStart: weekStart)
        self.now = now
    }

    /// The date `text` names, or an error naming `flag` and the forms it takes.
    public func parse(_ text: String, flag: String) throws(DateInputError) -> TaskDate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let day = CivilDate(trimmed) { return .day(day) }
        if let moment = localMoment(trimmed) ?? Timestamp(rfc3339: trimmed) { return .moment(moment) }
        // "sat", "sun", "wed" and "weekend" name a day only after a preposition; "on" makes the context explicit.
        for candidate in [trimmed, "on " + trimmed] {
            let result = parser.parse(candidate, now: now)
            if result.title.isEmpty, result.recurrence == nil, result.tokens.map(\.kind) == [.due],
                let due = result.due
            {
                return due
            }
        }
        throw DateInputError(flag: flag, value: text)
    }

    /// `2026-11-30T14:00`, `2026-11-30 14:00` or with seconds: a wall time in the member's zone.
    func localMoment(_ text: String) -> Timestamp? {
        let characters = Array(text)
        guard characters.count == 16 || characters.count == 19, characters[10] == "T" || characters[10] == " ",
            let day = CivilDate(String(characters[0..<10]))
        else { return nil }
        let clock = String(characters[11...]).split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == (characters.count == 16 ? 2 : 3),
            clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60
        else { return nil }
        if clock.count == 3 { guard let second = Int(clock[2]), second < 60 else { return nil } }
        return parser.calendar.moment(on: day, hour: hour, minute: minute)
    }
}

/// A value of a date flag that names no date.
public struct DateInputError: Error, Equatable, CustomStringConvertible {
    public let flag: String
    public let value: String

    public static let acceptedForms =
        "2026-11-30, 2026-11-30T14:00, today, tomorrow, a weekday (mon, next fri), in 3 days, 30 nov, or a time (17:00)"

    public var description: String { "\(flag): '\(value)' is not a date. Use \(Self.acceptedForms)." }
}

extension QuickAddParser {
    /// The member's calendar the parser reads dates in.
    var calendar: ZonedCalendar { ZonedCalendar(zone: timeZone, weekStart: weekStart) }
}
