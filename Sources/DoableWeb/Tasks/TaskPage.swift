import DoableCore
import HTTPTypes
import DoableDomain
import DoableArt

/// VIEW-3: the task page, every field editable, subtasks added in place, moved, duplicated or deleted; its
/// assignee, photos (TASK-11, `TaskPhotos`), comments and history (COLLAB-2, TASK-12). A viewer of a shared list
/// sees it read-only (COLLAB-3). A refused form shows again with what was typed (`form`) and why.
struct TaskPage {
    var data: TaskPageData
    var view: TaskView
    /// The owner and members of the task's list (the Assignee choices).
    var members: [MemberView]
    /// Editors and above change the task (COLLAB-3).
    var canEdit: Bool
    /// Every task of its list in manual order (all levels): subtasks, the breadcrumb and "Under task".
    var listTasks: [TaskView]
    var rows: TaskRows
    /// The task form as posted when it was refused; nil shows the task as stored.
    var form: FormData?
    var errors: FormErrors
    var comments: [CommentView]
    var activity: [ActivityView]
    var reminders: [Reminder]
    var photos: [Attachment]
    var draft: CommentDraft?
    var reminderDraft: ReminderDraft?
    var photoError: String?
    /// The marketplace posting the task came from, if any.
    var posting: MarketPosting?
    var csrf: HTML

    var page: WebPage {
        let task = view.task
        let time = data.time
        let tree = TaskRows.tree(listTasks)
        let subtasks = tree.children[task.id] ?? []
        func value(_ name: String, _ current: String) -> String { form?[name] ?? current }
        func dateParts(_ date: TaskDate?) -> (String, String) { Self.formParts(date, time: time) }
        let start = dateParts(task.start)
        let chosenLabels = Set(form?.all("labels") ?? task.labelIDs.map(\.description))
        let listOptions = data.lists.filter { !$0.list.isArchived && $0.role >= .editor || $0.list.id == task.listID }
            .map { ("\($0.list.id)", $0.list.name) }
        let excluded = Set([task.id] + Self.descendants(of: task.id, in: tree.children))
        let parentOptions =
            [("", "None (top level)")]
            + listTasks.filter { !excluded.contains($0.task.id) }
            .map { ("\($0.task.id)", $0.task.title) }
        let isDone = task.status == .completed
        let back = "/tasks/\(task.id)"
        let list = data.listsByID[task.listID]
        let breadcrumb: HTML = {
            guard let list else { return "" }
            var crumbs: HTML = "<a href=\"/lists/\(list.id)\">\(list.name)</a>"
            if let parentID = task.parentID, let parent = listTasks.first(where: { $0.task.id == parentID }) {
                crumbs += " › <a href=\"/tasks/\(parent.task.id)\">\(parent.task.title)</a>"
            }
            return "<nav class=\"breadcrumb\" aria-label=\"Where this task is\">\(crumbs)</nav>"
        }()
        let checked: HTML = "role=\"checkbox\" aria-checked=\"\(isDone ? "true" : "false")\""
        let check: HTML =
            canEdit
            ? """
            <form method="post" action="/tasks/\(task.id)/\(isDone ? "reopen" : "complete")" class="check-form" data-inplace\(view.progress.total - view.progress.done > 0 && !isDone ? HTML(" data-open-subtasks=\"\(view.progress.total - view.progress.done)\"") : "")>\(csrf)<input type="hidden" name="back" value="\(back)">
            <button type="submit" class="check" \(checked) aria-label="Mark '\(task.title)' as \(isDone ? "not done" : "done")"></button></form>
            """ : "<span class=\"check\" \(checked) aria-disabled=\"true\" aria-label=\"\("'\(task.title)' (view only)")\"></span>"
        let assignee: HTML =
            members.count > 1 || task.assigneeID != nil
            ? """
            <div class="field-row">\(Field.select("assigneeId", label: "Assignee", options: PersonChoices.assigneeOptions(members, current: task.assigneeID), selected: value("assigneeId", task.assigneeID.map { "\($0)" } ?? ""), errors: errors))</div>
            """ : ""
        let discussion = TaskDiscussion(
            taskID: task.id, comments: comments,
            activity: activity, canComment: canEdit, time: time,
            csrf: csrf, draft: draft)
        let addSubtask: HTML = """
            <form method="post" action="/tasks" class="add-subtask" id="add-subtask" data-inplace>\(csrf)
            <input type="hidden" name="parent" value="\(task.id)"><input type="hidden" name="back" value="\(back)">
            <label for="subtask-text" class="visually-hidden">Add a subtask</label>
            <span class="inline-add"><input id="subtask-text" name="text" autocomplete="off" maxlength="1000" placeholder="Add a subtask, e.g. Call the plumber tomorrow"><button type="submit" class="button">Add</button></span>
            </form>
            """
        let changes: HTML = """
            <details id="move" class="task-move section-fold">
            <summary><h2 id="move-heading">Move under a task</h2></summary>
            <form method="post" action="/tasks/\(task.id)/move" data-inplace>\(csrf)<input type="hidden" name="back" value="\(back)">
            \(Field.select("parent", label: "Under task", options: parentOptions, selected: task.parentID.map { "\($0)" } ?? "", id: "move-parent"))
            <button type="submit" class="button">Move under task</button></form>
            </details>
            """
        var marketOrigin: HTML = ""
        if let posting {
            marketOrigin = """
                <p class="notice market-origin" role="note">From the marketplace: <a href="/market/postings/\(posting.id)">\(posting.title)</a></p>
                """
        }
        // The title once, edited where it stands (issue 29 item 3); the heading stays for the page's outline.
        let titleError = errors.byField["title"]
        let titleField: HTML = """
            <h1 class="visually-hidden" id="task-heading">\(task.title)</h1>
            <div class="field title-field">\
            <label class="visually-hidden" for="f-title">Title</label>\
            <input id="f-title" name="title" form="task-form" class="title-input\(isDone ? " is-completed" : "")" \
            value="\(value("title", task.title))" maxlength="200" required autocomplete="off"\
            \(attribute: "readonly", if: !canEdit)\
            \(titleError != nil ? HTML(" aria-invalid=\"true\" aria-describedby=\"f-title-error\"") : "")>\
            \(titleError.map { HTML("<p class=\"field-error\" id=\"f-title-error\">\($0)</p>") })</div>
            """
        // Duplicate, Move and Delete wait in the panel's menu, not as a red button mid-page (docs/design.md).
        let pageMenu: HTML = """
            <details class="task-menu page-menu"><summary aria-label="More actions for this task">\(Icon.more.html)</summary>
            <div class="menu-items">
            <form method="post" action="/tasks/\(task.id)/duplicate" data-inplace>\(csrf)<input type="hidden" name="back" value="\(back)"><button type="submit">Duplicate</button></form>
            <a href="#pick-list" data-opens="pick-list">Move to another list…</a>
            <a href="#move">Move under a task…</a>
            <form method="post" action="/tasks/\(task.id)/delete" data-inplace data-confirm="Delete '\(task.title)'? It goes to the trash for 30 days.">\(csrf)<input type="hidden" name="back" value="\(back)"><button type="submit">Delete</button></form>
            </div></details>
            """
        let chips = TaskChips(
            task: task, time: time, listOptions: listOptions, listName: list?.name ?? "List",
            labels: data.labels, chosenLabels: chosenLabels, value: value, errors: errors, canEdit: canEdit)
        let detailFields: Set<String> = Set(["status", "startDate", "startTime", "estimatedMinutes", "category", "assigneeId"])
            .union(RepeatForm.Name.all)
        let detailsOpen = detailFields.contains { errors.byField[$0] != nil }
        let closeTo = list.map { "/lists/\($0.id)" } ?? "/today"
        let panel: HTML = """
            <article class="task-panel" aria-labelledby="task-heading">
            <div class="panel-bar">
            <a class="icon-button panel-close" href="\(closeTo)" aria-label="Close the task, back to \(list?.name ?? "Today")">\(Icon.close.html)</a>
            \(breadcrumb)
            \(canEdit ? pageMenu : "")
            </div>
            <div class="task-page-header">
            \(check)
            \(titleField)
            </div>
            \(chips.html)
            \(marketOrigin)
            \(canEdit ? "" : HTML("<p class=\"notice read-only-notice\" role=\"note\">You can view this task; editing needs the editor role.</p>"))
            <form method="post" action="/tasks/\(task.id)" class="task-form" id="task-form" novalidate data-inplace>
            \(csrf)<input type="hidden" name="version" value="\(task.version)">
            \(errors.summary)
            \(canEdit ? "" : HTML("<fieldset class=\"read-only\" disabled>"))
            <div class="field notes-field\(errors.byField["notes"] != nil ? " has-error" : "")">
            <label for="f-notes" class="visually-hidden">Notes</label>
            <textarea id="f-notes" name="notes" rows="3" placeholder="Notes"\(errors.byField["notes"] != nil ? HTML(" aria-invalid=\"true\" aria-describedby=\"f-notes-error\"") : "")>\(value("notes", task.notes))</textarea>
            \(errors.byField["notes"].map { HTML("<p class=\"field-error\" id=\"f-notes-error\">\($0)</p>") })
            </div>
            <details class="section-fold task-details" id="details"\(attribute: "open", if: detailsOpen)>
            <summary><h2 id="details-heading">Details</h2>\(detailsSummary(task, time: time))</summary>
            <div class="field-row">
            \(Field.select("status", label: "Status", options: [("pending", "Not started"), ("inProgress", "In progress"), ("completed", "Completed")], selected: value("status", task.status.rawValue), errors: errors))
            \(Field.select("category", label: "Category", options: [("", "None"), ("study", "Study"), ("work", "Work"), ("exercise", "Exercise"), ("personal", "Personal"), ("other", "Other")], selected: value("category", task.category?.rawValue ?? ""), errors: errors))
            </div>
            \(assignee)
            <div class="field-row">
            \(Field.input("startDate", label: "Start date", value: value("startDate", start.0), type: "date", errors: errors))
            \(Field.input("startTime", label: "Start time", value: value("startTime", start.1), type: "time", errors: errors))
            </div>
            \(RepeatFields.html(repeatForm(task, form: form, time: time), errors: errors,
                            weekStart: time.calendar.weekStartIndex,
                            firstDay: (task.due ?? task.start).map(time.day(of:))))
            \(Field.input("estimatedMinutes", label: "Estimated minutes", value: value("estimatedMinutes", task.estimatedMinutes.map(String.init) ?? ""), type: "number", errors: errors, extra: " min=\"1\" inputmode=\"numeric\""))
            </details>
            \(canEdit ? HTML("<p class=\"form-actions\"><button type=\"submit\" class=\"button primary\">Save</button></p>") : "</fieldset>")
            </form>
            <section aria-labelledby="subtasks-heading" id="subtasks" class="subtask-section">
            <h2 id="subtasks-heading">Subtasks\(view.progress.total > 0 ? HTML(" <span class=\"progress\">\(view.progress.done) of \(view.progress.total) done</span>") : "")</h2>
            \(subtasks.isEmpty ? "" : rows.list(subtasks, id: "subtask-rows"))
            \(canEdit ? addSubtask : subtasks.isEmpty ? HTML("<p class=\"empty-state\">No subtasks.</p>") : "")
            </section>
            \(ReminderSection(time: time, csrf: csrf).taskSection(task, reminders: reminders,
                                                             draft: reminderDraft))
            \(TaskPhotos(task: task, photos: photos, canEdit: canEdit && task.deletedAt == nil, time: time,
                     csrf: csrf, error: photoError).html)
            \(discussion.commentsSection)
            \(discussion.historySection)
            \(canEdit ? changes : "")
            <p class="meta-line">Created \(time.words(time.date(of: task.createdAt))) · Updated \(time.words(time.date(of: task.updatedAt)))\(task.completedAt.map { " · Completed \(time.words(time.date(of: $0)))" } ?? "")</p>
            </article>
            """
        let pane = list.map { TaskListPane(list: $0, tasks: listTasks, current: task.id, time: time).html } ?? ""
        let main: HTML = """
            <div class="task-split">
            \(pane)
            \(panel)
            </div>
            """
        var page = WebPage(
            title: task.title, main: main, current: "list:\(task.listID)",
            quickAddList: canEdit ? task.listID : nil)
        // Wide: the list and the task side by side; a phone shows the task alone, as a full-screen sheet.
        page.bodyClass = "wide task-open"
        page.status = errors.isEmpty && draft == nil && reminderDraft == nil && photoError == nil ? .ok : .badRequest
        return page
    }

    /// What the folded Details section holds, in a few words ("Starts Mon · 30 min · In progress").
    private func detailsSummary(_ task: TaskItem, time: MemberTime) -> HTML {
        var parts: [String] = []
        if task.status == .inProgress { parts.append("In progress") }
        if let start = task.start { parts.append("Starts \(time.dueWords(start, isCompleted: true).text)") }
        if let words = task.repeatWords(in: time.calendar.zone) { parts.append(words) }
        if let minutes = task.estimatedMinutes { parts.append("\(minutes) min") }
        if let category = task.category { parts.append(category.rawValue.prefix(1).uppercased() + category.rawValue.dropFirst()) }
        if let id = task.assigneeID, let member = members.first(where: { $0.accountID == id }) {
            parts.append("Assigned to \(member.username)")
        }
        guard !parts.isEmpty else { return "<span class=\"details-summary\">Status, start, repeat, estimate</span>" }
        return "<span class=\"details-summary\">\(parts.joined(separator: " · "))</span>"
    }

    /// The Repeat fields: as posted when the form comes back refused, else the task's rule, with the weekday and
    /// week of its first date suggested for a switch to weekly or monthly.
    private func repeatForm(_ task: TaskItem, form: FormData?, time: MemberTime) -> RepeatForm {
        if let form, form.has(RepeatForm.Name.frequency) { return RepeatForm(form: form) }
        var repeatForm = RepeatForm(
            rule: task.recurrence.flatMap { try? RecurrenceRule(rrule: $0) },
            basis: task.recurrenceBasis, zone: time.calendar.zone)
        if let first = task.due ?? task.start { repeatForm.suggest(from: time.day(of: first)) }
        return repeatForm
    }

    /// A date as the form's date and time inputs show it.
    static func formParts(_ date: TaskDate?, time: MemberTime) -> (String, String) {
        switch date {
        case .day(let day)?: (day.description, "")
        case .moment(let moment)?: (time.date(of: moment).description, time.time(of: moment))
        case nil: ("", "")
        }
    }

    /// The ids of a task's subtasks at any depth.
    static func descendants(of id: TaskID, in children: [TaskID: [TaskView]]) -> [TaskID] {
        var result: [TaskID] = []
        var stack = children[id] ?? []
        while let next = stack.popLast() {
            result.append(next.task.id)
            stack += children[next.task.id] ?? []
        }
        return result
    }
}
