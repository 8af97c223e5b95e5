public import DoableCore
import PublicInit

@_spi(StoreWriting) import DoableStore

/// A comment with its author's name and what the caller may do with it.
@PublicInit
public struct CommentView: Sendable {
    public var comment: TaskComment
    /// nil when the author's account is gone.
    public var author: String?
    public var canEdit: Bool
    public var canDelete: Bool
}

/// A history line with the acting member's name (nil for the server, or an account that is gone).
public struct ActivityView: Sendable {
    public var entry: TaskActivity
    public var actor: String?
}

/// TASK-12: comments on tasks and each task's history. Editors and above comment; authors edit and delete their
/// own comments, the list's admins and owner delete any.
extension TaskService {
    public static let activityPageLimit = 200

    public func comments(_ identity: Identity, taskID: TaskID) async throws -> [CommentView] {
        let (_, access) = try await domain.taskAccess(taskID, for: identity, .read)
        let comments = try await store.comments(taskID: taskID)
        let names = try await usernames(comments.map(\.authorID))
        return comments.map { view($0, names: names, access: access, identity: identity) }
    }

    func view(_ comment: TaskComment, names: [AccountID: String], access: ListAccess, identity: Identity)
        -> CommentView
    {
        let isAuthor = comment.authorID == identity.account.id
        let canWrite = access.allows(.editTasks)
        return CommentView(
            comment: comment, author: names[comment.authorID], canEdit: isAuthor && canWrite,
            canDelete: (isAuthor && canWrite) || access.allows(.manage))
    }

    /// TASK-12 and NOTIF-4: a new comment tells the task's assignee and whoever created the task.
    public func addComment(_ identity: Identity, taskID: TaskID, body: String?) async throws -> CommentView {
        let text = try Rules.commentBody(body ?? "")
        return try await perform(by: identity.account.id) {
            let task = try await editableTask(taskID, for: identity)
            let access = try await domain.access(task.listID, for: identity, .editTasks)
            let now = clock()
            let comment = TaskComment(
                id: .make(at: now), taskID: taskID, listID: task.listID,
                authorID: identity.account.id, body: text, createdAt: now, updatedAt: now)
            var batch = WriteBatch([.putComment(comment), activity(task, .commented, by: identity, at: now)], now: now)
            let creator =
                try await store.activity(taskID: taskID, limit: Self.activityPageLimit)
                .last(where: { $0.action == .created })?.actorID ?? task.ownerID
            var told = Set<AccountID>()
            for recipient in [task.assigneeID, creator].compactMap({ $0 }) where told.insert(recipient).inserted {
                guard try await domain.role(of: recipient, in: access.list) != nil else { continue }
                let excerpt = text.count > 200 ? String(text.prefix(199)) + "…" : text
                batch.operations += try await domain.reminders.notification(
                    to: recipient, .comment, title: "\(identity.account.username) commented on “\(task.title)”",
                    body: excerpt, task: taskID, list: task.listID, by: identity)
            }
            return (
                batch,
                view(
                    comment, names: [identity.account.id: identity.account.username], access: access,
                    identity: identity)
            )
        }
    }

    /// TASK-12: the author changes the text of its own comment.
    public func updateComment(
        _ identity: Identity, id: CommentID, body: String?,
        ifVersion expected: Int64? = nil
    ) async throws -> CommentView {
        let text = try Rules.commentBody(body ?? "")
        return try await perform(by: identity.account.id) {
            var (comment, access) = try await commentAccess(id, for: identity)
            try domain.require(.editTasks, access)
            guard comment.authorID == identity.account.id else {
                throw DoableError.forbidden("Only the author can edit a comment.")
            }
            try require(version: comment.version, expected: expected, of: "comment")
            let now = clock()
            var batch = WriteBatch(now: now)
            if comment.body != text {
                comment.body = text
                comment.updatedAt = now
                comment.editedAt = now
                comment.version += 1
                batch.append(.putComment(comment))
            }
            return (
                batch,
                view(
                    comment, names: [identity.account.id: identity.account.username], access: access,
                    identity: identity)
            )
        }
    }

    /// TASK-12: the author deletes its own comment; the list's admins and owner delete any.
    public func deleteComment(_ identity: Identity, id: CommentID, ifVersion expected: Int64? = nil) async throws {
        try await perform(by: identity.account.id) {
            let (comment, access) = try await commentAccess(id, for: identity)
            let isAuthor = comment.authorID == identity.account.id
            if isAuthor { try domain.require(.editTasks, access) }
            guard (isAuthor && access.allows(.editTasks)) || access.allows(.manage) else {
                throw DoableError.forbidden(
                    "Only the author, or an admin or the owner of “\(access.list.name)”, can delete this comment.")
            }
            try require(version: comment.version, expected: expected, of: "comment")
            return (WriteBatch([.deleteComment(comment)], now: clock()), ())
        }
    }

    /// A comment on a task the caller may see, with the caller's access to its list; 404 otherwise.
    func commentAccess(_ id: CommentID, for identity: Identity) async throws -> (TaskComment, ListAccess) {
        guard let comment = try await store.comment(id: id) else { throw DoableError.notFound("Comment not found.") }
        do {
            let (_, access) = try await domain.taskAccess(comment.taskID, for: identity, .read)
            return (comment, access)
        } catch DoableError.notFound {
            throw DoableError.notFound("Comment not found.")
        }
    }

    /// TASK-12: the task's history, newest first.
    public func activity(_ identity: Identity, taskID: TaskID, limit: Int = activityPageLimit) async throws
        -> [ActivityView]
    {
        _ = try await domain.taskAccess(taskID, for: identity, .read)
        let entries = try await store.activity(taskID: taskID, limit: max(1, min(limit, Self.activityPageLimit)))
        let names = try await usernames(entries.compactMap(\.actorID))
        return entries.map { ActivityView(entry: $0, actor: $0.actorID.flatMap { names[$0] }) }
    }

    /// How many comments each task has, for the rows that show a count.
    public func commentCounts(_ taskIDs: [TaskID]) async throws -> [TaskID: Int] {
        try await store.commentCounts(taskIDs: taskIDs)
    }
}
