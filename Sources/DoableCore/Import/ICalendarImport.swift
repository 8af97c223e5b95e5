import Foundation

/// An iCalendar file of VTODOs (an export of Apple Reminders, Thunderbird, tasks.org, todoman, or Doable's own):
/// each VTODO read by `VTodoMapping` as CalDAV reads one. RELATED-TO (parent) nests, CATEGORIES become labels,
/// STATUS and COMPLETED keep completion, RRULE is kept when `RecurrenceRule` takes it (else reported and dropped),
/// VALARMs become the importing member's reminders. X-DOABLE-LIST is ignored: everything goes to one list.
public enum ICalendarImport {
    public static func read(_ text: String, context: ImportContext) throws(DoableError) -> ImportFile {
        let calendar: ICalComponent
        do {
            calendar = try ICalendarParser.parse(text)
        } catch {
            throw DoableError.invalid("body", "This is not an iCalendar file: \(error.message)")
        }
        guard calendar.name.uppercased() == "VCALENDAR" else {
            throw DoableError.invalid(
                "body",
                "This is not an iCalendar file: it starts with "
                    + "\(calendar.name.prefix(30)), not VCALENDAR.")
        }
        var file = ImportFile(format: .iCalendar)
        var seenKeys = Set<String>()
        for (index, result) in VTodoMapping.decodeAll(calendar, floatingZone: context.zone).enumerated() {
            let position = ImportPosition.item(index + 1)
            switch result {
            case .failure(let error):
                file.skipped.append(ImportSkip(position: position, title: "", reason: error.message))
            case .success(let record):
                guard seenKeys.insert(record.uid).inserted else {
                    let reason = "A second VTODO with the UID \(record.uid.prefix(80)) of an earlier one."
                    file.skipped.append(ImportSkip(position: position, title: record.summary, reason: reason))
                    continue
                }
                file.rows.append(row(record, position: position, skipped: &file.skipped))
            }
        }
        return file
    }

    static func row(_ record: TodoRecord, position: ImportPosition, skipped: inout [ImportSkip]) -> ImportRow {
        var row = ImportRow(position: position, key: record.uid, title: record.summary)
        row.parentKey = record.parentUID
        row.notes = record.description
        row.due = record.due
        row.start = record.start
        row.priority = record.priority
        row.status = record.status
        row.completedAt = record.status == .completed ? record.completedAt : nil
        for category in record.categories { row.addLabel(category) }
        row.estimatedMinutes = record.estimatedMinutes
        row.recurrenceBasis = record.recurrenceBasis
        row.alarms = record.alarms
        row.createdAt = record.created
        if let rule = record.recurrence {
            do {
                row.recurrence = try RecurrenceRule(rrule: rule).description
            } catch {
                let reason = (error as? DoableError)?.message ?? "The rule is not valid."
                skipped.append(
                    ImportSkip(
                        position: position, title: record.summary, field: "recurrence",
                        reason: "RRULE “\(rule.prefix(80))” was dropped: \(reason)"))
            }
        }
        return row
    }
}
