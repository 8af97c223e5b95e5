import DoableAPI
import DoableContractMapping
import DoableCLI
import DoableClient
import DoableCore
import Foundation

/// A task's fields as `doable show` prints them: a heading, then one aligned "Name  value" line each.
struct TaskPage {
    let style: Style
    let words: DueWords
    let task: TaskRecord
    let lists: [ListRecord]
    let all: [TaskRecord]
    let labels: [LabelRecord]
    /// The account's zone as it named it ("UTC", not Foundation's "GMT").
    let zoneName: String

    init(session: Session, task: TaskRecord, all: [TaskRecord], labels: [LabelRecord]) {
        style = session.style
        words = session.dueWords()
        self.task = task
        lists = (try? session.snapshot().allLists) ?? []
        self.all = all
        self.labels = labels
        zoneName = session.account?.preferences.timeZone ?? "UTC"
    }

    func lines(subtasks: [TaskRecord], reminders: [ReminderRecord], table: TaskTable) -> [String] {
        var lines = [table.statusMark(task) + " " + style.bold(task.title)]
        var fields = Table(columns: [.init(), .init()])
        for (name, value) in fieldValues() where !value.isEmpty { fields.append(["  " + style.dim(name), value]) }
        lines += fields.render()
        if !task.notes.isEmpty {
            lines += ["", style.bold("Notes")]
            lines += task.notes.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        if !subtasks.isEmpty {
            let done = subtasks.filter(\.isCompleted).count
            lines += ["", style.bold("Subtasks") + style.dim(" (\(done) of \(subtasks.count) done)")]
            lines += table.render(subtasks).map { "  " + $0 }
        }
        if !reminders.isEmpty {
            lines += ["", style.bold("Reminders")]
            lines += reminders.map { "  " + reminder($0) }
        }
        return lines
    }

    func fieldValues() -> [(String, String)] {
        let zone = words.calendar.zone
        var values: [(String, String)] = [
            ("ID", task.id.description),
            ("List", lists.first { $0.id == task.listId }?.name ?? task.listId.description),
            ("Status", task.status.rawValue + (task.completedAt.map { " (\(words.ago($0)))" } ?? "")),
            ("Priority", task.priority == .none ? "" : task.priority.rawValue),
            ("Due", task.due.map { date($0, isDue: true) } ?? ""),
            ("Start", task.start.map { date($0, isDue: false) } ?? ""),
            (
                "Repeats",
                task.recurrence.map { rrule in
                    (try? RecurrenceRule(rrule: rrule))?.describedInWords(start: task.due ?? task.start, in: zone)
                        ?? rrule
                } ?? ""
            ),
            ("Labels", labels.map(\.name).joined(separator: ", ")),
            ("Estimate", task.estimatedMinutes.map(Self.minutes) ?? ""),
            ("Category", task.category?.rawValue ?? ""),
        ]
        if let parentID = task.parentId {
            let parent = all.first { $0.id == parentID }
            values.append(("Parent", String(parentID.description.prefix(8)) + (parent.map { " '\($0.title)'" } ?? "")))
        }
        values += [
            ("Created", words.words(.moment(task.createdAt))),
            ("Updated", words.words(.moment(task.updatedAt))),
            ("In trash", task.deletedAt.map { style.red("since " + words.words(.moment($0))) } ?? ""),
            ("Not synced", task.version == 0 ? style.yellow("made on this device; not on the server yet") : ""),
        ]
        return values
    }

    /// "tomorrow 17:00 (Tue 24 Nov 2026, Europe/Berlin)": the words, then the date itself.
    func date(_ date: TaskDate, isDue: Bool) -> String {
        let (text, tone) = words.due(date, isCompleted: !isDue || task.isCompleted)
        let colored = tone == .overdue ? style.red(text) : text
        let day = words.day(of: date)
        var exact = words.short(day)
        if day.year == words.today.year { exact += " \(day.year)" }
        if case .moment(let moment) = date { exact += " \(words.time(of: moment)), \(zoneName)" }
        return colored + style.dim(" (\(exact))")
    }

    /// "tomorrow 16:30", or "30 min before due (tomorrow 16:30)" for a relative one.
    func reminder(_ reminder: ReminderRecord) -> String {
        var text: String
        if let at = reminder.at {
            text = words.words(.moment(at))
        } else if let base = reminder.relativeTo, let offset = reminder.offsetMinutes {
            let amount = Self.minutes(abs(offset))
            text = offset == 0 ? "at \(base.rawValue)" : "\(amount) \(offset < 0 ? "before" : "after") \(base.rawValue)"
            if let next = reminder.nextAt { text += style.dim(" (\(words.words(.moment(next))))") }
        } else {
            text = "reminder"
        }
        if let snoozed = reminder.snoozedUntil { text += style.dim(", snoozed until \(words.words(.moment(snoozed)))") }
        if reminder.silenced { text += style.dim(", silenced") }
        return text
    }

    /// "45 min", "2 h", "1 h 30 min", "2 days".
    static func minutes(_ value: Int) -> String {
        if value >= 1440 && value % 1440 == 0 { return value == 1440 ? "1 day" : "\(value / 1440) days" }
        if value < 60 { return "\(value) min" }
        return value % 60 == 0 ? "\(value / 60) h" : "\(value / 60) h \(value % 60) min"
    }
}
