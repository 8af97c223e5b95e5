import DoableCore
import DoableDomain
import DoableArt
import Foundation
import HTTPTypes
import Hummingbird
import DoableHTTP

/// Task actions from forms (TASK-1..9): quick add, complete and reopen, delete and restore, duplicate, move and
/// reorder, reschedule, and Undo. Each answers with a toast whose Undo really undoes (TASK-8).
extension TasksWebController {
    func quickAdd(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        let parent = form.text("parent").flatMap(TaskID.init)
        let back = Self.safeBack(form["back"], default: "/today")
        do {
            let view = try await WebQuickAdd(domain: domain, identity: identity).create(
                form["text"] ?? "", ignoring: form["ignore"], defaultList: form.text("list").flatMap(ListID.init),
                parent: parent, dueTodayUnlessSaid: form["when"] == "today", createList: form.text("createList"),
                passedToTomorrow: form["passed"] == "tomorrow")
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
            let preview = try? await WebQuickAdd(domain: domain, identity: identity).preview(
                flash.retry ?? "", ignoring: form["ignore"])
            flash.offers = preview?.offers.isEmpty == false ? preview?.offers : nil
            return WebResponse.done(context, redirect: back, toast: flash)
        }
    }

    func complete(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await tasks.task(identity, id: try taskID(context))
        let task = view.task
        let open = view.progress.total - view.progress.done
        var includeSubtasks = false
        if open > 0 && task.status != .completed {
            switch context.web.form["subtasks"] {
            case "all": includeSubtasks = true
            case "none": includeSubtasks = false
            default:
                let view = CompleteSubtasksPage(
                    task: task, open: open, back: Self.safeBack(context.web.form["back"], default: "/today"),
                    csrf: csrfField(context))
                return try await page(view.page, context)
            }
        }
        var undo: [UndoStep] = task.status == .completed ? [] : [.reopen(task.id)]
        if includeSubtasks {
            undo += try await openDescendants(of: task, identity).map { .reopen($0) }
        }
        let completed = try await tasks.completeTask(identity, id: task.id, includeSubtasks: includeSubtasks)
        // GAME-1, QR-01: with the game on, what it earned and what the companion says.
        return done(context, "Completed '\(task.title)'" + GameWords.reward(completed.reward), undo: undo)
    }

    /// The ids of a task's open subtasks at any depth.
    func openDescendants(of task: TaskItem, _ identity: Identity) async throws -> [TaskID] {
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

    /// Where a task sits among its siblings, as the undo of a move needs it.
    func currentPlace(of task: TaskItem, _ identity: Identity) async throws -> (siblings: [TaskItem], step: UndoStep) {
        let siblings = try await listTasks(task.listID, identity).map(\.task).filter { $0.parentID == task.parentID }
        let index = siblings.firstIndex { $0.id == task.id } ?? 0
        let after = index > 0 ? siblings[index - 1].id : nil
        let before = after == nil && index + 1 < siblings.count ? siblings[index + 1].id : nil
        return (siblings, .place(task.id, list: task.listID, parent: task.parentID, after: after, before: before))
    }

    func move(_ context: WebRequestContext) async throws -> Response {
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
        let moved = try await tasks.moveTask(identity, id: task.id, placement)
        var message = "Moved '\(task.title)'"
        if moved.task.listID != task.listID, let list = try? await tasks.list(identity, id: moved.task.listID) {
            message += " to \(list.list.name)"
        } else if form.text("direction") != nil {
            message += form.text("direction") == "up" ? " up" : " down"
        }
        // COLLAB-2: an assignee who is not a member of the new list was cleared; say so, and Undo puts them back.
        let note = await unassignedNote(before: task, after: moved.task, identity)
        let steps: [UndoStep] = note.isEmpty ? [undo] : [.assign(task.id, task.assigneeID), undo]
        return done(context, message + note, undo: steps, focus: "task-\(task.id)")
    }

    /// The due date a reschedule form asks for: a preset (`due`) or a day (`date`) that keeps the time of day, or takes
    /// the one given (`time`, HH:MM; `none` for the whole day).
    static func newDue(for task: TaskItem, form: FormData, time: MemberTime) throws -> TaskDate? {
        let day: CivilDate
        switch form.text("due") {
        case "none": return nil
        case "today": day = time.today
        case "tomorrow": day = time.today.adding(days: 1)
        case "nextweek": day = time.nextWeek
        case nil:
            guard let text = form.text("date"), let chosen = CivilDate(text) else {
                throw DoableError.invalid("date", "Choose a date (YYYY-MM-DD).")
            }
            day = chosen
        default:
            throw DoableError.invalid("due", "Choose today, tomorrow, next week or no date.")
        }
        // The week's hour grid sends the time it was dropped at (`time`), or `none` for its all-day row.
        if let clock = form.text("time") {
            if clock == "none" { return .day(day) }
            guard let moment = time.moment(on: day, at: clock) else {
                throw DoableError.invalid("time", "Choose a time of day (HH:MM).")
            }
            return .moment(moment)
        }
        if case .moment(let moment)? = task.due, let kept = time.moment(on: day, at: time.time(of: moment)),
            kept > time.now
        {
            return .moment(kept)
        }
        return .day(day)
    }
}
