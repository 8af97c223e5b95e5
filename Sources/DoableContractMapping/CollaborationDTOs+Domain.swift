public import DoableAPI
public import DoableCore
public import DoableDomain

extension MemberDTO {
    public init(_ member: MemberView) {
        self.init(
            accountId: member.accountID, username: member.username, displayName: member.displayName,
            role: member.role, addedAt: member.addedAt, version: member.version)
    }
}

extension CommentDTO {
    public init(_ view: CommentView) {
        self.init(
            id: view.comment.id, taskId: view.comment.taskID, author: view.author, authorId: view.comment.authorID,
            body: view.comment.body, createdAt: view.comment.createdAt, editedAt: view.comment.editedAt,
            canEdit: view.canEdit, canDelete: view.canDelete, version: view.comment.version)
    }
}

extension ActivityDTO {
    public init(_ view: ActivityView) {
        self.init(
            id: view.entry.id, taskId: view.entry.taskID, actorId: view.entry.actorID, actor: view.actor,
            action: view.entry.action, fields: view.entry.fields, detail: view.entry.detail, at: view.entry.at)
    }
}

extension NotificationDTO {
    public init(_ note: AppNotification) {
        self.init(
            id: note.id, kind: note.kind, title: note.title, body: note.body, taskId: note.taskID,
            listId: note.listID, postingId: note.postingID, createdAt: note.createdAt, readAt: note.readAt,
            silent: note.isSilent)
    }
}

extension MembershipDTO {
    public init(_ membership: ListMembership) {
        self.init(
            listId: membership.listID, accountId: membership.accountID, role: membership.role,
            createdAt: membership.createdAt)
    }
}
