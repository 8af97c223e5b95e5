import Foundation
import PublicInit

/// RFC 4791 §9.7 filters of a `calendar-query` REPORT, parsed by the CalDAV layer and evaluated here.
public struct CompFilter: Sendable, Equatable {
    public var name: String
    public var isNotDefined = false
    public var timeRange: TimeRange?
    public var propFilters: [PropFilter] = []
    public var compFilters: [CompFilter] = []
    public init(name: String) { self.name = name }
}

public struct PropFilter: Sendable, Equatable {
    public var name: String
    public var isNotDefined = false
    public var timeRange: TimeRange?
    public var textMatch: TextMatch?
    public var paramFilters: [ParamFilter] = []
    public init(name: String) { self.name = name }
}

public struct ParamFilter: Sendable, Equatable {
    public var name: String
    public var isNotDefined = false
    public var textMatch: TextMatch?
    public init(name: String) { self.name = name }
}

/// `text-match`: a substring test; `i;ascii-casemap` (the default) ignores ASCII case, `i;octet` does not.
public struct TextMatch: Sendable, Equatable {
    public var text: String
    public var caseSensitive = false
    public var negate = false
    public init(text: String) { self.text = text }
}

/// Half-open `[start, end)`; either end may be open (RFC 4791 §9.9).
public struct TimeRange: Sendable, Equatable {
    public var start: Timestamp?
    public var end: Timestamp?
    public init(start: Timestamp?, end: Timestamp?) {
        self.start = start
        self.end = end
    }
}

/// The times of a VTODO that RFC 4791 §9.9's table looks at.
@PublicInit
public struct TodoTimes: Sendable, Equatable {
    public var start: Timestamp?
    public var due: Timestamp?
    /// DURATION in seconds (only meaningful with DTSTART).
    public var duration: Int64?
    public var completed: Timestamp?
    public var created: Timestamp?
}

extension TimeRange {
    /// RFC 4791 §9.9: does a VTODO with these times overlap the range? Row by row as the RFC's table says; an open
    /// start is before every moment and an open end after every one.
    public func overlaps(_ todo: TodoTimes) -> Bool {
        func startAtOrBefore(_ moment: Timestamp) -> Bool { start.map { $0 <= moment } ?? true }
        func startBefore(_ moment: Timestamp) -> Bool { start.map { $0 < moment } ?? true }
        func endAfter(_ moment: Timestamp) -> Bool { end.map { $0 > moment } ?? true }
        func endAtOrAfter(_ moment: Timestamp) -> Bool { end.map { $0 >= moment } ?? true }
        switch (todo.start, todo.duration, todo.due, todo.completed, todo.created) {
        case (let dtstart?, let duration?, nil, _, _):
            let finish = dtstart.addingClamped(seconds: duration)
            return startAtOrBefore(finish) && (endAfter(dtstart) || endAtOrAfter(finish))
        case (let dtstart?, _, let due?, _, _):
            return (startBefore(due) || startAtOrBefore(dtstart)) && (endAfter(dtstart) || endAtOrAfter(due))
        case (let dtstart?, _, nil, _, _):
            return startAtOrBefore(dtstart) && endAfter(dtstart)
        case (nil, _, let due?, _, _):
            return startBefore(due) && endAtOrAfter(due)
        case (nil, _, nil, let completed?, let created?):
            return (startAtOrBefore(created) || startAtOrBefore(completed))
                && (endAtOrAfter(created) || endAtOrAfter(completed))
        case (nil, _, nil, let completed?, nil):
            return startAtOrBefore(completed) && endAtOrAfter(completed)
        case (nil, _, nil, nil, let created?):
            return endAfter(created)
        case (nil, _, nil, nil, nil):
            return true
        }
    }

    /// Whether a moment lies in the range (`start <= moment < end`), as alarms and date properties are tested.
    public func contains(_ moment: Timestamp) -> Bool {
        (start.map { $0 <= moment } ?? true) && (end.map { moment < $0 } ?? true)
    }
}

extension Timestamp {
    /// `adding(seconds:)` that stops at the ends of the representable range instead of trapping.
    func addingClamped(seconds: Int64) -> Timestamp {
        let (milliseconds, isOverflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (sum, isSumOverflow) = self.milliseconds.addingReportingOverflow(milliseconds)
        guard isOverflow || isSumOverflow else { return Timestamp(milliseconds: sum) }
        return Timestamp(milliseconds: seconds < 0 ? .min : .max)
    }
}
