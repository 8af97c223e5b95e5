import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// TASK-12: comments from the task page's forms. Editors and above comment; authors edit and delete their own,
/// the list's admins and owner delete any (the Domain checks each). Without the script a refused comment comes
/// back on the task page with its text and the message beside it.
extension TasksWebController {
    func addCommentRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("tasks/{id}/comments") { _, context in try await addComment(context) }
        web.post("tasks/{id}/comments/{commentId}/edit") { _, context in try await editComment(context) }
        web.post("tasks/{id}/comments/{commentId}/delete") { _, context in try await deleteComment(context) }
    }

    private func addComment(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let taskID = try taskID(context)
        let body = context.web.form["body"] ?? ""
        do {
            let view = try await tasks.addComment(identity, taskID: taskID, body: body)
            return WebResponse.done(
                context, redirect: "/tasks/\(taskID)#comment-\(view.comment.id)",
                toast: Flash(message: "Comment added"))
        } catch let error as DoableError {
            return try await refused(error, context, identity, taskID, CommentDraft(body: body, error: ""))
        }
    }

    private func editComment(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let taskID = try taskID(context)
        let id: CommentID = try context.pathID("commentId")
        let body = context.web.form["body"] ?? ""
        do {
            _ = try await tasks.updateComment(identity, id: id, body: body, ifVersion: context.web.form.version)
            return WebResponse.done(
                context, redirect: "/tasks/\(taskID)#comment-\(id)",
                toast: Flash(message: "Comment saved"))
        } catch let error as DoableError {
            let draft = CommentDraft(commentID: id, body: body, error: "")
            return try await refused(error, context, identity, taskID, draft)
        }
    }

    private func deleteComment(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let taskID = try taskID(context)
        let id: CommentID = try context.pathID("commentId")
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Delete this comment?",
                message: "It is removed for everyone who can see this task.",
                action: "/tasks/\(taskID)/comments/\(id)/delete", button: "Delete comment")
        }
        guard let comment = try await tasks.comments(identity, taskID: taskID).first(where: { $0.comment.id == id })
        else { throw DoableError.notFound(field: nil, message: "Comment not found.") }
        try await tasks.deleteComment(identity, id: id, ifVersion: context.web.form.version)
        // Its author can take it back: Undo posts the text again (an admin's Undo would post it as theirs).
        let undo =
            comment.comment.authorID == identity.account.id
            ? UndoToken([.comment(taskID, comment.comment.body)]).encoded : nil
        return WebResponse.done(
            context, redirect: "/tasks/\(taskID)#comments",
            toast: Flash(message: "Comment deleted", undo: undo))
    }

    /// A refused comment: the script gets the API's error shape (the field is the textarea's `body`); a page
    /// without the script shows the task again with the text kept. Other refusals are the usual error pages.
    private func refused(
        _ error: DoableError, _ context: WebRequestContext, _ identity: Identity, _ taskID: TaskID,
        _ draft: CommentDraft
    ) async throws -> Response {
        guard !context.web.wantsJSON else { throw error }
        var draft = draft
        switch error {
        case .conflict("version_mismatch", _, _):
            draft.error =
                "This comment was changed elsewhere since you opened the page. Your text is below; "
                + "save again to keep it."
        case .invalid, .conflict:
            draft.error = WebErrorMiddleware.message(of: error)
        default:
            throw error
        }
        return try await taskPage(
            context, identity: identity, id: taskID, form: nil, errors: FormErrors(),
            draft: draft)
    }
}
