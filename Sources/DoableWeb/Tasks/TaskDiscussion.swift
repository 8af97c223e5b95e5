import DoableCore
import DoableDomain
import DoableArt

/// A comment form that was refused without the script: the text comes back with the message beside it.
struct CommentDraft: Sendable {
    /// The comment being edited; nil for a new one.
    var commentID: CommentID?
    var body: String
    var error: String
}

/// TASK-12 on the task page: the comments, oldest first, with the forms to add, edit and delete them, and the
/// task's history, newest first. Comment text is plain; only http(s) addresses become links.
struct TaskDiscussion {
    let taskID: TaskID
    let comments: [CommentView]
    let activity: [ActivityView]
    /// Editors and above comment (COLLAB-3).
    let canComment: Bool
    let time: MemberTime
    let csrf: HTML
    var draft: CommentDraft?

    /// History lines shown before "Show older".
    static let recentLines = 15

    var commentsSection: HTML {
        let list: HTML =
            comments.isEmpty
            ? "<p class=\"hint\">No comments yet.</p>"
            : "<ol class=\"comment-list\">\(comments.html(comment))</ol>"
        return """
            <section aria-labelledby="comments-heading" id="comments" class="task-comments">
            <h2 id="comments-heading">Comments</h2>
            \(list)
            \(canComment ? addForm : "")
            </section>
            """
    }

    var historySection: HTML {
        let lines = activity.map { view -> HTML in
            "<li>\(ActivityWords.sentence(view)) · \(time.agoElement(view.entry.at))</li>"
        }
        let recent = lines.prefix(Self.recentLines)
        let older = lines.dropFirst(Self.recentLines)
        return """
            <section aria-labelledby="history-heading" id="history" class="task-history">
            <h2 id="history-heading">History</h2>
            \(lines.isEmpty ? HTML("<p class=\"hint\">No history yet.</p>") : HTML("<ol class=\"activity-list\">\(Array(recent))</ol>"))
            \(older.isEmpty ? "" : HTML("<details class=\"older-history\"><summary>Show \(older.count) older</summary><ol class=\"activity-list\">\(Array(older))</ol></details>"))
            </section>
            """
    }

    private var base: String { "/tasks/\(taskID)/comments" }

    private func comment(_ view: CommentView) -> HTML {
        let comment = view.comment
        let edited: HTML = comment.editedAt == nil ? "" : " <span class=\"comment-edited\">(edited)</span>"
        var actions = HTML.empty
        if view.canEdit { actions += editForm(comment) }
        if view.canDelete {
            actions += """
                <form method="post" action="\(base)/\(comment.id)/delete" data-inplace data-confirm="Delete this comment?">\(csrf)<input type="hidden" name="version" value="\(comment.version)"><input type="hidden" name="back" value="/tasks/\(taskID)#comments"><button type="submit" class="button quiet-danger">Delete comment</button></form>
                """
        }
        return """
            <li class="comment" id="comment-\(comment.id)">
            <p class="comment-meta"><span class="comment-author">\(view.author ?? "A former member")</span> · \(time.agoElement(comment.createdAt))\(edited)</p>
            <div class="comment-body">\(TextLinks.html(comment.body))</div>
            \(actions.isEmpty ? "" : HTML("<div class=\"comment-actions\">\(actions)</div>"))
            </li>
            """
    }

    private func editForm(_ comment: TaskComment) -> HTML {
        let draft = draft.flatMap { $0.commentID == comment.id ? $0 : nil }
        let id = "comment-edit-\(comment.id)"
        return """
            <details class="comment-edit"\(attribute: "open", if: draft != nil)><summary>Edit comment</summary>
            <form method="post" action="\(base)/\(comment.id)/edit" data-inplace>\(csrf)<input type="hidden" name="version" value="\(comment.version)">
            \(textarea(id: id, label: "Comment text", value: draft?.body ?? comment.body, error: draft?.error))
            <button type="submit" class="button primary">Save comment</button></form></details>
            """
    }

    private var addForm: HTML {
        let draft = draft.flatMap { $0.commentID == nil ? $0 : nil }
        return """
            <form method="post" action="\(base)" class="comment-form" id="comment-form" data-inplace>\(csrf)
            \(textarea(id: "comment-body", label: "Add a comment", value: draft?.body ?? "", error: draft?.error))
            <p class="form-actions"><button type="submit" class="button primary">Comment</button></p>
            </form>
            """
    }

    private func textarea(id: String, label: String, value: String, error: String?) -> HTML {
        let aria: HTML = error == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"\(id)-error\""
        return """
            <div class="field\(error == nil ? "" : " has-error")"><label for="\(id)">\(label)</label>
            <textarea id="\(id)" name="body" rows="3" maxlength="5000" required\(aria)>\(value)</textarea>
            \(error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\">\($0)</p>") })</div>
            """
    }
}
