import Foundation

/// Todoist's CSV export of a project (INTEROP-5, docs/import.md). The header names the columns: `TYPE,CONTENT,
/// DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT` today; older
/// exports lack DESCRIPTION, DURATION and DURATION_UNIT, so only TYPE and CONTENT are required. Rows:
/// - `task`: CONTENT is the title, its `@label` words become labels; PRIORITY 4 is Todoist's p1 (high) down to 1,
///   p4 (none); INDENT 1…n nests under the nearest task above with a smaller indent; DATE is read by
///   `ImportDateText` in TIMEZONE (or the member's zone); DURATION is the estimate;
/// - `section`: the tasks after it get a label named after the section;
/// - `note`: a comment, appended to the notes of the task above;
/// - blank lines separate groups; `meta` rows (view settings) are ignored.
public enum TodoistCSV {
    static let requiredColumns = ["TYPE", "CONTENT"]

    public static func read(_ text: String, context: ImportContext) throws(DoableError) -> ImportFile {
        let records = try CSVReader.records(text)
        guard let headerIndex = records.firstIndex(where: { !$0.isBlank }) else {
            throw DoableError.invalid("body", "The file is empty: a Todoist CSV export starts with a header line.")
        }
        let header = records[headerIndex]
        let columns = Dictionary(
            header.fields.enumerated().map {
                ($1.trimmingCharacters(in: .whitespaces).uppercased(), $0)
            }, uniquingKeysWith: { first, _ in first })
        let missing = requiredColumns.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            let found = header.fields.prefix(12).map { "“\($0.prefix(30))”" }.joined(separator: ", ")
            throw DoableError.invalid(
                "body",
                "This is not a Todoist CSV export: its header has no "
                    + missing.joined(separator: " or ") + " column (found \(found)). Export the project from "
                    + "Todoist as a CSV template, or send another format with its own Content-Type.")
        }
        var reader = Reader(columns: columns, context: context)
        for record in records[(headerIndex + 1)...] where !record.isBlank {
            reader.take(record)
        }
        return ImportFile(format: .todoist, rows: reader.rows, skipped: reader.skipped)
    }

    /// Walks the rows once, keeping the section and the open parents by indent.
    struct Reader {
        let columns: [String: Int]
        let context: ImportContext
        var rows: [ImportRow] = []
        var skipped: [ImportSkip] = []
        var section: String?
        /// The keys of the last task at each indent (index 0 is indent 1).
        var parents: [String] = []

        func value(_ column: String, _ record: CSVReader.Record) -> String {
            guard let index = columns[column], index < record.fields.count else { return "" }
            // Line breaks inside a quoted field are CRLF when the file came from Windows; notes keep LF.
            return record.fields[index].replacingOccurrences(of: "\r\n", with: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        mutating func take(_ record: CSVReader.Record) {
            let position = ImportPosition.line(record.line)
            let content = value("CONTENT", record)
            switch value("TYPE", record).lowercased() {
            case "task":
                task(record, content: content)
            case "section":
                section = content.isEmpty ? nil : content
                parents = []
            case "note":
                if rows.isEmpty {
                    skipped.append(
                        ImportSkip(
                            position: position, title: String(content.prefix(80)),
                            reason: "A note of the project itself, not of a task, has no task to go to."))
                } else {
                    rows[rows.count - 1].appendNote(content)
                }
            case "meta":
                break
            case let other:
                skipped.append(
                    ImportSkip(
                        position: position, title: String(content.prefix(80)),
                        reason:
                            "Unknown row type “\(other.prefix(20))”: Todoist writes task, section and note."))
            }
        }

        mutating func task(_ record: CSVReader.Record, content: String) {
            let position = ImportPosition.line(record.line)
            let (title, labels) = TodoistCSV.titleAndLabels(content)
            var row = ImportRow(position: position, key: "line \(record.line)", title: title)
            if let section { row.addLabel(section) }
            for label in labels { row.addLabel(label) }
            row.appendNote(value("DESCRIPTION", record))
            switch value("PRIORITY", record) {
            case "4": row.priority = .high
            case "3": row.priority = .medium
            case "2": row.priority = .low
            case "1", "": row.priority = .none
            case let other:
                skip(row, field: "priority", "Priority “\(other.prefix(10))” is not 1 to 4; the task has none.")
            }
            let indentText = value("INDENT", record)
            let indent = max(1, Int(indentText) ?? 1)
            if !indentText.isEmpty && Int(indentText) == nil {
                skip(row, field: "parentId", "INDENT “\(indentText.prefix(10))” is not a number; taken as 1.")
            }
            // The nearest task above with a smaller indent is the parent; a jump of several levels still nests.
            parents = Array(parents.prefix(indent - 1))
            row.parentKey = parents.last
            parents.append(row.key)
            readDate(record, into: &row)
            readDuration(record, into: &row)
            rows.append(row)
        }

        mutating func readDate(_ record: CSVReader.Record, into row: inout ImportRow) {
            let text = value("DATE", record)
            guard !text.isEmpty else { return }
            let zoneName = value("TIMEZONE", record)
            let zone = zoneName.isEmpty ? context.zone : TimeZone(identifier: zoneName) ?? context.zone
            if let reading = ImportDateText.read(text, zone: zone, weekStart: context.weekStart, now: context.now) {
                row.due = reading.due
                row.recurrence = reading.recurrence
            } else {
                row.appendNote("Todoist date: \(text)")
                skip(
                    row, field: "due",
                    "The date “\(text.prefix(60))” is not one Doable reads; it is kept in the notes.")
            }
        }

        mutating func readDuration(_ record: CSVReader.Record, into row: inout ImportRow) {
            let text = value("DURATION", record)
            guard !text.isEmpty else { return }
            guard let amount = Int(text), amount > 0 else {
                skip(row, field: "estimatedMinutes", "Duration “\(text.prefix(10))” is not a whole number.")
                return
            }
            switch value("DURATION_UNIT", record).lowercased() {
            case "", "minute", "minutes": row.estimatedMinutes = amount
            case "day", "days": row.estimatedMinutes = amount.multipliedReportingOverflow(by: 1440).partialValue
            case let unit:
                skip(row, field: "estimatedMinutes", "Duration unit “\(unit.prefix(10))” is not minute or day.")
            }
        }

        mutating func skip(_ row: ImportRow, field: String, _ reason: String) {
            skipped.append(ImportSkip(position: row.position, title: row.title, field: field, reason: reason))
        }
    }

    /// CONTENT without its `@label` words (Todoist's labels: `@` then letters, digits, `_`, `-`, `.`, `/`), and
    /// those labels; the title's spacing collapses where a label was.
    static func titleAndLabels(_ content: String) -> (String, [String]) {
        var labels: [String] = []
        var words: [Substring] = []
        for word in content.split(separator: " ", omittingEmptySubsequences: true) {
            if word.count > 1, word.first == "@",
                word.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || "_-./".contains($0) })
            {
                labels.append(String(word.dropFirst()))
            } else {
                words.append(word)
            }
        }
        return (words.joined(separator: " "), labels)
    }
}
