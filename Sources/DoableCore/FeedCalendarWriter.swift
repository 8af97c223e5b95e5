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

        public init(
            name: String, tasks: [TaskItem], labelNames: [LabelID: String], listNames: [ListID: String],
            taskLink: @escaping @Sendable (TaskID) -> String? = { _ in nil }
        ) {
            self.name = name
            self.tasks = tasks
            self.labelNames = labelNames
            self.listNames = listNames
            self.taskLink = taskLink
        }
    }

    public static func calendar(_ content: Content) -> String {
        let header =
            [
                ("VERSION", "2.0"), ("PRODID", VTodoMapping.productID), ("CALSCALE", "GREGORIAN"),
                ("METHOD", "PUBLISH"), ("X-WR-CALNAME", text(content.name)), ("NAME", text(content.name)),
                ("X-PUBLISHED-TTL", refreshInterval),
            ].map { ICalProperty(name: $0.0, value: $0.1) }
            + [
                ICalProperty(
                    name: "REFRESH-INTERVAL", parameters: [ICalParameter(name: "VALUE", values: ["DURATION"])],
                    value: refreshInterval)
            ]
        let todos = content.tasks.map { task in
            ICalendarWriter.todoComponent(
                task, labelNames: content.labelNames,
                listName: content.listNames[task.listID], reminders: [])
        }
        let events = content.tasks.compactMap { task in
            dueEvent(task, listName: content.listNames[task.listID], link: content.taskLink(task.id))
        }
        return ICalComponent(name: "VCALENDAR", properties: header, components: todos + events).serialized()
    }

    /// The task as an event on its due date; nil for a task without one.
    static func dueEvent(_ task: TaskItem, listName: String?, link: String?) -> ICalComponent? {
        guard let due = task.due else { return nil }
        let box = task.status == .completed ? "☑" : "☐"
        let end: TaskDate =
            switch due {
            case .day(let day): .day(day.adding(days: 1))
            case .moment(let moment): .moment(moment.adding(seconds: eventMinutes * 60))
            }
        var properties = [
            ICalProperty(name: "UID", value: "\(task.id)-due@doable"),
            ICalProperty(name: "DTSTAMP", value: ICalDateValue.text(task.updatedAt)),
            ICalProperty(name: "CREATED", value: ICalDateValue.text(task.createdAt)),
            ICalProperty(name: "LAST-MODIFIED", value: ICalDateValue.text(task.updatedAt)),
            ICalProperty(name: "SUMMARY", value: text("\(box) \(task.title)")),
            VTodoEncoder.dateLine("DTSTART", due), VTodoEncoder.dateLine("DTEND", end),
        ]
        let description = [task.notes, listName.map { "List: \($0)" } ?? ""].filter { !$0.isEmpty }
        if !description.isEmpty {
            properties.append(ICalProperty(name: "DESCRIPTION", value: text(description.joined(separator: "\n\n"))))
        }
        // A reminder of a deadline, not an appointment: it leaves the day free in free/busy.
        properties.append(ICalProperty(name: "TRANSP", value: "TRANSPARENT"))
        if let link {
            properties.append(
                ICalProperty(
                    name: "URL", parameters: [ICalParameter(name: "VALUE", values: ["URI"])],
                    value: link))
        }
        return ICalComponent(name: "VEVENT", properties: properties)
    }

    static func text(_ value: String) -> String { ICalendarParser.escapeText(value) }
}
