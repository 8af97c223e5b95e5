import DoableCore
import Foundation

/// Quick add as a member types it on Wednesday 14 January 2026 at 10:00 UTC, unless a test says otherwise.
enum QuickAddFixture {
    static let wednesday = at("2026-01-14T10:00:00Z")

    static func parse(
        _ text: String, now: Timestamp = wednesday, zone: String = "UTC", weekStart: Preferences.Weekday = .monday,
        ignoring ignored: [Range<Int>] = []
    ) -> QuickAddResult {
        let parser = QuickAddParser(timeZone: TimeZone(identifier: zone)!, weekStart: weekStart)
        return parser.parse(text, now: now, ignoring: ignored)
    }

    static func at(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    /// A whole-day due date, `2026-01-15`.
    static func day(_ text: String) -> TaskDate { .day(CivilDate(text)!) }

    /// A due moment, `2026-01-15T17:00:00Z`.
    static func moment(_ text: String) -> TaskDate { .moment(at(text)) }

    /// The text at a UTF-16 range, as JavaScript's `text.slice(start, end)` would read it.
    static func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf16)[range], as: UTF16.self)
    }
}
