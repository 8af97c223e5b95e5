import DoableCore
import DoableDomain
import DoableArt
import Foundation
import HTTPTypes
import Hummingbird
import DoableHTTP

/// Tasks in the browser: actions from forms (TASK-1..9, `TasksWebController+Actions.swift`): quick add, complete and
/// reopen, delete and restore, duplicate, move and reorder, reschedule, and Undo; each answers with a toast whose
/// Undo really undoes (TASK-8). The task page (VIEW-3) and its Save, comments (TASK-12), photos (TASK-11) and
/// reminders (NOTIF-1, NOTIF-3) are in the other `TasksWebController+…` files.
struct TasksWebController: WebArea {
    let shell: WebShell
    /// The shared core: `TaskPageData`, quick add, Undo and usernames.
    let domain: Domain
    let tasks: TaskService
    let reminders: ReminderService
    let photos: PhotoService
    let sharing: SharingService
    let market: MarketService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
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
            _ = try await tasks.reopenTask(identity, id: task.id)
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
            try await tasks.deleteTask(identity, id: task.id)
            let back = Self.safeBack(context.web.form["back"], default: "/lists/\(task.listID)")
            return WebResponse.done(
                context, redirect: back.hasPrefix("/tasks/\(task.id)") ? "/lists/\(task.listID)" : back,
                toast: Flash(message: "Deleted '\(task.title)'", undo: UndoToken([.restore(task.id)]).encoded),
                forceRedirect: back.hasPrefix("/tasks/\(task.id)"))
        }
        web.post("tasks/{id}/restore") { _, context in
            let identity = try member(context)
            let id = try taskID(context)
            let view = try await tasks.restoreTask(identity, id: id)
            return done(context, "Restored '\(view.task.title)'", undo: [.delete(id)], fallback: "/trash")
        }
        web.post("tasks/{id}/duplicate") { _, context in
            let (identity, task) = try await actedOn(context)
            let copy = try await tasks.duplicateTask(identity, id: task.id)
            return done(context, "Duplicated '\(task.title)'", undo: [.delete(copy.task.id)], focus: "task-\(copy.task.id)")
        }
        web.post("tasks/{id}/move") { _, context in try await move(context) }
        web.post("tasks/{id}/reschedule") { _, context in
            let (identity, task) = try await actedOn(context)
            let data = MemberTime(preferences: identity.account.preferences)
            let due = try Self.newDue(for: task, form: context.web.form, time: data)
            var input = TaskInput()
            input.due = .some(due)
            _ = try await tasks.updateTask(identity, id: task.id, input)
            let words = due.map { "to \(data.dueWords($0, isCompleted: false).text)" } ?? "to no date"
            return done(context, "Rescheduled '\(task.title)' \(words)", undo: [.due(task.id, task.due)])
        }
        web.post("tasks/bulk") { _, context in try await bulk(context) }
        web.post("undo") { _, context in
            let identity = try member(context)
            var text = context.web.form["token"] ?? ""
            if text.hasPrefix(UndoToken.shelfPrefix) {
                text =
                    try await tasks.takeShelvedUndo(identity, id: String(text.dropFirst(UndoToken.shelfPrefix.count)))
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
        web.get("tasks/{id}") { _, context in
            try await taskPage(
                context, identity: try member(context), id: try taskID(context), form: nil,
                errors: FormErrors())
        }
        web.post("tasks/{id}") { _, context in try await saveTask(context) }
        addCommentRoutes(to: web)
        addPhotoRoutes(to: web)
        addReminderRoutes(to: web)
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
        return (identity, try await tasks.task(identity, id: try taskID(context)).task)
    }

    func done(
        _ context: WebRequestContext, _ message: String, undo: [UndoStep], focus: String? = nil,
        fallback: String = "/today"
    ) -> Response {
        WebResponse.done(
            context, redirect: Self.safeBack(context.web.form["back"], default: fallback),
            toast: Flash(message: message, undo: undo.isEmpty ? nil : UndoToken(undo).encoded), focus: focus)
    }

    /// Every task of a list in manual order (all levels).
    func listTasks(_ listID: ListID, _ identity: Identity) async throws -> [TaskView] {
        var query = TaskQuery(ownerID: identity.account.id)
        query.listID = listID
        query.limit = 100_000
        return try await tasks.tasks(identity, matching: query)
    }

    /// The Undo button's token for `steps`: the steps themselves while they are small, else the id they are kept
    /// under on the server (issue 34: a bulk action on a thousand tasks is undone too, with or without JavaScript).
    func undoToken(_ steps: [UndoStep], _ identity: Identity) async throws -> String? {
        guard !steps.isEmpty else { return nil }
        let encoded = UndoToken(steps).encoded
        guard encoded.utf8.count > UndoToken.inlineLimit else { return encoded }
        return UndoToken.shelfPrefix + (try await tasks.shelveUndo(identity, steps: encoded))
    }

    /// COLLAB-2: what a toast adds when a move to another list cleared the assignee, who is not a member there:
    /// "; ben was unassigned (not a member of Work)". Empty otherwise.
    func unassignedNote(before: TaskItem, after: TaskItem, _ identity: Identity) async -> String {
        guard let assignee = before.assigneeID, after.assigneeID == nil, before.listID != after.listID else {
            return ""
        }
        let name = (try? await domain.usernames([assignee]))?[assignee] ?? "the assignee"
        let list = (try? await tasks.list(identity, id: after.listID))?.list.name ?? "the new list"
        return "; \(name) was unassigned (not a member of \(list))"
    }
}
