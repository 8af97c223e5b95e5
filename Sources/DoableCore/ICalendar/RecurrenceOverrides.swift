/// INTEROP-1 (issue 34): a VTODO with RECURRENCE-ID changes one occurrence of a repeating task. Doable keeps one
/// occurrence of a repeating task, its current one, so the override it can apply is that occurrence's completion
/// (what a client sends when one occurrence is ticked off). Completions of earlier occurrences are history, true
/// already, and kept as sent. Any other override is refused with a clear error: never kept and ignored.
public enum RecurrenceOverrides {
    public enum Verdict: Sendable, Equatable {
        /// No override that changes anything.
        case none
        /// The current occurrence is done: complete the task (a repeating task then moves to its next occurrence).
        case completesCurrent
    }

    /// What the overrides among `calendar`'s VTODOs ask for; throws for one Doable cannot apply.
    public static func verdict(of calendar: ICalComponent) throws(CalendarObjectError) -> Verdict {
        let todos = calendar.components(named: "VTODO")
        let overrides = todos.filter { $0.property("RECURRENCE-ID") != nil }
        guard !overrides.isEmpty else { return .none }
        guard let master = todos.first(where: { $0.property("RECURRENCE-ID") == nil }),
            master.property("RRULE") != nil
        else {
            throw .invalidProperty(
                "RECURRENCE-ID",
                "An occurrence override needs its repeating task (a VTODO with "
                    + "the same UID, an RRULE and no RECURRENCE-ID) in the same resource.")
        }
        // RFC 5545: RECURRENCE-ID names an occurrence by its DTSTART (by DUE when the task has no start).
        let current = (master.property("DTSTART") ?? master.property("DUE"))?.value ?? ""
        var verdict = Verdict.none
        for override in overrides {
            let occurrence = override.property("RECURRENCE-ID")?.value ?? ""
            let isDone =
                override.property("STATUS")?.value.uppercased() == "COMPLETED"
                || override.property("COMPLETED") != nil
            if isDone, occurrence == current {
                verdict = .completesCurrent
            } else if isDone, sameForm(occurrence, current), occurrence < current {
                continue  // an earlier occurrence, done: history
            } else {
                throw .invalidProperty(
                    "RECURRENCE-ID",
                    "Doable keeps one occurrence of a repeating task, the current "
                        + "one (\(current.isEmpty ? "none" : current)); it can take that occurrence's completion, but not "
                        + "a change to the occurrence \(occurrence). Change the whole task, or complete the current "
                        + "occurrence.")
            }
        }
        return verdict
    }

    /// Both a date (`20260108`) or both a UTC or floating date-time, so that comparing the text compares moments.
    private static func sameForm(_ one: String, _ other: String) -> Bool {
        one.count == other.count && one.hasSuffix("Z") == other.hasSuffix("Z")
    }
}
