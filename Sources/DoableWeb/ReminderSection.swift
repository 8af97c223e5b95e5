import DoableCore
import DoableDomain
import DoableArt

/// A refused "Add reminder" form without the script: what was typed and why it was refused, shown again.
struct ReminderDraft: Sendable {
    var form: FormData
    var errors: FormErrors
}

/// NOTIF-1 and NOTIF-3 on the page: the task page's "Reminders" section (the member's own reminders, each with
/// snooze, silence and delete, and the two ways to add one) and Today's "Upcoming reminders" (VIEW-1). Every
/// control is a POST form handled in `TasksWebController+Reminders.swift`.
struct ReminderSection {
    let time: MemberTime
    let csrf: HTML

    var words: ReminderWords { ReminderWords(time: time) }

    /// The task page's section.
    func taskSection(_ task: TaskItem, reminders: [Reminder], draft: ReminderDraft?) -> HTML {
        let back = "/tasks/\(task.id)#reminders"
        let list: HTML =
            reminders.isEmpty
            ? "<p class=\"empty-state reminders-empty\">No reminders. The ones you set are yours alone: nobody else hears them.</p>"
            : "<ul class=\"reminder-list\">\(reminders.html { row($0, task: task, back: back) })</ul>"
        return """
            <section aria-labelledby="reminders-heading" id="reminders" class="task-reminders">
            <h2 id="reminders-heading">Reminders</h2>
            \(list)
            \(addForms(task, draft: draft, back: back))
            </section>
            """
    }

    /// Today's list of the next reminders: the task, when, and snooze.
    func upcoming(_ items: [(Reminder, TaskItem)]) -> HTML {
        let rows: HTML = items.html { reminder, task in
            let what = "\(task.title), \(words.trigger(reminder.trigger).lowercasedFirst)"
            return """
                <li class="reminder" id="upcoming-reminder-\(reminder.id)">
                <p class="reminder-what"><a class="task-title" href="/tasks/\(task.id)">\(task.title)</a> \
                <span class="reminder-when">\(reminder.nextAt.map(words.near) ?? "") · \(words.trigger(reminder.trigger))</span></p>
                <div class="reminder-actions">\(snoozeButtons(reminder, task: task, what: what, back: "/today"))</div></li>
                """
        }
        return """
            <section aria-labelledby="upcoming-reminders-heading" class="upcoming-reminders">
            <h2 id="upcoming-reminders-heading">Upcoming reminders</h2>
            \(items.isEmpty ? HTML("<p class=\"empty-day\">No reminders coming up. Add one on a task's page.</p>") : HTML("<ul class=\"reminder-list\">\(rows)</ul>"))
            </section>
            """
    }

    private func row(_ reminder: Reminder, task: TaskItem, back: String) -> HTML {
        let trigger = words.trigger(reminder.trigger)
        let state = words.state(reminder, task: task)
        var classes = ["reminder"]
        if reminder.silenced { classes.append("is-silenced") }
        if reminder.snoozedUntil != nil { classes.append("is-snoozed") }
        let path = "/tasks/\(task.id)/reminders/\(reminder.id)"
        // Snoozing unsilences; a silenced reminder offers Unsilence alone.
        let canSnooze = task.status != .completed && task.deletedAt == nil && !reminder.silenced
        let inAnHour = time.now.adding(seconds: 3600)
        let custom: HTML = """
            <details class="snooze-custom"><summary aria-label="Snooze until a date and time: \(trigger)">Until a time…</summary>
            <form method="post" action="\(path)/snooze" class="inline-fields" data-inplace>\(csrf)\(hidden("back", back))
            <label class="visually-hidden" for="snooze-date-\(reminder.id)">Snooze until date</label>\
            <input type="date" id="snooze-date-\(reminder.id)" name="untilDate" value="\(time.date(of: inAnHour).description)">
            <label class="visually-hidden" for="snooze-time-\(reminder.id)">Snooze until time</label>\
            <input type="time" id="snooze-time-\(reminder.id)" name="untilTime" value="\(time.time(of: inAnHour))">
            <button type="submit" class="button">Snooze</button></form></details>
            """
        return """
            <li class="\(classes.joined(separator: " "))" id="reminder-\(reminder.id)">
            <p class="reminder-what"><span class="reminder-trigger">\(trigger)</span>\(state.map { HTML(" <span class=\"reminder-state\">· \($0)</span>") })</p>
            <div class="reminder-actions">
            \(canSnooze ? snoozeButtons(reminder, task: task, what: trigger, back: back) + custom : "")
            <form method="post" action="\(path)/silence" class="inline-form" data-inplace>\(csrf)\(hidden("back", back))\(hidden("silenced", reminder.silenced ? "0" : "1"))\
            <button type="submit" class="button" aria-label="\(reminder.silenced ? "Unsilence" : "Silence"): \(trigger)">\(reminder.silenced ? "Unsilence" : "Silence")</button></form>
            <form method="post" action="\(path)/delete" class="inline-form" data-inplace>\(csrf)\(hidden("back", back))\
            <button type="submit" class="button danger" aria-label="Delete reminder: \(trigger)">Delete</button></form>
            </div></li>
            """
    }

    /// 5 minutes, 1 hour, tomorrow morning; `what` tells the buttons of several reminders apart.
    private func snoozeButtons(_ reminder: Reminder, task: TaskItem, what: String, back: String) -> HTML {
        """
        <form method="post" action="/tasks/\(task.id)/reminders/\(reminder.id)/snooze" class="inline-form snooze-form" data-inplace>\(csrf)\(hidden("back", back))\
        <span class="snooze-label" aria-hidden="true">Snooze</span> \
        <button type="submit" class="button" name="preset" value="5m" aria-label="Snooze 5 min: \(what)">5 min</button> \
        <button type="submit" class="button" name="preset" value="1h" aria-label="Snooze 1 hour: \(what)">1 hour</button> \
        <button type="submit" class="button" name="preset" value="tomorrow" aria-label="Snooze until tomorrow morning: \(what)">Tomorrow morning</button></form>
        """
    }

    /// Add a reminder relative to the task's due or start date (the ones it has), or at a date and time.
    private func addForms(_ task: TaskItem, draft: ReminderDraft?, back: String) -> HTML {
        let errors = draft?.errors ?? FormErrors()
        let kind = draft?.form["kind"]
        func value(_ name: String, _ fallback: String, of formKind: String) -> String {
            kind == formKind ? draft?.form[name] ?? fallback : fallback
        }
        let anchors = [(Reminder.Anchor.due, task.due, "the due date"), (.start, task.start, "the start date")]
            .filter { $0.1 != nil }.map { ($0.0.rawValue, $0.2) }
        let relative: HTML =
            anchors.isEmpty
            ? "<p class=\"hint\">Give the task a due or start date to be reminded before or after it.</p>"
            : """
            <form method="post" action="/tasks/\(task.id)/reminders" class="reminder-add" id="reminder-relative" aria-label="Add a reminder before or after a date" data-inplace novalidate>\(csrf)\(hidden("back", back))\(hidden("kind", "relative"))
            \(kind == "relative" ? errors.summary : "")
            <div class="inline-fields">
            \(control("amount", "How many", errors, kind == "relative") { "<input type=\"number\" id=\"reminder-amount\" name=\"amount\" min=\"0\" max=\"527040\" inputmode=\"numeric\" value=\"\(value("amount", "15", of: "relative"))\" class=\"reminder-amount\"\($0)>" })
            \(control("unit", "Unit", errors, false) { select("unit", [("minutes", "minutes"), ("hours", "hours"), ("days", "days")], value("unit", "minutes", of: "relative"), $0) })
            \(control("direction", "Before or after", errors, false) { select("direction", [("before", "before"), ("after", "after")], value("direction", "before", of: "relative"), $0) })
            \(control("anchor", "Relative to", errors, kind == "relative") { select("anchor", anchors, value("anchor", anchors[0].0, of: "relative"), $0) })
            <button type="submit" class="button">Add reminder</button>
            </div></form>
            """
        let day = task.due.map { time.day(of: $0) }.flatMap { $0 >= time.today ? $0 : nil } ?? time.today
        return """
            <h3 class="reminder-add-heading">Add a reminder</h3>
            \(relative)
            <form method="post" action="/tasks/\(task.id)/reminders" class="reminder-add" id="reminder-at" aria-label="Add a reminder at a date and time" data-inplace novalidate>\(csrf)\(hidden("back", back))\(hidden("kind", "at"))
            \(kind == "at" ? errors.summary : "")
            <div class="inline-fields">
            \(control("date", "Reminder date", errors, kind == "at") { "<input type=\"date\" id=\"reminder-date\" name=\"date\" value=\"\(value("date", day.description, of: "at"))\"\($0)>" })
            \(control("time", "Reminder time", errors, kind == "at") { "<input type=\"time\" id=\"reminder-time\" name=\"time\" value=\"\(value("time", "09:00", of: "at"))\"\($0)>" })
            <button type="submit" class="button">Add reminder at this time</button>
            </div></form>
            """
    }

    /// A labelled control of the add forms, with its error when `showsError` (the refused form was this one);
    /// `make` gets the attributes that tie the control to its error.
    private func control(
        _ name: String, _ label: String, _ errors: FormErrors, _ showsError: Bool,
        _ make: (HTML) -> HTML
    ) -> HTML {
        let error = showsError ? errors.byField[name] : nil
        let id = "reminder-\(name)"
        let aria: HTML = error == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"\(id)-error\""
        return """
            <div class="field\(error == nil ? "" : " has-error")"><label for="\(id)">\(label)</label>\(make(aria))\
            \(error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\">\($0)</p>") })</div>
            """
    }

    private func select(_ name: String, _ options: [(String, String)], _ selected: String, _ aria: HTML) -> HTML {
        let choices = options.html { value, title in
            "<option value=\"\(value)\"\(attribute: "selected", if: value == selected)>\(title)</option>"
        }
        return "<select id=\"reminder-\(name)\" name=\"\(name)\"\(aria)>\(choices)</select>"
    }

    private func hidden(_ name: String, _ value: String) -> HTML {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
    }
}

extension String {
    /// "15 minutes before due" inside a sentence; "At …" becomes "at …".
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
