public import Foundation

/// The input rules of SPEC, each in one place. Every rule throws `DoableError.invalid` naming its field.
///
/// Text rules return the value to store: trimmed where SPEC's limits mean visible text, and in Unicode
/// normalization form C, so that "Café" typed as one code point or as "e" plus a combining accent is stored,
/// compared and searched as the same text. Lengths count Unicode scalars, not grapheme clusters: a single
/// "character" can carry any number of combining marks, and a limit must bound what is stored (see `text`).
public enum Rules {
    public static let listPalette = [
        "red", "orange", "yellow", "green", "teal", "blue", "indigo", "purple",
        "pink", "brown", "gray",
    ]

    // MARK: Accounts (ACC-1)

    public static func email(_ raw: String, field: String = "email") throws -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { throw DoableError.invalid(field, "Email is required.") }
        guard value.utf8.count <= 254 else { throw DoableError.invalid(field, "Email must be at most 254 characters.") }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.count <= 64,
            parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains(".."),
            value.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 && $0 != "," && $0 != ";" }),
            parts[1].unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "." })
        else { throw DoableError.invalid(field, "Email must be a valid address like name@example.com.") }
        return value
    }

    public static func username(_ value: String) throws -> String {
        // One message for both rules: "b!" is told everything it needs at once.
        guard (3...30).contains(value.unicodeScalars.count),
            value.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") })
        else {
            throw DoableError.invalid("username", "Username must be 3 to 30 letters, digits or underscores.")
        }
        return value
    }

    public static func password(_ value: String, field: String = "password") throws {
        guard value.utf8.count >= 8 else { throw DoableError.invalid(field, "Password must be at least 8 characters.") }
        // bcrypt reads 72 bytes; accents and emoji take two to four each.
        guard value.utf8.count <= 72 else {
            throw DoableError.invalid(field, "Password must be at most 72 bytes (72 plain letters, fewer with accents).")
        }
    }

    public static func personName(_ value: String, field: String) throws -> String {
        try text(value, field: field, trimmed: true, length: 1...30, "'\(field)' must be 1 to 30 characters.")
    }

    public static func gender(_ gender: Gender?, description: String?) throws -> String? {
        if gender == .selfDescribed {
            return try text(
                description ?? "", field: "genderDescription", trimmed: true, length: 1...30,
                "A self-described gender must be 1 to 30 characters.")
        }
        guard description == nil || description == "" else {
            throw DoableError.invalid("genderDescription", "Only a self-described gender takes a description.")
        }
        return nil
    }

    public static func dateOfBirth(_ date: CivilDate, today: CivilDate) throws {
        guard date <= today else { throw DoableError.invalid("dateOfBirth", "Date of birth cannot be in the future.") }
        guard date.years(until: today) >= 13 else {
            throw DoableError.invalid("dateOfBirth", "You must be at least 13 years old.")
        }
    }

    public static func phone(_ value: String) throws -> String {
        let bytes = Array(value.utf8)
        guard bytes.count >= 3, bytes.count <= 16, bytes[0] == UInt8(ascii: "+"),
            bytes[1] != UInt8(ascii: "0"), bytes.dropFirst().allSatisfy({ $0 >= 48 && $0 <= 57 })
        else { throw DoableError.invalid("phone", "Phone must be in E.164 form, like +14155550123.") }
        return value
    }

    // MARK: Preferences (ACC-7)

    public static func timeZone(_ value: String) throws -> String {
        guard !value.contains(".."), value.utf8.count <= 64,
            value.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/_+-".unicodeScalars.contains($0)) }),
            TimeZone(identifier: value) != nil
        else {
            throw DoableError.invalid("preferences.timeZone", "Time zone must be an IANA name like Europe/Berlin.")
        }
        return value
    }

    public static func clockTime(_ value: String, field: String) throws -> String {
        let bytes = Array(value.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), let hours = parseDigits(bytes[0..<2]),
            let minutes = parseDigits(bytes[3..<5]), hours < 24, minutes < 60
        else { throw DoableError.invalid(field, "Time must be HH:MM in 24-hour form.") }
        return value
    }

    // MARK: Lists (LIST-1)

    public static func listName(_ value: String) throws -> String {
        try text(value, field: "name", trimmed: true, length: 1...50, "List name must be 1 to 50 characters.")
    }

    public static func listDescription(_ value: String) throws -> String {
        try text(value, field: "description", length: 0...500, "Description must be at most 500 characters.")
    }

    /// A palette name or `#RRGGBB` (kept upper-case).
    public static func color(_ value: String, field: String = "color") throws -> String {
        if listPalette.contains(value) { return value }
        let bytes = Array(value.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#"),
            bytes.dropFirst().allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else {
            throw DoableError.invalid(field, "Colour must be #RRGGBB or one of: \(listPalette.joined(separator: ", ")).")
        }
        return value.uppercased()
    }

    /// One emoji: one grapheme cluster of at most 16 scalars (a family or a subdivision flag takes 7).
    public static func icon(_ value: String) throws -> String {
        guard value.unicodeScalars.count <= 16, value.count == 1, let scalar = value.unicodeScalars.first,
            scalar.properties.isEmoji && (scalar.properties.isEmojiPresentation || value.unicodeScalars.count > 1)
        else { throw DoableError.invalid("icon", "Icon must be a single emoji.") }
        return value
    }

    // MARK: Tasks (TASK-1, TASK-2)

    public static func taskTitle(_ value: String) throws -> String {
        try text(value, field: "title", trimmed: true, length: 1...200, "Title must be 1 to 200 characters.")
    }

    public static func taskNotes(_ value: String) throws -> String {
        try text(value, field: "notes", length: 0...10_000, "Notes must be at most 10,000 characters.")
    }

    public static func estimatedMinutes(_ value: Int) throws -> Int {
        guard (1...100_000).contains(value) else {
            throw DoableError.invalid("estimatedMinutes", "Estimated duration must be 1 to 100,000 minutes.")
        }
        return value
    }

    /// TASK-1: the start is not after the due date.
    public static func startNotAfterDue(start: TaskDate?, due: TaskDate?) throws {
        guard let start, let due else { return }
        guard start.sortKey <= due.sortKey else {
            throw DoableError.invalid("start", "Start date must not be after the due date.")
        }
    }

    /// TASK-2: a deadline set through the app or API may not lie in the past.
    public static func dueNotInPast(_ due: TaskDate, now: Timestamp, zone: TimeZone) throws {
        let isPast: Bool
        switch due {
        case .day(let day): isPast = day < CivilDate.today(in: zone, now: now)
        case .moment(let moment): isPast = moment.milliseconds < now.milliseconds - 60_000
        }
        if isPast { throw DoableError.invalid("due", "The due date is in the past; choose today or a later date.") }
    }

    /// TASK-4: subtasks nest to any depth a person uses; the stores stop every walk of a task tree at this many
    /// levels, and refuse a move that would make a task its own ancestor or hang it below this depth (issue 10,
    /// finding 14).
    public static let maximumTaskDepth = 1_000

    // MARK: Labels (TASK-6)

    public static func labelName(_ value: String) throws -> String {
        try text(value, field: "name", trimmed: true, length: 1...50, "Label name must be 1 to 50 characters.")
    }

    // MARK: Comments (TASK-12)

    public static func commentBody(_ value: String) throws -> String {
        try text(value, field: "body", trimmed: true, length: 1...5_000, "A comment must be 1 to 5,000 characters.")
    }

    public static func credentialName(_ value: String) throws -> String {
        try text(value, field: "name", trimmed: true, length: 1...100, "Name must be 1 to 100 characters.")
    }

    // MARK: Text

    /// Every free-text field: normalized to NFC (after trimming, when `trimmed`), then at most `length.upperBound`
    /// Unicode scalars and at most four UTF-8 bytes per allowed scalar. The raw input is refused unread when it is
    /// far larger than anything allowed, so an attacker's megabyte is not normalized first.
    public static func text(
        _ value: String, field: String, trimmed: Bool = false, length: ClosedRange<Int>, _ message: String
    ) throws -> String {
        let maximumBytes = 4 * length.upperBound
        // NFD can spell a scalar of NFC with up to a few scalars; 4x leaves room for any real decomposed text.
        guard value.utf8.count <= 4 * maximumBytes else { throw DoableError.invalid(field, message) }
        let text = normalized(trimmed ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value)
        guard length.contains(text.unicodeScalars.count), text.utf8.count <= maximumBytes else {
            throw DoableError.invalid(field, message)
        }
        return text
    }

    /// `text` in Unicode normalization form C (canonical composition). ASCII is already NFC and skips the work.
    public static func normalized(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return text.precomposedStringWithCanonicalMapping
    }

    /// The key under which names are unique and logins are found: NFC, then lower-cased (case-insensitive).
    public static func matchKey(_ text: String) -> String {
        normalized(normalized(text).lowercased())
    }
}
