import DoableCore
import Foundation

/// The tasks, labels and reminders an import makes, worked out from the file's rows without touching the store:
/// rows checked against the field rules (skipped, or a field dropped, with the reason), parents resolved (past
/// skipped rows, around cycles), parents ordered before their subtasks, and each sibling group ranked in file order.
struct ImportPlan {
    let file: ImportFile
    let list: TaskList
    let actor: AccountID
    let now: Timestamp
    var skipped: [ImportSkip]
    private(set) var newLabels: [Label] = []
    /// The tasks in the order to write them, parents first, and the row each came from.
    private(set) var tasks: [TaskItem] = []
    private(set) var previews: [ImportedTaskPreview] = []
    private var taskRows: [Int] = []
    private var labels: [String: Label]
    /// The checked rows by index, waiting for their place; and their parents (row indexes) once placed.
    private var drafts: [Int: TaskItem] = [:]
    private var order: [(row: Int, parent: Int?)] = []

    init(file: ImportFile, list: TaskList, actor: AccountID, now: Timestamp, existingLabels: [Label]) {
        self.file = file
        self.list = list
        self.actor = actor
        self.now = now
        skipped = file.skipped
        labels = Dictionary(existingLabels.map { (Rules.matchKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Rows

    /// Checks every row's fields; `recurrence` checks a row's rule against its task's dates (TASK-10).
    mutating func checkRows(recurrence: (ImportRow, TaskItem) throws -> String?) {
        for (index, row) in file.rows.enumerated() {
            guard var task = draft(row) else { continue }
            do {
                task.recurrence = try recurrence(row, task)
            } catch {
                drop(row, "recurrence", "The rule “\(row.recurrence ?? "")” was dropped: \(Self.reason(error))")
            }
            task.labelIDs = labelIDs(row)
            drafts[index] = task
        }
    }

    /// The row as a task (without place and rank), or nil when it breaks a rule of a task's own fields.
    private mutating func draft(_ row: ImportRow) -> TaskItem? {
        let title: String
        let notes: String
        do {
            guard !row.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw DoableError.invalid("title", "The task has no title.")
            }
            title = try Rules.taskTitle(row.title)
            notes = try Rules.taskNotes(row.notes)
        } catch {
            skipped.append(
                ImportSkip(
                    position: row.position, title: String(row.title.prefix(200)),
                    reason: Self.reason(error)))
            return nil
        }
        var task = TaskItem(
            id: .make(at: now), ownerID: list.ownerID, listID: list.id, title: title, notes: notes,
            status: row.status, priority: row.priority, due: row.due, rank: "",
            createdAt: min(row.createdAt ?? now, now), updatedAt: now,
            recurrenceBasis: row.recurrenceBasis)
        if let minutes = row.estimatedMinutes {
            do { task.estimatedMinutes = try Rules.estimatedMinutes(minutes) } catch {
                drop(row, "estimatedMinutes", Self.reason(error))
            }
        }
        if let start = row.start {
            do {
                try Rules.startNotAfterDue(start: start, due: row.due)
                task.start = start
            } catch {
                drop(row, "start", "The start date \(start) is after the due date; the task has no start date.")
            }
        }
        if task.status == .completed { task.completedAt = min(row.completedAt ?? now, now) }
        return task
    }

    /// The row's labels: the member's own by name (ignoring case), new ones made once for the whole import.
    private mutating func labelIDs(_ row: ImportRow) -> [LabelID] {
        var ids: [LabelID] = []
        for name in row.labels {
            let checked: String
            do { checked = try Rules.labelName(name) } catch {
                drop(row, "labelIds", "The label “\(name.prefix(60))” was dropped: \(Self.reason(error))")
                continue
            }
            let key = Rules.matchKey(checked)
            if labels[key] == nil {
                let label = Label(
                    id: .make(at: now), ownerID: actor, name: checked, color: "gray", createdAt: now,
                    updatedAt: now)
                labels[key] = label
                newLabels.append(label)
            }
            if let id = labels[key]?.id, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    // MARK: Places

    /// Each kept row's parent: the nearest ancestor that was kept (past skipped rows); none for a key the file does
    /// not have, for rows whose parents form a cycle, and below the deepest level a task tree may have.
    mutating func placeRows() {
        var index: [String: Int] = [:]
        for (position, row) in file.rows.enumerated() where index[row.key] == nil { index[row.key] = position }
        var parents: [Int: Int] = [:]
        for position in drafts.keys.sorted() {
            let row = file.rows[position]
            var key = row.parentKey
            var passed: String?
            var steps = 0
            while let wanted = key, steps <= file.rows.count {
                steps += 1
                guard let candidate = index[wanted] else {
                    drop(row, "parentId", "Its parent (\(wanted.prefix(60))) is not in the file; it is at the top level.")
                    break
                }
                if drafts[candidate] != nil {
                    parents[position] = candidate
                    if let passed {
                        drop(
                            row, "parentId",
                            "Its parent “\(passed)” was not imported; it is under "
                                + "“\(file.rows[candidate].title)”.")
                    }
                    break
                }
                passed = passed ?? file.rows[candidate].title
                key = file.rows[candidate].parentKey
            }
            if key == nil, let passed {
                drop(row, "parentId", "Its parent “\(passed)” was not imported; it is at the top level.")
            }
        }
        order = Self.treeOrder(rows: drafts.keys.sorted(), parents: parents) { position, reason in
            drop(file.rows[position], "parentId", reason)
        }
    }

    /// Parents before their children, each level in file order (a depth-first walk from the top-level rows); a row
    /// the walk cannot reach (its parents form a cycle), or one below the deepest level allowed, starts a tree of
    /// its own, and `moved` says so.
    static func treeOrder(rows: [Int], parents: [Int: Int], moved: (Int, String) -> Void) -> [(row: Int, parent: Int?)] {
        var children: [Int: [Int]] = [:]
        for row in rows { if let parent = parents[row] { children[parent, default: []].append(row) } }
        var order: [(row: Int, parent: Int?)] = []
        var visited = Set<Int>()
        func walk(from root: Int) {
            var stack: [(row: Int, parent: Int?, depth: Int)] = [(root, nil, 1)]
            while let (row, parent, depth) = stack.popLast() {
                guard visited.insert(row).inserted else { continue }
                if depth > Rules.maximumTaskDepth {
                    moved(row, "It is nested deeper than \(Rules.maximumTaskDepth) levels; it is at the top level.")
                    order.append((row, nil))
                    stack += (children[row] ?? []).reversed().map { ($0, row, 2) }
                    continue
                }
                order.append((row, parent))
                stack += (children[row] ?? []).reversed().map { ($0, row, depth + 1) }
            }
        }
        for row in rows where parents[row] == nil { walk(from: row) }
        for row in rows where !visited.contains(row) {
            moved(row, "Its parents form a cycle; it is at the top level.")
            walk(from: row)
        }
        return order
    }

    // MARK: Tasks

    /// The tasks in walk order: parents set, each sibling group ranked in file order after `lastRank` (the list's
    /// last top-level task).
    mutating func makeTasks(after lastRank: String?) {
        var groups: [Int?: Int] = [:]
        for (_, parent) in order { groups[parent, default: 0] += 1 }
        var ranks: [Int?: ArraySlice<String>] = [:]
        for (parent, count) in groups {
            ranks[parent] = RankKey.sequence(after: parent == nil ? lastRank : nil, count: count)[...]
        }
        // Ranks follow file order within each group; the write order (parents first) is the walk's.
        var taskIDs: [Int: TaskID] = [:]
        var names: [LabelID: String] = [:]
        for label in labels.values { names[label.id] = label.name }
        for (row, parent) in order.sorted(by: { $0.row < $1.row }) {
            guard var task = drafts[row] else { continue }
            task.rank = ranks[parent]?.popFirst() ?? RankKey.between(lastRank, nil)
            drafts[row] = task
            taskIDs[row] = task.id
        }
        for (row, parent) in order {
            guard var task = drafts[row] else { continue }
            task.parentID = parent.flatMap { taskIDs[$0] }
            tasks.append(task)
            taskRows.append(row)
            previews.append(
                ImportedTaskPreview(
                    id: task.id, title: task.title, due: task.due, priority: task.priority,
                    labels: task.labelIDs.compactMap { names[$0] }, parentTitle: parent.flatMap { drafts[$0]?.title },
                    isCompleted: task.status == .completed))
        }
    }

    /// The importing member's reminders from the rows' alarms, each checked as `createReminder` checks one.
    mutating func makeReminders(calendar: ZonedCalendar, validate: (Reminder.Trigger, TaskItem) throws -> Void)
        -> [Reminder]
    {
        var reminders: [Reminder] = []
        var dropped: [ImportSkip] = []
        for (task, row) in zip(tasks, taskRows.map { file.rows[$0] }) where !row.alarms.isEmpty {
            for (number, trigger) in row.alarms.enumerated() {
                guard number < ReminderService.maximumRemindersPerTask else {
                    dropped.append(
                        ImportSkip(
                            position: row.position, title: row.title, field: "reminders",
                            reason: "Only the first \(ReminderService.maximumRemindersPerTask) alarms are kept."))
                    break
                }
                do {
                    try validate(trigger, task)
                } catch {
                    dropped.append(
                        ImportSkip(
                            position: row.position, title: row.title, field: "reminders",
                            reason: "An alarm was dropped: \(Self.reason(error))"))
                    continue
                }
                let reminder = Reminder(
                    id: .make(at: now), taskID: task.id, accountID: actor, trigger: trigger,
                    createdAt: now, updatedAt: now)
                reminders.append(ReminderService.rescheduled(reminder, task: task, calendar: calendar, now: now))
            }
        }
        skipped += dropped
        return reminders
    }

    // MARK: Report

    private mutating func drop(_ row: ImportRow, _ field: String, _ reason: String) {
        skipped.append(ImportSkip(position: row.position, title: row.title, field: field, reason: reason))
    }

    static func reason(_ error: any Error) -> String {
        (error as? DoableError)?.message ?? String(describing: error)
    }
}
