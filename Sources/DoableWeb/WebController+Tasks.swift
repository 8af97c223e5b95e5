import DoableCore
import DoableDomain
import DoableArt
import Foundation
import HTTPTypes
import Hummingbird
import DoableHTTP

/// Task actions from forms (TASK-1..9): quick add, complete and reopen, delete and restore, duplicate, move and
/// reorder, reschedule, and Undo. Each answers with a toast whose Undo really undoes (TASK-8).
extension WebController {
    func addTaskRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("tasks") { _, context in try await quickAdd(context) }
        web.get("quick-add/preview") { _, context in
            let identity = try member(context)
            let preview = try await WebQuickAdd(domain: domain, identity: identity)
                .preview(context.web.query["text"] ?? "", ignoring: context.web.query["ignore"])
            return JSONResponse.make(preview)
        }
        web.post("tasks/{id}/complete") { _, context in try await complete(context) }
        web.post("tasks/{id}/reopen") { _, context in
            let (identity, task) = try await actedOn(context)
            _ = try await domain.tasks.reopenTask(identity, id: task.id)
            return done(context, "Marked '\(task.title)' as not done", undo: [.complete(task.id)])
        }
        web.post("tasks/{id}/delete") { _, context in
            let (identity, task) = try await actedOn(context)
            guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
                return try await confirmPage(
                    context, title: "Delete '\(task.title)'?",
                    message: "It goes to the trash, with its subtasks, for 30 days.",
                    action: "/tasks/\(task.id)/delete", button: "Delete")
            }
            try await domain.tasks.deleteTask(identity, id: task.id)
            let back = Self.safeBack(context.web.form["back"], default: "/lists/\(task.listID)")
            return WebResponse.done(
                context, redirect: back.hasPrefix("/tasks/\(task.id)") ? "/lists/\(task.listID)" : back,
                toast: Flash(message: "Deleted '\(task.title)'", undo: UndoToken([.restore(task.id)]).encoded),
                forceRedirect: back.hasPrefix("/tasks/\(task.id)"))
        }
        web.post("tasks/{id}/restore") { _, context in
            let identity = try member(context)
            let id = try taskID(context)
            let view = try await domain.tasks.restoreTask(identity, id: id)
            return done(context, "Restored '\(view.task.title)'", undo: [.delete(id)], fallback: "/trash")
        }
        web.post("tasks/{id}/duplicate") { _, context in
            let (identity, task) = try await actedOn(context)
            let copy = try await domain.tasks.duplicateTask(identity, id: task.id)
            return done(context, "Duplicated '\(task.title)'", undo: [.delete(copy.task.id)], focus: "task-\(copy.task.id)")
        }
        web.post("tasks/{id}/move") { _, context in try await move(context) }
        web.post("tasks/{id}/reschedule") { _, context in
            let (identity, task) = try await actedOn(context)
            let data = MemberTime(preferences: identity.account.preferences)
            let due = try Self.newDue(for: task, form: context.web.form, time: data)
            var input = TaskInput()
            input.due = .some(due)
            _ = try await domain.tasks.updateTask(identity, id: task.id, input)
            let words = due.map { "to \(data.dueWords($0, isCompleted: false).text)" } ?? "to no date"
            return done(context, "Rescheduled '\(task.title)' \(words)", undo: [.due(task.id, task.due)])
        }
        web.post("tasks/bulk") { _, context in try await bulk(context) }
        web.post("undo") { _, context in
            let identity = try member(context)
            var text = context.web.form["token"] ?? ""
            if text.hasPrefix(UndoToken.shelfPrefix) {
                text =
                    try await domain.tasks.takeShelvedUndo(identity, id: String(text.dropFirst(UndoToken.shelfPrefix.count)))
                    ?? ""
            }
            guard let token = UndoToken(encoded: text) else {
                throw DoableError.invalid("token", "There is nothing to undo (it was undone already, or too long ago).")
            }
            try await token.apply(domain, identity)
            return WebResponse.done(
                context, redirect: Self.safeBack(context.web.form["back"], default: "/today"),
                toast: Flash(message: "Undone"))
        }
        addTaskPageRoutes(to: web)
    }

    func taskID(_ context: WebRequestContext) throws -> TaskID {
        guard let text = context.parameters.get("id"), let id = TaskID(text) else {
            throw DoableError.notFound(field: nil, message: "No such task.")
        }
        return id
    }

    /// The member and the task a form acts on, as it is now.
    func actedOn(_ context: WebRequestContext) async throws -> (Identity, TaskItem) {
        let identity = try member(context)
        return (identity, try await domain.tasks.task(identity, id: try taskID(context)).task)
    }

    func done(
        _ context: WebRequestContext, _ message: String, undo: [UndoStep], focus: String? = nil,
        fallback: String = "/today"
    ) -> Response {
        WebResponse.done(
            context, redirect: Self.safeBack(context.web.form["back"], default: fallback),
            toast: Flash(message: message, undo: undo.isEmpty ? nil : UndoToken(undo).encoded), focus: focus)
    }

    private func quickAdd(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        let parent = form.text("parent").flatMap(TaskID.init)
        let back = Self.safeBack(form["back"], default: "/today")
        do {
            let view = try await WebQuickAdd(domain: domain, identity: identity).create(
                form["text"] ?? "", ignoring: form["ignore"], defaultList: form.text("list").flatMap(ListID.init),
                parent: parent)
            return WebResponse.done(
                context, redirect: back,
                toast: Flash(
                    message: "Added '\(view.task.title)'",
                    undo: UndoToken([.delete(view.task.id)]).encoded))
        } catch DoableError.invalid("title", let message) where context.web.wantsJSON {
            // The form's field is the typed line, `text`: the script marks that input.
            throw DoableError.invalid(field: "text", message: message)
        } catch let error as DoableError where !context.web.wantsJSON {
            // Without the script: back to the page, the typed line put back in quick add with the message beside it.
            var flash = Flash(message: WebErrorMiddleware.message(of: error))
            flash.retry = String((form["text"] ?? "").prefix(1000))
            return WebResponse.done(context, redirect: back, toast: flash)
        }
    }

    private func complete(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await domain.tasks.task(identity, id: try taskID(context))
        let task = view.task
        let open = view.progress.total - view.progress.done
        var includeSubtasks = false
        if open > 0 && task.status != .completed {
            switch context.web.form["subtasks"] {
            case "all": includeSubtasks = true
            case "none": includeSubtasks = false
            default:
                return try await page(
                    WebPage(
                        title: "Complete '\(task.title)'?",
                        main: """
                            <div class="narrow"><h1>Also complete its \(open) open \(open == 1 ? "subtask" : "subtasks")?</h1>
                            <p>'\(task.title)' has subtasks that are not done yet.</p>
                            <form method="post" action="/tasks/\(task.id)/complete">\(csrfField(context))<input type="hidden" name="back" value="\(Self.safeBack(context.web.form["back"], default: "/today"))">
                            <button type="submit" name="subtasks" value="all" class="button primary">Complete all</button>
                            <button type="submit" name="subtasks" value="none" class="button">Only this task</button>
                            <a class="button" href="\(Self.safeBack(context.web.form["back"], default: "/today"))">Cancel</a></form></div>
                            """), context)
            }
        }
        var undo: [UndoStep] = task.status == .completed ? [] : [.reopen(task.id)]
        if includeSubtasks {
            undo += try await openDescendants(of: task, identity).map { .reopen($0) }
        }
        let completed = try await domain.tasks.completeTask(identity, id: task.id, includeSubtasks: includeSubtasks)
        // GAME-1, QR-01: with the game on, what it earned and what the companion says.
        return done(context, "Completed '\(task.title)'" + GameWords.reward(completed.reward), undo: undo)
    }

    /// The ids of a task's open subtasks at any depth.
    private func openDescendants(of task: TaskItem, _ identity: Identity) async throws -> [TaskID] {
        let all = try await listTasks(task.listID, identity)
        let tree = TaskRows.tree(all)
        var result: [TaskID] = []
        var stack = tree.children[task.id] ?? []
        while let next = stack.popLast() {
            if next.task.status != .completed { result.append(next.task.id) }
            stack += tree.children[next.task.id] ?? []
        }
        return result
    }

    /// Every task of a list in manual order (all levels).
    func listTasks(_ listID: ListID, _ identity: Identity) async throws -> [TaskView] {
        var query = TaskQuery(ownerID: identity.account.id)
        query.listID = listID
        query.limit = 100_000
        return try await domain.tasks.tasks(identity, matching: query)
    }

    /// Where a task sits among its siblings, as the undo of a move needs it.
    private func currentPlace(of task: TaskItem, _ identity: Identity) async throws -> (siblings: [TaskItem], step: UndoStep) {
        let siblings = try await listTasks(task.listID, identity).map(\.task).filter { $0.parentID == task.parentID }
        let index = siblings.firstIndex { $0.id == task.id } ?? 0
        let after = index > 0 ? siblings[index - 1].id : nil
        let before = after == nil && index + 1 < siblings.count ? siblings[index + 1].id : nil
        return (siblings, .place(task.id, list: task.listID, parent: task.parentID, after: after, before: before))
    }

    private func move(_ context: WebRequestContext) async throws -> Response {
        let (identity, task) = try await actedOn(context)
        let form = context.web.form
        let (siblings, undo) = try await currentPlace(of: task, identity)
        var placement = TaskPlacement()
        if let list = form.text("list") {
            guard let id = ListID(list) else { throw DoableError.invalid("list", "Choose one of your lists.") }
            placement.listID = id
        }
        if form.has("parent") {
            if let text = form.text("parent") {
                guard let id = TaskID(text) else { throw DoableError.invalid("parent", "Choose a task.") }
                placement.parentID = .some(id)
            } else {
                placement.parentID = .some(nil)
            }
        }
        placement.beforeID = form.text("before").flatMap(TaskID.init)
        placement.afterID = form.text("after").flatMap(TaskID.init)
        if let direction = form.text("direction") {
            // Completed siblings are hidden on the list page unless it shows all: step over them as a reader sees.
            let siblings = task.status == .completed ? siblings : siblings.filter { $0.status != .completed }
            let index = siblings.firstIndex { $0.id == task.id } ?? 0
            if direction == "up" {
                guard index > 0 else { return done(context, "'\(task.title)' is already first", undo: []) }
                placement.beforeID = siblings[index - 1].id
            } else {
                guard index + 1 < siblings.count else {
                    return done(context, "'\(task.title)' is already last", undo: [])
                }
                placement.afterID = siblings[index + 1].id
            }
        }
        let moved = try await domain.tasks.moveTask(identity, id: task.id, placement)
        var message = "Moved '\(task.title)'"
        if moved.task.listID != task.listID, let list = try? await domain.tasks.list(identity, id: moved.task.listID) {
            message += " to \(list.list.name)"
        } else if form.text("direction") != nil {
            message += form.text("direction") == "up" ? " up" : " down"
        }
        // COLLAB-2: an assignee who is not a member of the new list was cleared; say so, and Undo puts them back.
        let note = await unassignedNote(before: task, after: moved.task, identity)
        let steps: [UndoStep] = note.isEmpty ? [undo] : [.assign(task.id, task.assigneeID), undo]
        return done(context, message + note, undo: steps, focus: "task-\(task.id)")
    }

    /// The due date a reschedule form asks for: a preset (`due`) or a day (`date`) that keeps the time of day.
    static func newDue(for task: TaskItem, form: FormData, time: MemberTime) throws -> TaskDate? {
        let day: CivilDate
        switch form.text("due") {
        case "none": return nil
        case "today": day = time.today
        case "tomorrow": day = time.today.adding(days: 1)
        case "nextweek": day = time.weekStart(of: time.today).adding(days: 7)
        case nil:
            guard let text = form.text("date"), let chosen = CivilDate(text) else {
                throw DoableError.invalid("date", "Choose a date (YYYY-MM-DD).")
            }
            day = chosen
        default:
            throw DoableError.invalid("due", "Choose today, tomorrow, next week or no date.")
        }
        if case .moment(let moment)? = task.due, let kept = time.moment(on: day, at: time.time(of: moment)),
            kept > time.now
        {
            return .moment(kept)
        }
        return .day(day)
    }

    private func bulk(_ context: WebRequestContext) async throws -> Response {
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
        for id in ids { selected.append(try await domain.tasks.task(identity, id: id).task) }
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
                    ancestor = (try? await domain.tasks.task(identity, id: current))?.task.parentID
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
                    _ = try await domain.tasks.completeTask(identity, id: id, includeSubtasks: false)
                case "delete":
                    try await domain.tasks.deleteTask(identity, id: id)
                    undo.append(.restore(id))
                case "move":
                    guard let list = form.text("list").flatMap(ListID.init) else {
                        throw DoableError.invalid("list", "Choose a list to move the tasks to.")
                    }
                    undo.append(try await currentPlace(of: task, identity).step)
                    let moved = try await domain.tasks.moveTask(identity, id: id, TaskPlacement(listID: list))
                    if let assignee = task.assigneeID, moved.task.assigneeID == nil {
                        // Undo moves the task back first, then assigns it again (steps run last first).
                        undo.insert(.assign(id, assignee), at: undo.count - 1)
                        unassigned += 1
                    }
                case "reschedule":
                    var input = TaskInput()
                    input.due = .some(try Self.newDue(for: task, form: form, time: time))
                    _ = try await domain.tasks.updateTask(identity, id: id, input)
                    undo.append(.due(id, task.due))
                case "label":
                    guard let label = form.text("label").flatMap(LabelID.init) else {
                        throw DoableError.invalid("label", "Choose a label to add.")
                    }
                    guard !task.labelIDs.contains(label) else { continue }
                    var input = TaskInput()
                    input.labelIDs = task.labelIDs + [label]
                    _ = try await domain.tasks.updateTask(identity, id: id, input)
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
            let name = (try? await domain.tasks.list(identity, id: list))?.list.name ?? "the new list"
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

    /// The Undo button's token for `steps`: the steps themselves while they are small, else the id they are kept
    /// under on the server (issue 34: a bulk action on a thousand tasks is undone too, with or without JavaScript).
    func undoToken(_ steps: [UndoStep], _ identity: Identity) async throws -> String? {
        guard !steps.isEmpty else { return nil }
        let encoded = UndoToken(steps).encoded
        guard encoded.utf8.count > UndoToken.inlineLimit else { return encoded }
        return UndoToken.shelfPrefix + (try await domain.tasks.shelveUndo(identity, steps: encoded))
    }
}
