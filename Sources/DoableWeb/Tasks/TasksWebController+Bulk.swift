import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableHTTP

/// Acting on several selected tasks at once (docs/web-app.md, "Selecting several tasks"): complete, delete, move,
/// reschedule or label them, with one Undo for all.
extension TasksWebController {
    func bulk(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        let ids = form.all("ids").compactMap(TaskID.init)
        guard !ids.isEmpty else { throw DoableError.invalid("ids", "Select at least one task first.") }
        guard ids.count <= 2000 else { throw DoableError.invalid("ids", "Select at most 2,000 tasks at once.") }
        let action = form["action"] ?? ""
        if action == "delete", !form.isOn("confirmed"), !context.web.wantsJSON {
            return try await confirmPage(
                context, title: "Delete \(ids.count) \(ids.count == 1 ? "task" : "tasks")?",
                message: "They go to the trash, with their subtasks, for 30 days.",
                action: "/tasks/bulk", button: "Delete")
        }
        let time = MemberTime(preferences: identity.account.preferences)
        var undo: [UndoStep] = []
        var count = 0
        let verb: String
        // A subtask whose ancestor is selected too goes with it (delete, move), so it is not acted on twice.
        var selected: [TaskItem] = []
        for id in ids { selected.append(try await tasks.task(identity, id: id).task) }
        let chosen = Set(ids)
        var parents: [TaskID: TaskID] = [:]
        for task in selected { if let parent = task.parentID { parents[task.id] = parent } }
        for task in selected where ["delete", "move"].contains(action) {
            var ancestor = task.parentID
            var hops = 0
            while let current = ancestor, hops < 64 {
                if chosen.contains(current) { break }
                if let known = parents[current] {
                    ancestor = known
                } else {
                    ancestor = (try? await tasks.task(identity, id: current))?.task.parentID
                }
                hops += 1
            }
            if let ancestor, chosen.contains(ancestor) { selected.removeAll { $0.id == task.id } }
        }
        var failure: String?
        var unassigned = 0
        for task in selected {
            let id = task.id
            do {
                switch action {
                case "complete":
                    if task.status != .completed { undo.append(.reopen(id)) }
                    _ = try await tasks.completeTask(identity, id: id, includeSubtasks: false)
                case "delete":
                    try await tasks.deleteTask(identity, id: id)
                    undo.append(.restore(id))
                case "move":
                    guard let list = form.text("list").flatMap(ListID.init) else {
                        throw DoableError.invalid("list", "Choose a list to move the tasks to.")
                    }
                    undo.append(try await currentPlace(of: task, identity).step)
                    let moved = try await tasks.moveTask(identity, id: id, TaskPlacement(listID: list))
                    if let assignee = task.assigneeID, moved.task.assigneeID == nil {
                        // Undo moves the task back first, then assigns it again (steps run last first).
                        undo.insert(.assign(id, assignee), at: undo.count - 1)
                        unassigned += 1
                    }
                case "reschedule":
                    var input = TaskInput()
                    input.due = .some(try Self.newDue(for: task, form: form, time: time))
                    _ = try await tasks.updateTask(identity, id: id, input)
                    undo.append(.due(id, task.due))
                case "label":
                    guard let label = form.text("label").flatMap(LabelID.init) else {
                        throw DoableError.invalid("label", "Choose a label to add.")
                    }
                    guard !task.labelIDs.contains(label) else { continue }
                    var input = TaskInput()
                    input.labelIDs = task.labelIDs + [label]
                    _ = try await tasks.updateTask(identity, id: id, input)
                    undo.append(.labels(id, task.labelIDs))
                default:
                    throw DoableError.invalid("action", "Choose complete, delete, move, reschedule or label.")
                }
                count += 1
            } catch let error as DoableError where count > 0 {
                // What was done stays done and can still be undone; the rest is named in the toast.
                failure = "'\(task.title)': \(WebErrorMiddleware.message(of: error))"
                break
            }
        }
        switch action {
        case "complete": verb = "Completed"
        case "delete": verb = "Deleted"
        case "move": verb = "Moved"
        case "reschedule": verb = "Rescheduled"
        default: verb = "Labelled"
        }
        let noun = count == 1 ? "task" : "tasks"
        let back = Self.safeBack(form["back"], default: "/today").replacingOccurrences(of: "select=1", with: "")
        let stopped = failure.map { " — stopped at \($0)" } ?? ""
        var note = ""
        if unassigned > 0, let list = form.text("list").flatMap(ListID.init) {
            let name = (try? await tasks.list(identity, id: list))?.list.name ?? "the new list"
            note =
                unassigned == 1
                ? "; 1 task was unassigned (its assignee is not a member of \(name))"
                : "; \(unassigned) tasks were unassigned (their assignees are not members of \(name))"
        }
        return WebResponse.done(
            context, redirect: back,
            toast: Flash(
                message: "\(verb) \(count) \(noun)\(note)\(stopped)", undo: try await undoToken(undo, identity)))
    }
}
