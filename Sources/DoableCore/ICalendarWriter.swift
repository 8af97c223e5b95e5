import Foundation

/// Writes tasks as an RFC 5545 VCALENDAR of VTODOs (ACC-6 export; CalDAV builds on the same mapping).
public enum ICalendarWriter {
    public static func calendar(tasks: [TaskItem], labelNames: [LabelID: String], listNames: [ListID: String],
                                reminders: [TaskID: [Reminder]] = [:]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable//Doable//EN"]
        for task in tasks {
            lines += todo(task, labelNames: labelNames, listName: listNames[task.listID],
                          reminders: reminders[task.id] ?? [])
        }
        lines.append("END:VCALENDAR")
        return lines.flatMap(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func todo(_ task: TaskItem, labelNames: [LabelID: String], listName: String?,
                     reminders: [Reminder] = []) -> [String] {
        var lines = ["BEGIN:VTODO", "UID:\(task.id)", "DTSTAMP:\(basic(task.updatedAt))",
                     "CREATED:\(basic(task.createdAt))", "LAST-MODIFIED:\(basic(task.updatedAt))",
                     "SUMMARY:\(escape(task.title))"]
        if !task.notes.isEmpty { lines.append("DESCRIPTION:\(escape(task.notes))") }
        if let due = task.due { lines.append(dateProperty("DUE", due)) }
        if let start = task.start { lines.append(dateProperty("DTSTART", start)) }
        lines.append("STATUS:\(status(task.status))")
        if let completedAt = task.completedAt { lines.append("COMPLETED:\(basic(completedAt))") }
        if task.priority != .none { lines.append("PRIORITY:\(priority(task.priority))") }
        if let parent = task.parentID { lines.append("RELATED-TO;RELTYPE=PARENT:\(parent)") }
        let categories = task.labelIDs.compactMap { labelNames[$0] }.map(escape)
        if !categories.isEmpty { lines.append("CATEGORIES:\(categories.joined(separator: ","))") }
        if let minutes = task.estimatedMinutes { lines.append("X-DOABLE-ESTIMATED-MINUTES:\(minutes)") }
        if let listName { lines.append("X-DOABLE-LIST:\(escape(listName))") }
        // TASK-10: the rule as stored (canonical RFC 5545); NOTIF-1: each reminder as a display alarm.
        if let rule = task.recurrence { lines.append("RRULE:\(rule)") }
        if task.recurrenceBasis == .completion { lines.append("X-DOABLE-RECURRENCE-BASIS:completion") }
        for reminder in reminders { lines += alarm(reminder, title: task.title) }
        lines.append("END:VTODO")
        return lines
    }

    /// A VALARM: a fixed moment, or an offset from DUE (`RELATED=END`, as RFC 5545 relates it for a VTODO) or DTSTART.
    static func alarm(_ reminder: Reminder, title: String) -> [String] {
        let trigger: String
        switch reminder.trigger {
        case .at(let moment): trigger = "TRIGGER;VALUE=DATE-TIME:\(basic(moment))"
        case .relative(let anchor, let offset):
            let duration = (offset < 0 ? "-" : "") + "PT\(abs(offset))M"
            trigger = anchor == .due ? "TRIGGER;RELATED=END:\(duration)" : "TRIGGER:\(duration)"
        }
        return ["BEGIN:VALARM", "UID:\(reminder.id)", "ACTION:DISPLAY", "DESCRIPTION:\(escape(title))", trigger,
                "END:VALARM"]
    }

    static func status(_ status: TaskStatus) -> String {
        switch status {
        case .pending: "NEEDS-ACTION"
        case .inProgress: "IN-PROCESS"
        case .completed: "COMPLETED"
        }
    }

    /// RFC 5545 PRIORITY: 1 highest, 9 lowest.
    static func priority(_ priority: TaskPriority) -> Int {
        switch priority {
        case .high: 1
        case .medium: 5
        case .low: 9
        case .none: 0
        }
    }

    static func dateProperty(_ name: String, _ date: TaskDate) -> String {
        switch date {
        case .day(let day): "\(name);VALUE=DATE:\(day.description.replacingOccurrences(of: "-", with: ""))"
        case .moment(let moment): "\(name):\(basic(moment))"
        }
    }

    /// `20261121T185526Z`
    static func basic(_ moment: Timestamp) -> String {
        let text = moment.description
        let date = text.prefix(10).replacingOccurrences(of: "-", with: "")
        let time = text.dropFirst(11).prefix(8).replacingOccurrences(of: ":", with: "")
        return "\(date)T\(time)Z"
    }

    /// A TEXT value as RFC 5545 §3.3.11 writes it: backslash, semicolon and comma are escaped, and every line break
    /// (CRLF, LF, or a bare CR) becomes `\n`, so no value can end its content line and start a property of its own.
    /// The other control characters are not allowed in TEXT and are left out (HTAB stays).
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case ";": out.append(contentsOf: "\\;".unicodeScalars)
            case ",": out.append(contentsOf: "\\,".unicodeScalars)
            case "\r": out.append(contentsOf: "\\n".unicodeScalars)
            case "\n": if !previousWasCR { out.append(contentsOf: "\\n".unicodeScalars) }
            case "\t": out.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Content lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). Lines are cut
    /// between Unicode scalars, never inside a UTF-8 sequence; every physical line, the space included, is at most
    /// 75 octets.
    static func fold(_ line: String) -> [String] {
        guard line.utf8.count > 75 else { return [line] }
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var currentBytes = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if currentBytes + size > 75 {
                pieces.append(String(current))
                current = String.UnicodeScalarView([" "])
                currentBytes = 1
            }
            current.append(scalar)
            currentBytes += size
        }
        pieces.append(String(current))
        return pieces
    }
}
