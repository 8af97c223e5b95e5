import Foundation

/// Writes tasks as an RFC 5545 VCALENDAR of VTODOs (ACC-6 export; CalDAV builds on the same mapping).
public enum ICalendarWriter {
    public static func calendar(tasks: [TaskItem], labelNames: [LabelID: String], listNames: [ListID: String]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable//Doable//EN"]
        for task in tasks { lines += todo(task, labelNames: labelNames, listName: listNames[task.listID]) }
        lines.append("END:VCALENDAR")
        return lines.flatMap(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func todo(_ task: TaskItem, labelNames: [LabelID: String], listName: String?) -> [String] {
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
        lines.append("END:VTODO")
        return lines
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

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// Content lines longer than 75 octets continue on the next line after a space.
    static func fold(_ line: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var currentBytes = 0
        for character in line {
            let size = String(character).utf8.count
            if currentBytes + size > (pieces.isEmpty ? 75 : 74) {
                pieces.append(pieces.isEmpty ? current : " " + current)
                current = ""
                currentBytes = 0
            }
            current.append(character)
            currentBytes += size
        }
        pieces.append(pieces.isEmpty ? current : " " + current)
        return pieces
    }
}
