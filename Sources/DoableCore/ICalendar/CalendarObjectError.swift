/// Why a calendar object resource (or an imported file) cannot be taken; the CalDAV layer turns each case into the
/// RFC 4791 precondition a client understands.
public enum CalendarObjectError: Error, Sendable, Equatable {
    /// Not iCalendar at all, or broken syntax (`valid-calendar-data`), with the line it failed on.
    case invalidData(String, line: Int?)
    /// A component Doable does not store, such as VEVENT or VJOURNAL (`supported-calendar-component`).
    case unsupportedComponent(String)
    /// Not exactly one UID in the resource (`valid-calendar-object-resource`).
    case notOneObject(String)
    /// A property whose value breaks a rule, named as the client wrote it.
    case invalidProperty(String, String)

    public var message: String {
        switch self {
        case .invalidData(let text, let line): line.map { "Line \($0): \(text)" } ?? text
        case .unsupportedComponent(let name): "\(name) is not supported here: a Doable calendar holds tasks (VTODO) only."
        case .notOneObject(let text): text
        case .invalidProperty(let name, let text): "\(name): \(text)"
        }
    }
}
