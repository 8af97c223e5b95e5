import Foundation

/// INTEROP-2: the body of an ICS feed a calendar app subscribes to. Tasks are VTODOs written exactly as the export
/// writes them (`ICalendarWriter`); because Google Calendar and Apple Calendar drop VTODOs from a subscription, every
/// task with a due date is also a VEVENT on its due day (all day) or at its due moment (30 minutes), its summary
/// opening with ☐ or ☑. The event's UID (`<task id>-due@doable`) differs from the task's, so a client that reads
/// both never takes one for the other.
public enum FeedCalendarWriter {
    /// How often subscribers are asked to come back (Apple reads X-PUBLISHED-TTL, RFC 7986 clients
    /// REFRESH-INTERVAL); matched by the feed's `Cache-Control`.
    public static let refreshInterval = "PT15M"
    /// A due moment (not a whole day) becomes an event of this length, starting at the moment.
    public static let eventMinutes: Int64 = 30

    public struct Content: Sendable {
        /// The calendar's name in the subscriber's app: the list's name, or "Doable" for all tasks.
        public var name: String
        public var tasks: [TaskItem]
        public var labelNames: [LabelID: String]
        public var listNames: [ListID: String]
        /// The page of each task in the web app, as an event's URL (nil: none).
        public var taskLink: @Sendable (TaskID) -> String?

        public init(name: String, tasks: [TaskItem], labelNames: [LabelID: String], listNames: [ListID: String],
                    taskLink: @escaping @Sendable (TaskID) -> String? = { _ in nil }) {
            self.name = name
            self.tasks = tasks
            self.labelNames = labelNames
            self.listNames = listNames
            self.taskLink = taskLink
        }
    }

    public static func calendar(_ content: Content) -> String {
        let name = ICalendarWriter.escape(content.name)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable//Doable//EN", "CALSCALE:GREGORIAN",
                     "METHOD:PUBLISH", "X-WR-CALNAME:\(name)", "NAME:\(name)",
                     "X-PUBLISHED-TTL:\(refreshInterval)", "REFRESH-INTERVAL;VALUE=DURATION:\(refreshInterval)"]
        for task in content.tasks {
            lines += ICalendarWriter.todo(task, labelNames: content.labelNames,
                                          listName: content.listNames[task.listID])
        }
        for task in content.tasks {
            lines += dueEvent(task, listName: content.listNames[task.listID], link: content.taskLink(task.id))
        }
        lines.append("END:VCALENDAR")
        return lines.flatMap(ICalendarWriter.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// The task as an event on its due date; nothing for a task without one.
    static func dueEvent(_ task: TaskItem, listName: String?, link: String?) -> [String] {
        guard let due = task.due else { return [] }
        let box = task.status == .completed ? "☑" : "☐"
        var lines = ["BEGIN:VEVENT", "UID:\(task.id)-due@doable", "DTSTAMP:\(ICalendarWriter.basic(task.updatedAt))",
                     "CREATED:\(ICalendarWriter.basic(task.createdAt))",
                     "LAST-MODIFIED:\(ICalendarWriter.basic(task.updatedAt))",
                     "SUMMARY:\(ICalendarWriter.escape("\(box) \(task.title)"))"]
        switch due {
        case .day(let day):
            lines.append(ICalendarWriter.dateProperty("DTSTART", .day(day)))
            lines.append(ICalendarWriter.dateProperty("DTEND", .day(day.adding(days: 1))))
        case .moment(let moment):
            lines.append(ICalendarWriter.dateProperty("DTSTART", .moment(moment)))
            lines.append(ICalendarWriter.dateProperty("DTEND", .moment(moment.adding(seconds: eventMinutes * 60))))
        }
        let description = [task.notes, listName.map { "List: \($0)" } ?? ""].filter { !$0.isEmpty }
        if !description.isEmpty {
            lines.append("DESCRIPTION:\(ICalendarWriter.escape(description.joined(separator: "\n\n")))")
        }
        // A reminder of a deadline, not an appointment: it leaves the day free in free/busy.
        lines.append("TRANSP:TRANSPARENT")
        if let link { lines.append("URL;VALUE=URI:\(link)") }
        lines.append("END:VEVENT")
        return lines
    }
}
