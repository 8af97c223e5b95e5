import Foundation

/// INTEROP-5: the files Doable imports, each named by the media type it is sent as.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Todoist's CSV export of a project (`text/csv`).
    case todoist
    /// Taskwarrior's `task export` (`application/json`).
    case taskwarrior
    /// An iCalendar file of VTODOs (`text/calendar`).
    case iCalendar = "ical"

    public var mediaType: String {
        switch self {
        case .todoist: "text/csv"
        case .taskwarrior: "application/json"
        case .iCalendar: "text/calendar"
        }
    }

    /// The name people know it by, as in "Todoist import 2026-11-27".
    public var title: String {
        switch self {
        case .todoist: "Todoist"
        case .taskwarrior: "Taskwarrior"
        case .iCalendar: "iCalendar"
        }
    }

    public var fileExtension: String {
        switch self {
        case .todoist: "csv"
        case .taskwarrior: "json"
        case .iCalendar: "ics"
        }
    }

    /// From a `Content-Type`'s type and subtype (parameters already removed), any case.
    public init?(mediaType: String) {
        guard let format = Self.allCases.first(where: { $0.mediaType == mediaType.lowercased() }) else { return nil }
        self = format
    }

    /// From a file name's extension: `.csv`, `.json`, `.ics` (also `.ical`, `.icalendar`).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "csv": self = .todoist
        case "json": self = .taskwarrior
        case "ics", "ical", "icalendar": self = .iCalendar
        default: return nil
        }
    }

    /// From a name a person types: `todoist`, `taskwarrior`, `ical` (also `ics`, `icalendar`).
    public init?(name: String) {
        switch name.lowercased() {
        case "todoist", "csv": self = .todoist
        case "taskwarrior", "json": self = .taskwarrior
        case "ical", "ics", "icalendar": self = .iCalendar
        default: return nil
        }
    }

    /// "text/csv (Todoist), application/json (Taskwarrior) or text/calendar (iCalendar)", for messages.
    public static var accepted: String {
        allCases.map { "\($0.mediaType) (\($0.title))" }.joined(separator: ", ").replacingLast(", ", with: " or ")
    }
}

extension String {
    fileprivate func replacingLast(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target, options: .backwards) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

extension ImportFormat {
    /// A guess from the first bytes, for a file whose name says nothing: `BEGIN:VCALENDAR`, a JSON array or object,
    /// or Todoist's header.
    public init?(sniffing bytes: [UInt8]) {
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}").union(.whitespacesAndNewlines))
        if head.uppercased().hasPrefix("BEGIN:VCALENDAR") {
            self = .iCalendar
        } else if head.hasPrefix("[") || head.hasPrefix("{") {
            self = .taskwarrior
        } else if head.uppercased().hasPrefix("TYPE,") || head.uppercased().hasPrefix("\"TYPE\",") {
            self = .todoist
        } else {
            return nil
        }
    }
}
