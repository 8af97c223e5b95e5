public import Foundation

extension VTodoMapping {
    static let productID = "-//Doable//Doable//EN"

    /// A VCALENDAR holding the record's VTODO. `preserving` is the VCALENDAR last stored for it (nil for a task
    /// made in Doable): its other components and every property the record does not own are kept in place, and so is
    /// each modelled line whose value the record did not change. Floating DATE-TIMEs in `preserving` are read in
    /// `floatingZone` (pass the member's zone, as to `decode`) to tell whether they changed.
    public static func encode(
        _ record: TodoRecord, preserving: ICalComponent?,
        floatingZone: TimeZone = .gmt
    ) -> ICalComponent {
        let version = ICalProperty(name: "VERSION", value: "2.0")
        let product = ICalProperty(name: "PRODID", value: productID)
        guard let preserving else {
            let todo = VTodoEncoder(record: record, preserved: nil, reader: nil).todo()
            return ICalComponent(name: "VCALENDAR", properties: [version, product], components: [todo])
        }
        var calendar = preserving
        if calendar.property("PRODID") == nil { calendar.properties.insert(product, at: 0) }
        if calendar.property("VERSION") == nil { calendar.properties.insert(version, at: 0) }
        let reader = ICalDateReader(calendar: preserving, floatingZone: floatingZone)
        let todos = preserving.components.indices.filter { preserving.components[$0].name == "VTODO" }
        let masterIndex = todos.first { preserving.components[$0].property("RECURRENCE-ID") == nil } ?? todos.first
        if let masterIndex {
            let encoder = VTodoEncoder(record: record, preserved: preserving.components[masterIndex], reader: reader)
            calendar.components[masterIndex] = encoder.todo()
        } else {
            calendar.components.append(VTodoEncoder(record: record, preserved: nil, reader: nil).todo())
        }
        return calendar
    }
}

/// Writes one VTODO for a record, over the one last stored when there is one: properties the record does not own stay
/// as they were, byte for byte and in place; an owned property whose stored value still means the record's value
/// keeps its line; a changed one is written afresh where the old one was, and a new one goes at the end.
struct VTodoEncoder {
    let record: TodoRecord
    let preserved: ICalComponent?
    let reader: ICalDateReader?

    /// The properties the mapping owns, in the order Doable writes them.
    enum Field: CaseIterable {
        case uid, stamp, created, lastModified, summary, description, due, start, status, completed, percent
        case priority, parent, categories, estimate, list, rule, exceptions, basis, sequence
    }

    func todo() -> ICalComponent {
        guard let preserved else {
            let alarms = record.alarms.map { VAlarmMapping.component(for: $0, summary: record.summary) }
            return ICalComponent(name: "VTODO", properties: Field.allCases.flatMap(freshLines), components: alarms)
        }
        let parentLine = VTodoDecoder.parentLine(of: preserved)
        var properties: [ICalProperty] = []
        var placed: Set<Field> = []
        var unchanged: [Field: Bool] = [:]
        for (index, property) in preserved.properties.enumerated() {
            guard let field = Self.field(of: property, isParentLine: index == parentLine) else {
                properties.append(property)
                continue
            }
            let isUnchanged = unchanged[field] ?? isUnchanged(field, in: preserved)
            unchanged[field] = isUnchanged
            if isUnchanged {
                properties.append(property)
            } else if !placed.contains(field) {
                properties += freshLines(field)
            }
            placed.insert(field)
        }
        for field in Field.allCases where !placed.contains(field) { properties += freshLines(field) }
        return ICalComponent(name: preserved.name, properties: properties, components: alarms(over: preserved))
    }

    /// Preserved alarms stay unless they map to a reminder the record no longer has; the record's other reminders
    /// become new display alarms at the end.
    private func alarms(over preserved: ICalComponent) -> [ICalComponent] {
        var missing = record.alarms
        var components: [ICalComponent] = []
        for component in preserved.components {
            guard component.name == "VALARM", let reader,
                let trigger = VAlarmMapping.trigger(
                    of: component, hasStart: record.start != nil,
                    hasDue: record.due != nil, reader: reader)
            else {
                components.append(component)
                continue
            }
            guard record.alarms.contains(trigger) else { continue }
            components.append(component)
            missing.removeAll { $0 == trigger }
        }
        return components + missing.map { VAlarmMapping.component(for: $0, summary: record.summary) }
    }

    static func field(of property: ICalProperty, isParentLine: Bool) -> Field? {
        switch property.name {
        case "UID": .uid
        case "DTSTAMP": .stamp
        case "CREATED": .created
        case "LAST-MODIFIED": .lastModified
        case "SUMMARY": .summary
        case "DESCRIPTION": .description
        case "DUE": .due
        case "DTSTART": .start
        case "STATUS": .status
        case "COMPLETED": .completed
        case "PERCENT-COMPLETE": .percent
        case "PRIORITY": .priority
        case "RELATED-TO": isParentLine ? .parent : nil
        case "CATEGORIES": .categories
        case "X-DOABLE-ESTIMATED-MINUTES": .estimate
        case "X-DOABLE-LIST": .list
        case "RRULE": .rule
        case "EXDATE": .exceptions
        case "X-DOABLE-RECURRENCE-BASIS": .basis
        case "SEQUENCE": .sequence
        default: nil
        }
    }

    /// Whether the stored lines of `field` still say what the record says.
    private func isUnchanged(_ field: Field, in todo: ICalComponent) -> Bool {
        let line = todo.property(Self.name(of: field))
        let value = line?.value.trimmingICalWhitespace()
        func moment() -> Timestamp? { line.flatMap { reader?.moment($0) } }
        func text() -> String? { line.map { ICalendarParser.unescapeText($0.value) } }
        switch field {
        case .uid: return line?.value == record.uid
        case .stamp: return record.stamp == nil || moment() == record.stamp
        case .created: return record.created == nil || moment() == record.created
        case .lastModified: return record.lastModified == nil || moment() == record.lastModified
        case .summary: return text() == record.summary
        case .description: return text() == record.description
        case .due: return line.flatMap { reader?.date($0) } == record.due
        case .start: return line.flatMap { reader?.date($0) } == record.start
        case .status: return line.map { _ in VTodoDecoder.status(of: todo, percentComplete: nil) } == record.status
        case .completed: return moment() == record.completedAt
        case .percent: return value.flatMap { Int($0) } == desiredPercent
        case .priority: return value.flatMap { Int($0) }.map(VTodoMapping.priority(fromICal:)) == record.priority
        case .parent:
            return VTodoDecoder.parentUID(of: todo) == record.parentUID
        case .categories:
            // Labels are matched by name whatever the case, so `shopping` still names the label `Shopping`.
            return Set(VTodoDecoder.categories(of: todo).map { $0.lowercased() })
                == Set(categories.map { $0.lowercased() })
        case .estimate: return value.flatMap { Int($0) } == record.estimatedMinutes
        case .list: return text() == record.listName
        case .rule: return isSameRule(line?.value, record.recurrence)
        case .exceptions:
            var dates: [TaskDate] = []
            for property in todo.properties(named: "EXDATE") {
                guard let values = reader?.dates(property) else { return false }
                dates += values
            }
            return Set(dates) == Set(record.exceptionDates)
        case .basis: return (value?.lowercased() == "completion" ? .completion : .due) == record.recurrenceBasis
        case .sequence: return record.sequence == nil || value.flatMap { Int($0) } == record.sequence
        }
    }

    private func isSameRule(_ stored: String?, _ current: String?) -> Bool {
        guard let stored, let current else { return stored == current }
        if stored == current { return true }
        guard let storedRule = try? RecurrenceRule(rrule: stored), let currentRule = try? RecurrenceRule(rrule: current)
        else { return false }
        return storedRule == currentRule
    }

    /// PERCENT-COMPLETE to write: while the status is what the stored object says, the known value as it is;
    /// otherwise 100 for completed, the known 1–99 (else 50) for in progress, and none for pending unless it was 0.
    var desiredPercent: Int? {
        let known = record.percentComplete ?? storedPercent
        if storedStatus == record.status { return known }
        switch record.status {
        case .completed: return 100
        case .inProgress: return known.flatMap { (1...99).contains($0) ? $0 : nil } ?? 50
        case .pending: return known == 0 ? 0 : nil
        }
    }

    private var storedPercent: Int? {
        preserved?.property("PERCENT-COMPLETE").flatMap { Int($0.value.trimmingICalWhitespace()) }
    }

    /// The status the stored object means (nil without one).
    private var storedStatus: TaskStatus? {
        preserved.map { VTodoDecoder.status(of: $0, percentComplete: storedPercent) }
    }

    /// The record's categories as labels: trimmed, without empty names or repeats.
    private var categories: [String] {
        var seen: Set<String> = []
        return record.categories.map { $0.trimmingICalWhitespace() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    static func name(of field: Field) -> String {
        switch field {
        case .uid: "UID"
        case .stamp: "DTSTAMP"
        case .created: "CREATED"
        case .lastModified: "LAST-MODIFIED"
        case .summary: "SUMMARY"
        case .description: "DESCRIPTION"
        case .due: "DUE"
        case .start: "DTSTART"
        case .status: "STATUS"
        case .completed: "COMPLETED"
        case .percent: "PERCENT-COMPLETE"
        case .priority: "PRIORITY"
        case .parent: "RELATED-TO"
        case .categories: "CATEGORIES"
        case .estimate: "X-DOABLE-ESTIMATED-MINUTES"
        case .list: "X-DOABLE-LIST"
        case .rule: "RRULE"
        case .exceptions: "EXDATE"
        case .basis: "X-DOABLE-RECURRENCE-BASIS"
        case .sequence: "SEQUENCE"
        }
    }

    /// The record's own lines for a field (none when it has no value).
    func freshLines(_ field: Field) -> [ICalProperty] {
        let name = Self.name(of: field)
        func line(_ value: String, _ parameters: [ICalParameter] = []) -> [ICalProperty] {
            [ICalProperty(name: name, parameters: parameters, value: value)]
        }
        func text(_ value: String?) -> [ICalProperty] { value.map { line(ICalendarParser.escapeText($0)) } ?? [] }
        func moment(_ value: Timestamp?) -> [ICalProperty] { value.map { line(ICalDateValue.text($0)) } ?? [] }
        switch field {
        case .uid: return line(record.uid)
        case .stamp: return moment(record.stamp ?? record.lastModified ?? record.created ?? .now)
        case .created: return moment(record.created)
        case .lastModified: return moment(record.lastModified)
        case .summary: return preserved != nil && record.summary.isEmpty ? [] : text(record.summary)
        case .description: return record.description.isEmpty ? [] : text(record.description)
        case .due: return record.due.map { [zonedDateLine(name, $0, zoneOf: ["DUE", "DTSTART"])] } ?? []
        case .start: return record.start.map { [zonedDateLine(name, $0, zoneOf: ["DTSTART", "DUE"])] } ?? []
        case .status:
            if let preserved, preserved.property(name) == nil, storedStatus == record.status { return [] }
            return line(VTodoMapping.icalStatus(record.status))
        case .completed: return moment(record.completedAt)
        case .percent: return desiredPercent.map { line(String($0)) } ?? []
        case .priority: return VTodoMapping.icalPriority(record.priority).map { line(String($0)) } ?? []
        case .parent:
            return record.parentUID.map { line($0, [ICalParameter(name: "RELTYPE", values: ["PARENT"])]) } ?? []
        case .categories:
            return categories.isEmpty ? [] : line(categories.map(ICalendarParser.escapeText).joined(separator: ","))
        case .estimate: return record.estimatedMinutes.map { line(String($0)) } ?? []
        case .list: return text(record.listName)
        case .rule: return record.recurrence.map { line($0) } ?? []
        case .exceptions: return record.exceptionDates.map { Self.dateLine(name, $0) }
        case .basis: return record.recurrenceBasis == .completion ? line("completion") : []
        case .sequence: return record.sequence.map { line(String($0)) } ?? []
        }
    }

    /// A moment written in the zone the stored object used for its dates (the first of `names` with a TZID), so a
    /// client that showed 09:00 Europe/Berlin keeps its zone and a repeating task keeps its wall time across daylight
    /// saving; in UTC when there is none, or when the wall time would not read back as the same moment.
    private func zonedDateLine(_ name: String, _ date: TaskDate, zoneOf names: [String]) -> ICalProperty {
        let utc = Self.dateLine(name, date)
        guard case .moment(let moment) = date, let preserved, let reader,
            let tzid = names.lazy.compactMap({ preserved.property($0)?.parameter("TZID") }).first,
            let wall = reader.wallTime(of: moment, tzid: tzid)
        else { return utc }
        let zoned = ICalProperty(
            name: name, parameters: [ICalParameter(name: "TZID", values: [tzid])],
            value: ICalDateValue.text(wall.day, secondsOfDay: wall.secondsOfDay))
        return reader.date(zoned) == reader.date(utc) ? zoned : utc
    }

    /// `DUE;VALUE=DATE:20261127` or `DUE:20261127T090000Z`.
    static func dateLine(_ name: String, _ date: TaskDate) -> ICalProperty {
        switch date {
        case .day(let day):
            ICalProperty(
                name: name, parameters: [ICalParameter(name: "VALUE", values: ["DATE"])],
                value: ICalDateValue.text(day))
        case .moment(let moment): ICalProperty(name: name, value: ICalDateValue.text(moment))
        }
    }
}
