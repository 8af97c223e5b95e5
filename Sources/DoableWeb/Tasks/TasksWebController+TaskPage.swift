import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// VIEW-3: the task page (`TaskPage`), also shown again with a refused form (Save, a comment, a reminder, photos).
/// Saving is in `TasksWebController+Save.swift`, comments in `TasksWebController+Comments.swift`.
extension TasksWebController {
    func taskPage(
        _ context: WebRequestContext, identity: Identity, id: TaskID, form: FormData?,
        errors: FormErrors, draft: CommentDraft? = nil, reminderDraft: ReminderDraft? = nil,
        photoError: String? = nil
    ) async throws -> Response {
        let data = try await TaskPageData.load(domain, identity)
        let view = try await tasks.task(identity, id: id)
        let task = view.task
        async let loadedComments = tasks.comments(identity, taskID: id)
        async let loadedActivity = tasks.activity(identity, taskID: id, limit: 100)
        async let loadedReminders = reminders.reminders(identity, taskID: id)
        async let loadedPhotos = photos.taskPhotos(identity, taskID: id)
        let members = (try? await sharing.members(identity, listID: task.listID)) ?? []
        let role =
            data.lists.first { $0.list.id == task.listID }?.role
            ?? (task.ownerID == identity.account.id ? .owner : .viewer)
        let canEdit = role >= .editor
        let listTasks = try await listTasks(task.listID, identity)
        var rows = try await data.rows(context, for: listTasks, showsList: false)
        rows.children = TaskRows.tree(listTasks).children
        rows.isDraggable = canEdit
        let comments = try await loadedComments
        let activity = try await loadedActivity
        let posting = try await market.postingForTask(identity, taskID: task.id)
        let page = TaskPage(
            data: data, view: view, members: members, canEdit: canEdit, listTasks: listTasks, rows: rows,
            form: form, errors: errors, comments: comments, activity: activity,
            reminders: try await loadedReminders, photos: try await loadedPhotos, draft: draft,
            reminderDraft: reminderDraft, photoError: photoError, posting: posting, csrf: csrfField(context))
        return try await self.page(page.page, context, data: data)
    }
}
