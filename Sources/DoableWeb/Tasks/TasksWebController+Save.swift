import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// VIEW-3: the task page's Save: every field at once, the list last (a move may clear the assignee, COLLAB-2,
/// and the toast says so). A form that went stale (the task changed elsewhere) says so instead of overwriting.
extension TasksWebController {
    static let taskFields: Set<String> = Set([
        "title", "notes", "list", "status", "priority", "dueDate", "dueTime",
        "startDate", "startTime", "estimatedMinutes", "category", "labels",
        "assigneeId",
    ]).union(RepeatForm.Name.all)

    func saveTask(_ context: WebRequestContext) async throws -> Response {
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
        // COLLAB-2: the select is there only where the list is shared (or the task already has an assignee).
        if form.has("assigneeId") {
            if let text = form.text("assigneeId") {
                if let id = AccountID(text) {
                    input.assigneeID = .some(id)
                } else {
                    errors.byField["assigneeId"] = "Choose a member of the list."
                }
            } else {
                input.assigneeID = .some(nil)
            }
        }
        if let text = form.text("estimatedMinutes") {
            if let minutes = Int(text) {
                input.estimatedMinutes = .some(minutes)
            } else {
                errors.byField["estimatedMinutes"] = "Enter whole minutes, like 30."
            }
        } else {
            input.estimatedMinutes = .some(nil)
        }
        // The due chip's quick choices (Today, Tomorrow, …, No date) send the day itself, keeping the time.
        let dueChoice = form.text("dueChoice")
        for (prefix, isDue) in [("due", true), ("start", false)] {
            var date = form.text("\(prefix)Date")
            var clock = form.text("\(prefix)Time")
            if isDue, let dueChoice {
                if dueChoice == "none" { (date, clock) = (nil, nil) } else { date = dueChoice }
            }
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
            let shown = TaskPage.formParts(current, time: time)
            if (date ?? "", clock ?? "") != shown {
                if isDue { input.due = .some(value) } else { input.start = .some(value) }
            }
        }
        // TASK-10: the Repeat group, sent only where it changed the rule or its basis.
        let repeatForm = RepeatForm(form: form)
        if form.has(RepeatForm.Name.frequency) {
            let firstDay = (input.due ?? task.due) ?? (input.start ?? task.start)
            do {
                let rule = try repeatForm.recurrence(firstDay: firstDay.map(time.day(of:)))
                if rule != task.recurrence { input.recurrence = .some(rule) }
            } catch let error as DoableError {
                let fields = RepeatForm.Name.all
                errors.byField.merge(
                    FormErrors(
                        error, fields: fields,
                        rename: [
                            "recurrence": repeatForm.usesText ? RepeatForm.Name.text : RepeatForm.Name.frequency
                        ]
                    ).byField
                ) { first, _ in first }
            }
            if repeatForm.basis != task.recurrenceBasis { input.recurrenceBasis = repeatForm.basis }
        }
        let sentVersion = form.text("version").flatMap { Int64($0) }
        if errors.isEmpty {
            do {
                let listChanged = input.listID != nil && input.listID != task.listID
                let targetList = input.listID
                if listChanged { input.listID = nil }
                var saved = try await tasks.updateTask(identity, id: task.id, input, ifVersion: sentVersion).task
                var note = ""
                if listChanged, let targetList {
                    let before = saved
                    saved = try await tasks.moveTask(identity, id: task.id, TaskPlacement(listID: targetList)).task
                    note = await unassignedNote(before: before, after: saved, identity)
                }
                return WebResponse.done(
                    context, redirect: "/tasks/\(task.id)",
                    toast: Flash(
                        message: "Saved '\(saved.title)'\(note)", undo: UndoToken([.revert(task)]).encoded),
                    forceRedirect: true)
            } catch let error as DoableError {
                if case .forbidden = error { throw error }
                if case .conflict("version_mismatch", _, _) = error {
                    errors.general =
                        "This task was changed elsewhere since you opened it. The current values are saved; your changes are below. Save again to keep yours."
                } else {
                    errors = FormErrors(
                        error, fields: Self.taskFields,
                        rename: [
                            "due": "dueDate", "start": "startDate", "listId": "list", "labelIds": "labels",
                            "recurrence": repeatForm.usesText ? RepeatForm.Name.text : RepeatForm.Name.frequency,
                        ])
                }
            }
        }
        if context.web.wantsJSON {
            if let first = errors.byField.first {
                return WebResponse.refusedJSON(.invalid(field: first.key, message: first.value))
            }
            if let general = errors.general { return WebResponse.refusedJSON(.conflict(code: "stale_form", field: nil, message: general)) }
        }
        var page = try await taskPage(context, identity: identity, id: task.id, form: form, errors: errors)
        page.status = .badRequest
        return page
    }
}
