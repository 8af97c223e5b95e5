import DoableCore
import DoableDomain
import DoableArt

/// Issue 29 item 3: a task's due date, priority, list and labels as compact chips under its title, each opening a
/// picker (a disclosure: it works without the script). The pickers' fields belong to the task form (`form=`), so
/// the one Save sends them; with the script a choice applies at once. A refused field opens its picker with the
/// message beside it. On a phone a picker rises as a sheet from the bottom of the screen.
struct TaskChips {
    var task: TaskItem
    var time: MemberTime
    /// The lists the task may move to (value, name), its own first when it is read-only there.
    var listOptions: [(String, String)]
    var listName: String
    var labels: [Label]
    var chosenLabels: Set<String>
    var value: (String, String) -> String
    var errors: FormErrors
    var canEdit: Bool

    static let form: HTML = " form=\"task-form\""

    var html: HTML {
        let chips: [HTML] = [due, priority, list, labelChips, repeats].compactMap { $0 }
        return """
            <div class="task-chips" role="group" aria-label="About this task: due date, priority, list and labels">\(chips)</div>
            """
    }

    private func picker(
        _ id: String, icon: Icon, label: String, text: HTML, kind: String, fields: [String], choose: String,
        body: () -> HTML
    ) -> HTML {
        let summary: HTML = "\(icon.html)<span class=\"chip-text\">\(text)</span>"
        guard canEdit else {
            return "<span class=\"chip-button chip-\(kind) is-static\" aria-label=\"\(label)\">\(summary)</span>"
        }
        let isOpen = fields.contains { errors.byField[$0] != nil }
        return """
            <details class="chip-picker chip-\(kind)" id="\(id)"\(attribute: "open", if: isOpen)>\
            <summary class="chip-button" aria-label="\(label)">\(summary)</summary>\
            <div class="picker" role="group" aria-label="\(choose)">\(body())</div></details>
            """
    }

    // MARK: Due

    private var due: HTML {
        let isDone = task.status == .completed
        let words = task.due.map { time.dueWords($0, isCompleted: isDone) }
        let text: HTML = words.map { "\($0.text)" } ?? "Due date"
        let parts = TaskPage.formParts(task.due, time: time)
        let today = time.today
        let weekday = ZonedCalendar.weekday(of: today)
        let choices: [(String, CivilDate?)] = [
            ("Today", today),
            ("Tomorrow", today.adding(days: 1)),
            ("This weekend", today.adding(days: ZonedCalendar.daysForward(from: weekday, to: 5))),
            ("Next week", time.nextWeek),
            ("No date", nil),
        ]
        let quick = choices.html { title, day in
            let hint: HTML = day.map { HTML("<small>\(MemberTime.weekdayName($0).prefix(3))</small>") } ?? ""
            return """
                <button type="submit"\(Self.form) name="dueChoice" value="\(day.map(\.description) ?? "none")">\(title)\(hint)</button>
                """
        }
        let label = words.map { "Due \($0.text). Change the due date" } ?? "Set a due date"
        return picker(
            "pick-due", icon: .calendar, label: label, text: text,
            kind: "due\(words?.isOverdue == true ? " is-overdue" : "")", fields: ["dueDate", "dueTime"], choose: "Choose a due date"
        ) {
            """
            <div class="picker-quick">\(quick)</div>
            <div class="field-row">
            \(Field.input("dueDate", label: "Due date", value: value("dueDate", parts.0), type: "date", errors: errors, extra: Self.form))
            \(Field.input("dueTime", label: "Due time", value: value("dueTime", parts.1), type: "time", errors: errors, extra: Self.form))
            </div>
            <p class="picker-actions"><button type="submit"\(Self.form) class="button primary">Set date</button></p>
            """
        }
    }

    // MARK: Priority

    private static let priorities: [(TaskPriority, String)] = [
        (.high, "High"), (.medium, "Medium"), (.low, "Low"), (.none, "None"),
    ]

    private var priority: HTML {
        let chosen = value("priority", task.priority.rawValue)
        let current = TaskPriority(rawValue: chosen) ?? task.priority
        let name = Self.priorities.first { $0.0 == current }?.1 ?? "None"
        let text: HTML = current == .none ? "Priority" : "\(name)"
        let options = Self.priorities.html { priority, title in
            """
            <label class="picker-option p-\(priority.rawValue)"><input type="radio" name="priority" value="\(priority.rawValue)"\(Self.form)\(attribute: "checked", if: priority == current) data-applies>\(Icon.flag.html)\(title)</label>
            """
        }
        return picker(
            "pick-priority", icon: .flag,
            label: current == .none ? "Priority: none. Change the priority" : "Priority: \(name). Change the priority",
            text: text, kind: "priority p-\(current.rawValue)", fields: ["priority"], choose: "Choose a priority"
        ) {
            """
            <fieldset class="picker-options"><legend class="visually-hidden">Priority</legend>\(options)</fieldset>
            \(errors.byField["priority"].map { HTML("<p class=\"field-error\">\($0)</p>") })
            <p class="picker-actions applies-itself"><button type="submit"\(Self.form) class="button primary">Set priority</button></p>
            """
        }
    }

    // MARK: List

    private var list: HTML {
        let chosen = value("list", "\(task.listID)")
        let options = listOptions.html { id, name in
            """
            <label class="picker-option"><input type="radio" name="list" value="\(id)"\(Self.form)\(attribute: "checked", if: id == chosen) data-applies>\(name)</label>
            """
        }
        return picker(
            "pick-list", icon: .lists, label: "List: \(listName). Move to another list", text: "\(listName)",
            kind: "list", fields: ["list"], choose: "Choose a list"
        ) {
            """
            <fieldset class="picker-options picker-scroll"><legend class="visually-hidden">List</legend>\(options)</fieldset>
            \(errors.byField["list"].map { HTML("<p class=\"field-error\">\($0)</p>") })
            <p class="picker-actions applies-itself"><button type="submit"\(Self.form) class="button primary">Move</button></p>
            """
        }
    }

    // MARK: Labels

    private var labelChips: HTML {
        let names = labels.filter { chosenLabels.contains("\($0.id)") }.map(\.name)
        let text: HTML = names.isEmpty ? "Labels" : "\(names.map { "@" + $0 }.joined(separator: " "))"
        let label = names.isEmpty ? "Labels: none. Choose labels" : "Labels: \(names.joined(separator: ", ")). Choose labels"
        return picker(
            "pick-labels", icon: .labels, label: label, text: text, kind: "labels", fields: ["labels"],
            choose: "Choose labels"
        ) {
            guard !labels.isEmpty else {
                return """
                    <p class="hint">No labels yet: type @name in quick add, or <a href="/labels">create labels</a>.</p>
                    """
            }
            let boxes = labels.html { label in
                """
                <label class="picker-option"><input type="checkbox" name="labels" value="\(label.id)"\(Self.form)\(attribute: "checked", if: chosenLabels.contains("\(label.id)"))>@\(label.name)</label>
                """
            }
            return """
                <fieldset class="picker-options picker-scroll"><legend class="visually-hidden">Labels</legend>\(boxes)</fieldset>
                \(errors.byField["labels"].map { HTML("<p class=\"field-error\">\($0)</p>") })
                <p class="picker-actions"><a href="/labels">Manage labels</a><button type="submit"\(Self.form) class="button primary">Set labels</button></p>
                """
        }
    }

    // MARK: Repeat

    /// How the task repeats, when it does: a chip that opens the Details section where the rule is edited.
    private var repeats: HTML? {
        guard let words = task.repeatWords(in: time.calendar.zone) else { return nil }
        return """
            <a class="chip-button chip-repeat" href="#details" aria-label="Repeats: \(words). Change how it repeats">\(Icon.repeats.html)<span class="chip-text">\(words)</span></a>
            """
    }
}
