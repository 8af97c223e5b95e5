import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDelivery
import DoableDomain
import Hummingbird
import DoableHTTP

/// COLLAB-1 (members), TASK-12 (comments and history) and NOTIF-2/NOTIF-4 (the in-app notification centre).
struct CollaborationController: Sendable {
    let tasks: TaskService
    let sharing: SharingService
    let reminders: ReminderService
    let mailer: AccountMailer

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let membership = group.group("lists/{id}/members")
        membership.get(use: members)
        membership.post(use: addMember)
        membership.patch("{accountId}", use: updateMember)
        membership.delete("{accountId}", use: removeMember)
        let task = group.group("tasks/{id}")
        task.get("comments", use: comments)
        task.post("comments", use: addComment)
        task.get("activity", use: activity)
        group.collection("comments", update: updateComment, delete: deleteComment)
        let centre = group.group("notifications")
        centre.get(use: notifications)
        centre.post("read", use: markRead)
    }

    @Sendable func members(_ request: Request, context: AppRequestContext) async throws -> Response {
        let members = try await sharing.members(try context.requireIdentity(), listID: try context.pathID())
        return JSONResponse.make(["members": members.map(MemberDTO.init)])
    }

    @Sendable func addMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let listID: ListID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.addMember)
        let shared = try await sharing.share(
            identity, listID: listID, login: try body.string("login"), role: try body.string("role"))
        switch shared {
        case .member(let member):
            return JSONResponse.make(MemberDTO(member), status: .created)
        case .invited(let issued):
            // ACC-12: the address has no account; it is invited, with the list waiting for it.
            let emailed = mailer.canSend
            if emailed { mailer.invitation(issued, from: identity.account, listName: issued.listName) }
            return JSONResponse.make(
                IssuedInvitationDTO(
                    invitation: InvitationDTO(issued.invitation), url: mailer.url("/join/\(issued.secret)"),
                    emailed: emailed), status: .accepted)
        }
    }

    @Sendable func updateMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let listID: ListID = try context.pathID()
        let accountID: AccountID = try context.pathID("accountId")
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.updateMember)
        let member = try await sharing.updateMember(
            identity, listID: listID, accountID: accountID,
            role: try body.string("role"),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.make(MemberDTO(member)).tagged(version: member.version)
    }

    @Sendable func removeMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await sharing.removeMember(
            try context.requireWriter(), listID: try context.pathID(),
            accountID: try context.pathID("accountId"),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }

    @Sendable func comments(_ request: Request, context: AppRequestContext) async throws -> Response {
        let comments = try await tasks.comments(try context.requireIdentity(), taskID: try context.pathID())
        return JSONResponse.make(["comments": comments.map(CommentDTO.init)])
    }

    @Sendable func addComment(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let taskID: TaskID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.comment)
        let comment = try await tasks.addComment(identity, taskID: taskID, body: try body.string("body"))
        return JSONResponse.make(CommentDTO(comment), status: .created)
    }

    @Sendable func updateComment(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: CommentID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.comment)
        let comment = try await tasks.updateComment(
            identity, id: id, body: try body.string("body"),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.make(CommentDTO(comment)).tagged(version: comment.comment.version)
    }

    @Sendable func deleteComment(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await tasks.deleteComment(
            try context.requireWriter(), id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }

    @Sendable func activity(_ request: Request, context: AppRequestContext) async throws -> Response {
        let limit = try Self.limit(request, maximum: TaskService.activityPageLimit)
        let entries = try await tasks.activity(
            try context.requireIdentity(), taskID: try context.pathID(),
            limit: limit ?? TaskService.activityPageLimit)
        return JSONResponse.make(["activity": entries.map(ActivityDTO.init)])
    }

    @Sendable func notifications(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = request.uri.queryParameters
        var unreadOnly = false
        if let unread = parameters.get("unread") {
            guard unread == "true" || unread == "false" else {
                throw DoableError.invalid("unread", "'unread' must be true or false.")
            }
            unreadOnly = unread == "true"
        }
        let limit = try Self.limit(request, maximum: ReminderService.notificationPageLimit)
        let (items, unread, next) = try await reminders.notifications(
            try context.requireIdentity(), unreadOnly: unreadOnly, before: parameters.get("before"),
            limit: limit ?? ReminderService.notificationPageLimit)
        return JSONResponse.make(
            NotificationsDTO(
                notifications: items.map(NotificationDTO.init), unreadCount: unread,
                nextCursor: next))
    }

    @Sendable func markRead(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.markRead)
        let ids = try body.ids("ids", NotificationID.self)
        let all = try body.bool("all") ?? false
        guard (ids != nil) != all else {
            throw DoableError.invalid("ids", "Give either 'ids' or 'all': true.")
        }
        if let ids, ids.count > 1_000 { throw DoableError.invalid("ids", "At most 1,000 ids at once.") }
        let unread = try await reminders.markNotificationsRead(identity, ids: all ? nil : ids)
        return JSONResponse.make(UnreadCountDTO(unreadCount: unread))
    }

    static func limit(_ request: Request, maximum: Int) throws -> Int? {
        guard let text = request.uri.queryParameters.get("limit") else { return nil }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw DoableError.invalid("limit", "'limit' must be a whole number from 1 to \(maximum).")
        }
        return value
    }
}
