import Foundation

/// VALARM ⇄ `Reminder.Trigger` (NOTIF-1). A display, audio or email alarm maps: `TRIGGER;VALUE=DATE-TIME` to a
/// moment, a duration with `RELATED=END` to an offset from DUE, and one with `RELATED=START` or none to an offset from
/// DTSTART — or from DUE when the task has no DTSTART, as Apple Reminders and Thunderbird mean it.
enum VAlarmMapping {
    static let mappedActions: Set<String> = ["DISPLAY", "AUDIO", "EMAIL"]

    /// The alarm's trigger as a reminder; nil for another ACTION or a TRIGGER that cannot be read.
    static func trigger(of alarm: ICalComponent, hasStart: Bool, hasDue: Bool, reader: ICalDateReader)
        -> Reminder.Trigger?
    {
        guard let action = alarm.property("ACTION")?.value,
            mappedActions.contains(ICalName.upperCased(action.trimmingICalWhitespace())),
            let trigger = alarm.property("TRIGGER")
        else { return nil }
        let value = trigger.value.trimmingICalWhitespace()
        if trigger.parameter("VALUE").map(ICalName.upperCased) == "DATE-TIME" || value.first?.isNumber == true {
            return reader.date(trigger).map { .at(reader.moment($0)) }
        }
        guard let seconds = ICalDateValue.durationSeconds(value), seconds.magnitude < 100 * 365 * 86_400 else {
            return nil
        }
        let related = trigger.parameter("RELATED").map(ICalName.upperCased)
        let anchor: Reminder.Anchor = related == "END" || (!hasStart && hasDue) ? .due : .start
        return .relative(to: anchor, offsetMinutes: Int(seconds / 60))
    }

    /// A new display alarm for a reminder, its text the task's title.
    static func component(for trigger: Reminder.Trigger, summary: String) -> ICalComponent {
        let text = summary.isEmpty ? "Reminder" : ICalendarParser.escapeText(summary)
        return ICalComponent(
            name: "VALARM",
            properties: [
                ICalProperty(name: "ACTION", value: "DISPLAY"),
                ICalProperty(name: "DESCRIPTION", value: text),
                triggerProperty(trigger),
            ])
    }

    static func triggerProperty(_ trigger: Reminder.Trigger) -> ICalProperty {
        switch trigger {
        case .at(let moment):
            ICalProperty(
                name: "TRIGGER", parameters: [ICalParameter(name: "VALUE", values: ["DATE-TIME"])],
                value: ICalDateValue.text(moment))
        case .relative(let anchor, let offset):
            ICalProperty(
                name: "TRIGGER",
                parameters: anchor == .due ? [ICalParameter(name: "RELATED", values: ["END"])] : [],
                value: ICalDateValue.durationText(minutes: offset))
        }
    }

    /// The moments an alarm of `todo` goes off (RFC 4791 §9.9: each repetition counts), for time-range filters.
    static func moments(of alarm: ICalComponent, in todo: ICalComponent, reader: ICalDateReader) -> [Timestamp] {
        guard let trigger = alarm.property("TRIGGER") else { return [] }
        let value = trigger.value.trimmingICalWhitespace()
        let first: Timestamp
        if trigger.parameter("VALUE").map(ICalName.upperCased) == "DATE-TIME" || value.first?.isNumber == true {
            guard let moment = reader.moment(trigger) else { return [] }
            first = moment
        } else {
            guard let seconds = ICalDateValue.durationSeconds(value) else { return [] }
            let start = todo.property("DTSTART").flatMap(reader.moment)
            let due = todo.property("DUE").flatMap(reader.moment)
            let isEnd = trigger.parameter("RELATED").map(ICalName.upperCased) == "END"
            guard let base = isEnd ? due : start ?? due else { return [] }
            first = base.adding(seconds: seconds)
        }
        let repeats = min(
            max(Int(alarm.property("REPEAT")?.value.trimmingICalWhitespace() ?? "") ?? 0, 0),
            100)
        let interval = alarm.property("DURATION").flatMap { ICalDateValue.durationSeconds($0.value) } ?? 0
        guard repeats > 0, interval > 0 else { return [first] }
        return (0...repeats).map { first.adding(seconds: Int64($0) * interval) }
    }
}
