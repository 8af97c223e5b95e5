import DoableCore
import DoableDomain
import DoableStore
import Foundation
import HTTPTypes
import Hummingbird

/// VIEW-3: the task page, every field editable, subtasks added in place, moved, duplicated or deleted. A form
/// that went stale (the task changed elsewhere) says so instead of overwriting.
extension WebController {
    func addTaskPageRoutes(to web: RouterGroup<AppRequestContext>) {
        web.get("tasks/{id}") { _, context in
            try await taskPage(context, identity: try member(context), id: try taskID(context), form: nil,
                               errors: FormErrors())
        }
        web.post("tasks/{id}") { _, context in try await saveTask(context) }
    }

    static let taskFields: Set<String> = ["title", "notes", "list", "status", "priority", "dueDate", "dueTime",
                                          "startDate", "startTime", "estimatedMinutes", "category", "labels"]

    private func saveTask(_ context: AppRequestContext) async throws -> Response {
        let (identity, task) = try await actedOn(context)
        let form = context.web.form
        let time = MemberTime(preferences: identity.account.preferences)
        var errors = FormErrors()
        var input = TaskInput(title: form["title"] ?? "")
        input.notes = form["notes"] ?? ""
        input.listID = form.text("list").flatMap(ListID.init)
        input.status = TaskStatus(rawValue: form["status"] ?? "") ?? task.status
        input.priority = TaskPriority(rawValue: form["priority"] ?? "") ?? task.priority
        input.category = .some(form.text("category").flatMap(TaskCategory.init))
        input.labelIDs = form.all("labels").compactMap(LabelID.init)
        if let text = form.text("estimatedMinutes") {
            if let minutes = Int(text) { input.estimatedMinutes = .some(minutes) } else {
                errors.byField["estimatedMinutes"] = "Enter whole minutes, like 30."
            }
        } else {
            input.estimatedMinutes = .some(nil)
        }
        for (prefix, isDue) in [("due", true), ("start", false)] {
            let date = form.text("\(prefix)Date")
            let clock = form.text("\(prefix)Time")
            var value: TaskDate?
            if let date {
                guard let day = CivilDate(date) else {
                    errors.byField["\(prefix)Date"] = "Enter the date as YYYY-MM-DD."
                    continue
                }
                if let clock {
                    guard let moment = time.moment(on: day, at: clock) else {
                        errors.byField["\(prefix)Time"] = "Enter the time as HH:MM."
                        continue
                    }
                    value = .moment(moment)
                } else {
                    value = .day(day)
                }
            } else if clock != nil {
                errors.byField["\(prefix)Date"] = "Choose a date for this time."
                continue
            }
            // An unchanged date is not sent again, so a task already overdue can still be edited. The form shows
            // minutes, so a moment with seconds (set through the API) is compared as the form shows it.
            let current = isDue ? task.due : task.start
            let shown = Self.formParts(current, time: time)
            if (date ?? "", clock ?? "") != shown {
                if isDue { input.due = .some(value) } else { input.start = .some(value) }
            }
        }
        let sentVersion = form.text("version").flatMap { Int64($0) }
        if errors.isEmpty {
            do {
                let listChanged = input.listID != nil && input.listID != task.listID
                let targetList = input.listID
                if listChanged { input.listID = nil }
                _ = try await domain.updateTask(identity, id: task.id, input, ifVersion: sentVersion)
                if listChanged, let targetList {
                    _ = try await domain.moveTask(identity, id: task.id, TaskPlacement(listID: targetList))
                }
                return WebResponse.done(context, redirect: "/tasks/\(task.id)", toast: Flash(
                    message: "Saved '\(form["title"] ?? task.title)'", undo: UndoToken([.revert(task)]).encoded),
                                        forceRedirect: true)
            } catch let error as DoableError {
                if case .conflict("version_mismatch", _, _) = error {
                    errors.general = "This task was changed elsewhere since you opened it. The current values are saved; your changes are below. Save again to keep yours."
                } else {
                    errors = FormErrors(error, fields: Self.taskFields, rename: [
                        "due": "dueDate", "start": "startDate", "listId": "list", "labelIds": "labels",
                    ])
                }
            }
        }
        if context.web.wantsJSON, let first = errors.byField.first {
            return WebResponse.refusedJSON(.invalid(field: first.key, message: first.value))
        }
        var page = try await taskPage(context, identity: identity, id: task.id, form: form, errors: errors)
        page.status = .badRequest
        return page
    }

    private func taskPage(_ context: AppRequestContext, identity: Identity, id: TaskID, form: FormData?,
                          errors: FormErrors) async throws -> Response
    {
        let data = try await TaskPageData.load(domain, identity)
        let view = try await domain.task(identity, id: id)
        let task = view.task
        let time = data.time
        let listTasks = try await listTasks(task.listID, identity)
        let tree = TaskRows.tree(listTasks)
        var rows = data.rows(context, showsList: false)
        rows.children = tree.children
        rows.isDraggable = true
        let subtasks = tree.children[task.id] ?? []
        func value(_ name: String, _ current: String) -> String { form?[name] ?? current }
        func dateParts(_ date: TaskDate?) -> (String, String) { Self.formParts(date, time: time) }
        let due = dateParts(task.due)
        let start = dateParts(task.start)
        let chosenLabels = Set(form?.all("labels") ?? task.labelIDs.map(\.description))
        let labelBoxes = data.labels.html { label in
            "<label class=\"chip-check\"><input type=\"checkbox\" name=\"labels\" value=\"\(label.id)\"\(attribute: "checked", if: chosenLabels.contains("\(label.id)"))> \(label.name)</label>"
        }
        let listOptions = data.lists.filter { !$0.list.isArchived || $0.list.id == task.listID }.map { ("\($0.list.id)", $0.list.name) }
        let excluded = Set([task.id] + descendants(of: task.id, in: tree.children))
        let parentOptions = [("", "None (top level)")] + listTasks.filter { !excluded.contains($0.task.id) }
            .map { ("\($0.task.id)", $0.task.title) }
        let isDone = task.status == .completed
        let back = "/tasks/\(task.id)"
        let csrf = csrfField(context)
        let breadcrumb: HTML = {
            guard let list = data.listsByID[task.listID] else { return "" }
            var crumbs: HTML = "<a href=\"/lists/\(list.id)\">\(list.name)</a>"
            if let parentID = task.parentID, let parent = listTasks.first(where: { $0.task.id == parentID }) {
                crumbs += " › <a href=\"/tasks/\(parent.task.id)\">\(parent.task.title)</a>"
            }
            return "<nav class=\"breadcrumb\" aria-label=\"Where this task is\">\(crumbs)</nav>"
        }()
        let main: HTML = """
        \(breadcrumb)
        <div class="task-page-header">
        <form method="post" action="/tasks/\(task.id)/\(isDone ? "reopen" : "complete")" class="check-form" data-inplace\(view.progress.total - view.progress.done > 0 && !isDone ? HTML(" data-open-subtasks=\"\(view.progress.total - view.progress.done)\"") : "")>\(csrf)<input type="hidden" name="back" value="\(back)">
        <button type="submit" class="check" role="checkbox" aria-checked="\(isDone ? "true" : "false")" aria-label="Mark '\(task.title)' as \(isDone ? "not done" : "done")"></button></form>
        <h1 class="\(isDone ? "is-completed" : "")">\(task.title)</h1>
        </div>
        \(task.due.map { due -> HTML in
            let words = time.dueWords(due, isCompleted: isDone)
            return "<p class=\"due\(words.isOverdue ? " overdue" : "")\">Due \(words.text)</p>"
        })
        <form method="post" action="/tasks/\(task.id)" class="task-form" id="task-form" novalidate>
        \(csrf)<input type="hidden" name="version" value="\(task.version)">
        \(errors.summary)
        \(Field.input("title", label: "Title", value: value("title", task.title), hint: "1 to 200 characters.", required: true, errors: errors, extra: " maxlength=\"200\""))
        \(Field.textarea("notes", label: "Notes", value: value("notes", task.notes), hint: "Up to 10,000 characters.", errors: errors))
        <div class="field-row">
        \(Field.select("list", label: "List", options: listOptions, selected: value("list", "\(task.listID)"), errors: errors))
        \(Field.select("status", label: "Status", options: [("pending", "Not started"), ("inProgress", "In progress"), ("completed", "Completed")], selected: value("status", task.status.rawValue), errors: errors))
        \(Field.select("priority", label: "Priority", options: [("none", "None"), ("low", "Low"), ("medium", "Medium"), ("high", "High")], selected: value("priority", task.priority.rawValue), errors: errors))
        </div>
        <fieldset class="field-row"><legend>Due</legend>
        \(Field.input("dueDate", label: "Due date", value: value("dueDate", due.0), type: "date", hint: "A new deadline cannot be in the past.", errors: errors))
        \(Field.input("dueTime", label: "Due time", value: value("dueTime", due.1), type: "time", hint: "Leave empty for the whole day.", errors: errors))
        </fieldset>
        <fieldset class="field-row"><legend>Start</legend>
        \(Field.input("startDate", label: "Start date", value: value("startDate", start.0), type: "date", hint: "On or before the due date.", errors: errors))
        \(Field.input("startTime", label: "Start time", value: value("startTime", start.1), type: "time", errors: errors))
        </fieldset>
        <div class="field-row">
        \(Field.input("estimatedMinutes", label: "Estimated minutes", value: value("estimatedMinutes", task.estimatedMinutes.map(String.init) ?? ""), type: "number", errors: errors, extra: " min=\"1\" inputmode=\"numeric\""))
        \(Field.select("category", label: "Category", options: [("", "None"), ("study", "Study"), ("work", "Work"), ("exercise", "Exercise"), ("personal", "Personal"), ("other", "Other")], selected: value("category", task.category?.rawValue ?? ""), required: false, errors: errors))
        </div>
        \(data.labels.isEmpty ? HTML("<p class=\"hint\">No labels yet: type @name in quick add, or <a href=\"/labels\">create labels</a>.</p>") : HTML("<fieldset class=\"label-filter\"><legend>Labels</legend>\(labelBoxes)\(errors.byField["labels"].map { HTML("<p class=\"field-error\">\($0)</p>") })</fieldset>"))
        <p class="form-actions"><button type="submit" class="button primary">Save</button></p>
        </form>
        <section aria-labelledby="subtasks-heading" class="subtask-section">
        <h2 id="subtasks-heading">Subtasks\(view.progress.total > 0 ? HTML(" <span class=\"progress\">\(view.progress.done) of \(view.progress.total) done</span>") : "")</h2>
        \(subtasks.isEmpty ? HTML("<p class=\"empty-state\">No subtasks yet.</p>") : rows.list(subtasks, id: "subtasks"))
        <form method="post" action="/tasks" class="add-subtask" id="add-subtask" data-inplace>\(csrf)
        <input type="hidden" name="parent" value="\(task.id)"><input type="hidden" name="back" value="\(back)">
        <label for="subtask-text">Add a subtask</label>
        <span class="inline-add"><input id="subtask-text" name="text" autocomplete="off" maxlength="1000" placeholder="e.g. Call the plumber tomorrow"><button type="submit" class="button">Add subtask</button></span>
        </form>
        </section>
        <section aria-labelledby="move-heading" id="move" class="task-move">
        <h2 id="move-heading">Move</h2>
        <form method="post" action="/tasks/\(task.id)/move" data-inplace>\(csrf)<input type="hidden" name="back" value="\(back)">
        \(Field.select("list", label: "To list", options: listOptions, selected: "\(task.listID)", id: "move-list"))
        <button type="submit" class="button">Move to list</button></form>
        <form method="post" action="/tasks/\(task.id)/move" data-inplace>\(csrf)<input type="hidden" name="back" value="\(back)">
        \(Field.select("parent", label: "Under task", options: parentOptions, selected: task.parentID.map { "\($0)" } ?? "", id: "move-parent"))
        <button type="submit" class="button">Move under task</button></form>
        </section>
        <section class="task-actions" aria-label="Other actions">
        <form method="post" action="/tasks/\(task.id)/duplicate" data-inplace>\(csrf)<input type="hidden" name="back" value="\(back)"><button type="submit" class="button">Duplicate</button></form>
        <form method="post" action="/tasks/\(task.id)/delete" data-inplace data-confirm="Delete '\(task.title)'? It goes to the trash for 30 days.">\(csrf)<input type="hidden" name="back" value="\(back)"><button type="submit" class="button danger">Delete</button></form>
        </section>
        <p class="meta-line">Created \(time.words(time.date(of: task.createdAt))) · Updated \(time.words(time.date(of: task.updatedAt)))\(task.completedAt.map { " · Completed \(time.words(time.date(of: $0)))" } ?? "")</p>
        """
        var page = WebPage(title: task.title, main: main, current: "list:\(task.listID)", quickAddList: task.listID)
        page.status = errors.isEmpty ? .ok : .badRequest
        return try await self.page(page, context, data: data)
    }

    /// A date as the form's date and time inputs show it.
    static func formParts(_ date: TaskDate?, time: MemberTime) -> (String, String) {
        switch date {
        case .day(let day)?: (day.description, "")
        case .moment(let moment)?: (time.date(of: moment).description, time.time(of: moment))
        case nil: ("", "")
        }
    }

    func descendants(of id: TaskID, in children: [TaskID: [TaskView]]) -> [TaskID] {
        var result: [TaskID] = []
        var stack = children[id] ?? []
        while let next = stack.popLast() {
            result.append(next.task.id)
            stack += children[next.task.id] ?? []
        }
        return result
    }
}
