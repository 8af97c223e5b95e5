import Foundation

/// Taskwarrior's `task export`: a JSON array of task objects (one object per line is read too, as older versions
/// wrote it). Mapping, in docs/import.md:
/// - description → title; annotations → notes lines (`2026-11-27: text`); priority H/M/L → high/medium/low;
///   tags → labels; project → a label `project:NAME`; due → due, scheduled → start (local midnight is a whole day);
///   entry → created;
/// - status pending and waiting → pending; completed → completed at `end`; deleted → skipped;
///   recurring (a template) → one repeating task (recur → RRULE, until → UNTIL); its instances (with `parent`)
///   are skipped as such;
/// - depends: each task this one depends on becomes its subtask when nothing else depends on it too (and no
///   cycle forms); other dependencies stay as a notes line and are reported.
public enum TaskwarriorJSON {
    public static func read(_ text: String, context: ImportContext) throws(DoableError) -> ImportFile {
        let objects = try taskObjects(text)
        var rows: [ImportRow] = []
        var skipped: [ImportSkip] = []
        var templates = Set<String>()
        for object in objects {
            if (object["status"] as? String)?.lowercased() == "recurring", let uuid = object["uuid"] as? String {
                templates.insert(uuid.lowercased())
            }
        }
        var dependencies: [String: [String]] = [:]
        for (index, object) in objects.enumerated() {
            let position = ImportPosition.item(index + 1)
            let title = (object["description"] as? String) ?? ""
            let key = (object["uuid"] as? String)?.lowercased() ?? "item \(index + 1)"
            let status = (object["status"] as? String)?.lowercased() ?? "pending"
            if status == "deleted" {
                skipped.append(ImportSkip(position: position, title: title, reason: "Deleted in Taskwarrior."))
                continue
            }
            if let parent = (object["parent"] as? String)?.lowercased(), templates.contains(parent) {
                skipped.append(
                    ImportSkip(
                        position: position, title: title,
                        reason: "An instance of a recurring "
                            + "task: the recurring task itself is imported with its rule."))
                continue
            }
            var row = ImportRow(position: position, key: key, title: title)
            var notes: [ImportSkip] = []
            read(object, status: status, into: &row, context: context, skipped: &notes)
            skipped += notes
            dependencies[key] = uuids(object["depends"])
            rows.append(row)
        }
        nest(&rows, dependencies: dependencies, skipped: &skipped)
        return ImportFile(format: .taskwarrior, rows: rows, skipped: skipped)
    }

    /// The objects of the file, or `invalid` saying why it is not a Taskwarrior export.
    static func taskObjects(_ text: String) throws(DoableError) -> [[String: Any]] {
        let notExport = "This is not a Taskwarrior export: `task export` writes a JSON array of task objects."
        let data = Data(text.utf8)
        if let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            if let array = parsed as? [Any] {
                let objects = array.compactMap { $0 as? [String: Any] }
                guard objects.count == array.count else {
                    throw DoableError.invalid("body", notExport + " Some items of the array are not objects.")
                }
                return try checked(objects, notExport)
            }
            if let object = parsed as? [String: Any] { return try checked([object], notExport) }
            throw DoableError.invalid("body", notExport)
        }
        // One object per line (Taskwarrior before 2.4, or `task export` piped through a filter).
        var objects: [[String: Any]] = []
        for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            var trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix(",") { trimmed.removeLast() }
            if trimmed.isEmpty || trimmed == "[" || trimmed == "]" { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
                throw DoableError.invalid("body", "Line \(number + 1) is not JSON. " + notExport)
            }
            objects.append(object)
        }
        return try checked(objects, notExport)
    }

    private static func checked(_ objects: [[String: Any]], _ notExport: String) throws(DoableError) -> [[String: Any]] {
        guard objects.isEmpty || objects.contains(where: { $0["description"] != nil || $0["uuid"] != nil }) else {
            throw DoableError.invalid("body", notExport + " Its objects have no description or uuid.")
        }
        return objects
    }

    static func read(
        _ object: [String: Any], status: String, into row: inout ImportRow, context: ImportContext,
        skipped: inout [ImportSkip]
    ) {
        func skip(_ field: String, _ reason: String) {
            skipped.append(ImportSkip(position: row.position, title: row.title, field: field, reason: reason))
        }
        func date(_ name: String) -> TaskDate? {
            guard let text = object[name] as? String else { return nil }
            guard let date = TaskwarriorValues.date(text, zone: context.zone) else {
                skip(name == "scheduled" ? "start" : name, "The \(name) date “\(text.prefix(40))” is not a date.")
                return nil
            }
            return date
        }
        switch status {
        case "completed":
            row.status = .completed
            row.completedAt =
                (object["end"] as? String).flatMap(TaskwarriorValues.moment)
                ?? (object["modified"] as? String).flatMap(TaskwarriorValues.moment)
        case "pending", "waiting", "recurring":
            row.status = .pending
        default:
            skip("status", "Status “\(status.prefix(20))” is not one Taskwarrior writes; the task is pending.")
        }
        row.due = date("due")
        row.start = date("scheduled")
        row.createdAt = (object["entry"] as? String).flatMap(TaskwarriorValues.moment)
        switch (object["priority"] as? String)?.uppercased() {
        case "H": row.priority = .high
        case "M": row.priority = .medium
        case "L": row.priority = .low
        case nil, "": break
        case let other?: skip("priority", "Priority “\(other.prefix(10))” is not H, M or L; the task has none.")
        }
        if let project = object["project"] as? String, !project.isEmpty { row.addLabel("project:" + project) }
        for tag in (object["tags"] as? [Any] ?? []).compactMap({ $0 as? String }) { row.addLabel(tag) }
        for case let annotation as [String: Any] in object["annotations"] as? [Any] ?? [] {
            guard let text = annotation["description"] as? String else { continue }
            let day = (annotation["entry"] as? String).flatMap(TaskwarriorValues.moment).map {
                ZonedCalendar(zone: context.zone, weekStart: .monday).day(of: $0).description + ": "
            }
            row.notes = row.notes.isEmpty ? (day ?? "") + text : row.notes + "\n" + (day ?? "") + text
        }
        if let recur = object["recur"] as? String {
            if let rule = TaskwarriorValues.rrule(recur) {
                var text = rule
                if let until = (object["until"] as? String).flatMap({ TaskwarriorValues.date($0, zone: context.zone) }) {
                    text += ";UNTIL=" + untilValue(until)
                }
                row.recurrence = text
            } else {
                row.appendNote("Taskwarrior recur: \(recur)")
                skip(
                    "recurrence",
                    "“recur: \(recur.prefix(30))” has no daily or longer rule Doable can keep; "
                        + "it is in the notes.")
            }
        }
    }

    /// UNTIL in the form RRULE wants: a date, or a UTC date-time.
    static func untilValue(_ date: TaskDate) -> String {
        switch date {
        case .day(let day): day.description.replacingOccurrences(of: "-", with: "")
        case .moment(let moment):
            moment.description.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
                .replacingOccurrences(of: ".000", with: "")
        }
    }

    /// `depends` as written by any version: an array of uuids, or one comma-separated string.
    static func uuids(_ value: Any?) -> [String] {
        let items: [String] =
            switch value {
            case let text as String: text.split(separator: ",").map(String.init)
            case let array as [Any]: array.compactMap { $0 as? String }
            default: []
            }
        return items.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// A task depends on its subtasks: each uuid in `depends` becomes a subtask of the task when it is in the file,
    /// only this task depends on it, and it is not an ancestor of the task already. Any other dependency is kept as
    /// a line in the dependent task's notes and reported.
    static func nest(_ rows: inout [ImportRow], dependencies: [String: [String]], skipped: inout [ImportSkip]) {
        let index = Dictionary(rows.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        var dependents: [String: Int] = [:]
        for list in dependencies.values { for uuid in Set(list) { dependents[uuid, default: 0] += 1 } }
        func keepAsNote(_ position: Int, _ uuid: String, _ why: String) {
            let name = index[uuid].map { "“\(rows[$0].title)”" } ?? uuid
            rows[position].appendNote("Depends on \(name) (Taskwarrior \(uuid)).")
            skipped.append(
                ImportSkip(
                    position: rows[position].position, title: rows[position].title,
                    field: "parentId",
                    reason: "Its dependency \(name) \(why); the dependency is kept in the notes."))
        }
        func isAncestor(_ uuid: String, of key: String) -> Bool {
            var current: String? = key
            var steps = 0
            while let here = current, steps <= rows.count {
                if here == uuid { return true }
                current = index[here].flatMap { rows[$0].parentKey }
                steps += 1
            }
            return false
        }
        for position in rows.indices {
            let key = rows[position].key
            for uuid in dependencies[key] ?? [] {
                guard let child = index[uuid] else {
                    keepAsNote(position, uuid, "is not among the tasks imported")
                    continue
                }
                if uuid == key || rows[child].parentKey != nil {
                    keepAsNote(position, uuid, "cannot be its subtask")
                } else if dependents[uuid] != 1 {
                    keepAsNote(position, uuid, "is a dependency of other tasks too")
                } else if isAncestor(uuid, of: key) {
                    keepAsNote(position, uuid, "would be its own ancestor (the dependencies form a cycle)")
                } else {
                    rows[child].parentKey = key
                }
            }
        }
    }
}
