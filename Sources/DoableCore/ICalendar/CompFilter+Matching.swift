public import Foundation

extension CompFilter {
    /// Whether the top component (a VCALENDAR) matches this filter; whole-day and floating values are read in
    /// `floatingZone`. Every filter at one level must hold (RFC 4791 §9.7: they AND together).
    public func matches(_ calendar: ICalComponent, floatingZone: TimeZone) -> Bool {
        guard ICalName.upperCased(name) == calendar.name else { return isNotDefined }
        if isNotDefined { return false }
        let evaluator = CalendarFilterEvaluator(reader: ICalDateReader(calendar: calendar, floatingZone: floatingZone))
        return evaluator.matches(self, calendar, parent: nil)
    }
}

/// RFC 4791 §9.7–9.9 evaluated over one calendar object resource.
struct CalendarFilterEvaluator {
    let reader: ICalDateReader
    static let maximumOccurrences = 1000

    func matches(_ filter: CompFilter, _ component: ICalComponent, parent: ICalComponent?) -> Bool {
        if let range = filter.timeRange, !overlaps(component, range, parent: parent) { return false }
        for propFilter in filter.propFilters where !matches(propFilter, component) { return false }
        for child in filter.compFilters {
            let children = component.components(named: child.name)
            if child.isNotDefined {
                if !children.isEmpty { return false }
            } else if !children.contains(where: { matches(child, $0, parent: component) }) {
                return false
            }
        }
        return true
    }

    // MARK: time-range on components

    private func overlaps(_ component: ICalComponent, _ range: TimeRange, parent: ICalComponent?) -> Bool {
        switch component.name {
        case "VTODO": return todoOverlaps(component, range)
        case "VALARM":
            guard let parent else { return false }
            return VAlarmMapping.moments(of: component, in: parent, reader: reader).contains(where: range.contains)
        case "VEVENT": return eventOverlaps(component, range)
        default: return false
        }
    }

    /// §9.9's table for the VTODO, and for a repeating one for any of its occurrences (EXDATEs skipped, at most
    /// `maximumOccurrences` looked at from the range's start on).
    private func todoOverlaps(_ todo: ICalComponent, _ range: TimeRange) -> Bool {
        let times = TodoTimes(todo: todo, reader: reader)
        guard let text = todo.property("RRULE")?.value, let rule = try? RecurrenceRule(rrule: text),
            let baseProperty = todo.property("DTSTART") ?? todo.property("DUE"),
            let base = reader.date(baseProperty)
        else { return range.overlaps(times) }
        let calendar = ZonedCalendar(zone: reader.zone(of: baseProperty), weekStart: .monday)
        let baseMoment = reader.moment(base)
        var skippedMoments: Set<Timestamp> = []
        var skippedDays: Set<CivilDate> = []
        for property in todo.properties(named: "EXDATE") {
            for date in reader.dates(property) ?? [] {
                if case .day(let day) = date {
                    skippedDays.insert(day)
                } else {
                    skippedMoments.insert(reader.moment(date))
                }
            }
        }
        func occurrenceOverlaps(_ occurrence: TaskDate) -> Bool {
            let moment = reader.moment(occurrence)
            if skippedMoments.contains(moment) || skippedDays.contains(calendar.day(of: occurrence)) { return false }
            return range.overlaps(times.shifted(by: moment.milliseconds - baseMoment.milliseconds))
        }
        func isPastRange(_ occurrence: TaskDate) -> Bool {
            range.end.map { reader.moment(occurrence) > $0 } ?? false
        }
        if occurrenceOverlaps(base) { return true }
        // An occurrence starting more than its own length before the range cannot reach into it: without COUNT the
        // walk may begin there instead of at the first occurrence.
        var span = max(times.duration ?? 0, 0) * 1000
        if let start = times.start, let due = times.due { span = max(span, due.milliseconds - start.milliseconds) }
        var cursor = base
        if rule.count == nil, let start = range.start {
            let from = Timestamp(milliseconds: start.milliseconds - span - 2 * 86_400_000)
            if from > baseMoment { cursor = .moment(from) }
        }
        for _ in 0..<Self.maximumOccurrences {
            guard let occurrence = rule.next(after: cursor, from: base, in: calendar), !isPastRange(occurrence) else {
                return false
            }
            if occurrenceOverlaps(occurrence) { return true }
            cursor = occurrence
        }
        return false
    }

    /// RFC 4791 §9.9 for a VEVENT (Doable stores none, but a filter may name one): DTEND or DTSTART+DURATION, a
    /// whole day lasting the day.
    private func eventOverlaps(_ event: ICalComponent, _ range: TimeRange) -> Bool {
        guard let startProperty = event.property("DTSTART"), let startDate = reader.date(startProperty) else {
            return false
        }
        let start = reader.moment(startDate)
        let end: Timestamp
        if let endDate = event.property("DTEND").flatMap(reader.moment) {
            end = endDate
        } else if let duration = event.property("DURATION").flatMap({ ICalDateValue.durationSeconds($0.value) }) {
            end = start.addingClamped(seconds: duration)
        } else {
            end = startDate.isWholeDay ? start.adding(seconds: 86_400) : start
        }
        if end <= start { return range.contains(start) }
        return (range.start.map { $0 < end } ?? true) && (range.end.map { $0 > start } ?? true)
    }

    // MARK: prop-filter and param-filter

    private func matches(_ filter: PropFilter, _ component: ICalComponent) -> Bool {
        let properties = component.properties(named: filter.name)
        if filter.isNotDefined { return properties.isEmpty }
        func passesOthers(_ property: ICalProperty) -> Bool {
            if let range = filter.timeRange, !dateOverlaps(property, range) { return false }
            return filter.paramFilters.allSatisfy { matches($0, property) }
        }
        guard let textMatch = filter.textMatch else { return properties.contains(where: passesOthers) }
        if textMatch.negate {
            return !properties.contains { textMatches(textMatch, $0) } && properties.contains(where: passesOthers)
        }
        return properties.contains { textMatches(textMatch, $0) && passesOthers($0) }
    }

    private func matches(_ filter: ParamFilter, _ property: ICalProperty) -> Bool {
        let name = ICalName.upperCased(filter.name)
        let parameters = property.parameters.filter { $0.name == name }
        if filter.isNotDefined { return parameters.isEmpty }
        guard !parameters.isEmpty else { return false }
        guard let textMatch = filter.textMatch else { return true }
        let found = parameters.flatMap(\.values).contains { Self.contains($0, textMatch) }
        return found != textMatch.negate
    }

    /// Whether the text (each category of CATEGORIES and RESOURCES) contains the text-match's text, not negated.
    private func textMatches(_ textMatch: TextMatch, _ property: ICalProperty) -> Bool {
        let values =
            property.name == "CATEGORIES" || property.name == "RESOURCES"
            ? VTodoDecoder.splitTextList(property.value).map { $0.trimmingICalWhitespace() }
            : [ICalendarParser.unescapeText(property.value)]
        return values.contains { Self.contains($0, textMatch) }
    }

    /// A date property in the range: a moment when `start <= moment < end`, a whole day when the day overlaps it.
    private func dateOverlaps(_ property: ICalProperty, _ range: TimeRange) -> Bool {
        guard let date = reader.date(property) else { return false }
        guard case .day(let day) = date else { return range.contains(reader.moment(date)) }
        let dayStart = reader.moment(.day(day))
        let dayEnd = reader.moment(.day(day.adding(days: 1)))
        return (range.start.map { $0 < dayEnd } ?? true) && (range.end.map { $0 > dayStart } ?? true)
    }

    /// Substring test: `i;octet` compares bytes, `i;ascii-casemap` folds A–Z to a–z first.
    static func contains(_ text: String, _ textMatch: TextMatch) -> Bool {
        let needle = bytes(textMatch.text, folding: !textMatch.caseSensitive)
        guard !needle.isEmpty else { return true }
        let haystack = bytes(text, folding: !textMatch.caseSensitive)
        guard haystack.count >= needle.count else { return false }
        let first = needle[0]
        for index in 0...(haystack.count - needle.count) where haystack[index] == first {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    private static func bytes(_ text: String, folding: Bool) -> [UInt8] {
        folding ? text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 } : Array(text.utf8)
    }
}
