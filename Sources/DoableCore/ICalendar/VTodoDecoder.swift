import Foundation

/// Reads one task's VTODO into a `TodoRecord`, refusing values that break their type (`DUE:abc`, `PRIORITY:x`) with
/// the property's name.
struct VTodoDecoder {
    let reader: ICalDateReader

    /// The task of VTODOs sharing one UID: the one without RECURRENCE-ID (overrides stay in the stored body only).
    func record(of todos: [ICalComponent]) throws(CalendarObjectError) -> TodoRecord {
        let masters = todos.filter { $0.property("RECURRENCE-ID") == nil }
        guard masters.count <= 1 else {
            throw .notOneObject("Two VTODOs share a UID without a RECURRENCE-ID.")
        }
        guard let todo = masters.first ?? todos.first else { throw .notOneObject("The resource holds no VTODO.") }
        return try record(of: todo)
    }

    func record(of todo: ICalComponent) throws(CalendarObjectError) -> TodoRecord {
        var record = TodoRecord(uid: todo.property("UID")?.value ?? "")
        record.summary = todo.property("SUMMARY").map { ICalendarParser.unescapeText($0.value) } ?? ""
        record.description = todo.property("DESCRIPTION").map { ICalendarParser.unescapeText($0.value) } ?? ""
        record.due = try date("DUE", of: todo)
        record.start = try date("DTSTART", of: todo)
        if let due = record.due, let start = record.start, isDate(due, before: start) {
            throw .invalidProperty("DUE", "The due date \(due) is before the start date \(start) (DTSTART).")
        }
        record.priority = VTodoMapping.priority(fromICal: try integer("PRIORITY", of: todo, in: 0...9) ?? 0)
        record.percentComplete = try integer("PERCENT-COMPLETE", of: todo, in: 0...100)
        record.completedAt = try moment("COMPLETED", of: todo)
        record.status = Self.status(of: todo, percentComplete: record.percentComplete)
        record.categories = Self.categories(of: todo)
        record.parentUID = Self.parentUID(of: todo)
        record.recurrence = todo.property("RRULE")?.value
        record.exceptionDates = try exceptionDates(of: todo)
        record.alarms = alarms(of: todo, hasStart: record.start != nil, hasDue: record.due != nil)
        record.created = try moment("CREATED", of: todo)
        record.lastModified = try moment("LAST-MODIFIED", of: todo)
        record.stamp = try moment("DTSTAMP", of: todo)
        record.sequence = try integer("SEQUENCE", of: todo, in: 0...Int(Int32.max))
        record.estimatedMinutes = try integer("X-DOABLE-ESTIMATED-MINUTES", of: todo, in: 0...Int(Int32.max))
        if todo.property("X-DOABLE-RECURRENCE-BASIS")?.value.trimmingICalWhitespace().lowercased()
            == "completion"
        {
            record.recurrenceBasis = .completion
        }
        record.listName = todo.property("X-DOABLE-LIST").map { ICalendarParser.unescapeText($0.value) }
        return record
    }

    /// STATUS when there is one (CANCELLED and unknown values count as pending); without it a COMPLETED date means
    /// completed, and PERCENT-COMPLETE 100 completed, 1–99 in progress.
    static func status(of todo: ICalComponent, percentComplete: Int?) -> TaskStatus {
        if let status = todo.property("STATUS") {
            switch ICalName.upperCased(status.value.trimmingICalWhitespace()) {
            case "COMPLETED": return .completed
            case "IN-PROCESS": return .inProgress
            default: return .pending
            }
        }
        if todo.property("COMPLETED") != nil { return .completed }
        switch percentComplete ?? 0 {
        case 100: return .completed
        case 1...99: return .inProgress
        default: return .pending
        }
    }

    /// Every category of every CATEGORIES line, unescaped and trimmed, in order, each name once.
    static func categories(of todo: ICalComponent) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for line in todo.properties(named: "CATEGORIES") {
            for name in splitTextList(line.value) {
                let trimmed = name.trimmingICalWhitespace()
                if !trimmed.isEmpty, seen.insert(trimmed).inserted { names.append(trimmed) }
            }
        }
        return names
    }

    /// A TEXT list split at its unescaped commas, each item unescaped.
    static func splitTextList(_ value: String) -> [String] {
        var items: [String] = []
        let utf8 = value.utf8
        var start = utf8.startIndex
        var index = utf8.startIndex
        var isEscaped = false
        while index != utf8.endIndex {
            let byte = utf8[index]
            if isEscaped {
                isEscaped = false
            } else if byte == UInt8(ascii: "\\") {
                isEscaped = true
            } else if byte == UInt8(ascii: ",") {
                items.append(ICalendarParser.unescapeText(String(value[start..<index])))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        items.append(ICalendarParser.unescapeText(String(value[start..<utf8.endIndex])))
        return items
    }

    static func parentUID(of todo: ICalComponent) -> String? {
        parentLine(of: todo).map { todo.properties[$0].value.trimmingICalWhitespace() }
    }

    /// The index of the RELATED-TO line that names the parent: the first whose RELTYPE is PARENT or absent.
    static func parentLine(of todo: ICalComponent) -> Int? {
        todo.properties.indices.first { index in
            let property = todo.properties[index]
            guard property.name == "RELATED-TO", !property.value.trimmingICalWhitespace().isEmpty else {
                return false
            }
            let type = property.parameter("RELTYPE").map(ICalName.upperCased)
            return type == nil || type == "PARENT"
        }
    }

    /// The reminders of the VTODO's display, audio and email alarms whose TRIGGER can be read (each once).
    func alarms(of todo: ICalComponent, hasStart: Bool, hasDue: Bool) -> [Reminder.Trigger] {
        var triggers: [Reminder.Trigger] = []
        for alarm in todo.components(named: "VALARM") {
            if let trigger = VAlarmMapping.trigger(of: alarm, hasStart: hasStart, hasDue: hasDue, reader: reader),
                !triggers.contains(trigger)
            {
                triggers.append(trigger)
            }
        }
        return triggers
    }

    private func date(_ name: String, of todo: ICalComponent) throws(CalendarObjectError) -> TaskDate? {
        guard let property = todo.property(name) else { return nil }
        guard let date = reader.date(property) else {
            throw .invalidProperty(
                name,
                "\"\(property.value.prefix(40))\" is not a DATE (20261127) or DATE-TIME "
                    + "(20261127T090000Z).")
        }
        return date
    }

    private func moment(_ name: String, of todo: ICalComponent) throws(CalendarObjectError) -> Timestamp? {
        try date(name, of: todo).map(reader.moment)
    }

    private func integer(_ name: String, of todo: ICalComponent, in range: ClosedRange<Int>)
        throws(CalendarObjectError) -> Int?
    {
        guard let property = todo.property(name) else { return nil }
        guard let value = Int(property.value.trimmingICalWhitespace()), range.contains(value) else {
            throw .invalidProperty(
                name,
                "\"\(property.value.prefix(40))\" is not a whole number from "
                    + "\(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    private func exceptionDates(of todo: ICalComponent) throws(CalendarObjectError) -> [TaskDate] {
        var dates: [TaskDate] = []
        for property in todo.properties(named: "EXDATE") {
            guard let values = reader.dates(property) else {
                throw .invalidProperty("EXDATE", "\"\(property.value.prefix(40))\" is not a list of dates.")
            }
            for value in values where !dates.contains(value) { dates.append(value) }
        }
        return dates
    }

    /// Whether `date` lies before `other`: as moments when both are, otherwise as days in the floating zone.
    private func isDate(_ date: TaskDate, before other: TaskDate) -> Bool {
        if case .moment(let a) = date, case .moment(let b) = other { return a < b }
        let calendar = ZonedCalendar(zone: reader.floatingZone, weekStart: .monday)
        return calendar.day(of: date) < calendar.day(of: other)
    }
}
