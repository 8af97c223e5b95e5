import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// TASK-1..9: tasks, their actions, search and filters.
struct TasksController: Sendable {
    let tasks: TaskService
    let photos: PhotoService
    let pageCache: TaskPageCache

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let task = group.collection(
            "tasks", list: list, create: create, show: show, update: update, delete: delete)
        task.post("complete", use: complete)
        task.post("reopen", use: reopen)
        task.post("restore", use: restore)
        task.post("duplicate", use: duplicate)
        task.post("move", use: move)
    }

    static func input(_ body: JSONObjectReader) throws -> TaskInput {
        var input = TaskInput()
        input.title = try body.string("title")
        input.notes = try body.string("notes")
        input.listID = try body.id("listId", ListID.self)
        input.parentID = try body.nullableID("parentId", TaskID.self)
        input.status = try body.enumeration("status", TaskStatus.self)
        input.priority = try body.enumeration("priority", TaskPriority.self)
        input.due = try body.nullableTaskDate("due")
        input.start = try body.nullableTaskDate("start")
        input.labelIDs = try body.ids("labelIds", LabelID.self)
        input.estimatedMinutes = try body.nullableInteger("estimatedMinutes")
        input.category = try body.nullableEnumeration("category", TaskCategory.self)
        input.assigneeID = try body.nullableID("assigneeId", AccountID.self)
        input.recurrence = try body.nullableString("recurrence")
        input.recurrenceBasis = try body.enumeration("recurrenceBasis", RecurrenceBasis.self)
        return input
    }

    /// The task with its photos (TASK-11); a task just made has none yet, so `withPhotos` false skips that read.
    func respond(_ view: TaskView, status: HTTPResponse.Status = .ok, withPhotos: Bool = true) async throws
        -> Response
    {
        let photos = withPhotos ? try await photos.photoIDs(taskIDs: [view.task.id])[view.task.id] ?? [] : []
        return JSONResponse.make(TaskDTO(view, now: .now, attachmentIDs: photos), status: status)
            .tagged(version: view.task.version)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let queryText = request.uri.query ?? ""
        let now = Timestamp.now
        if let body = pageCache.body(account: identity.account, query: queryText, now: now) {
            return JSONResponse.make(body: body)
        }
        let query = try TaskQueryParser(identity: identity).parse(request.uri.queryParameters)
        var probe = query
        probe.limit = query.limit + 1
        let views = try await tasks.tasks(identity, matching: probe)
        let shown = Array(views.prefix(query.limit))
        let photos = try await photos.photoIDs(taskIDs: shown.map(\.task.id))
        let page = TaskPageDTO(
            tasks: shown.map { TaskDTO($0, now: now, attachmentIDs: photos[$0.task.id] ?? []) },
            nextOffset: views.count > query.limit ? query.offset + query.limit : nil)
        let body = ByteBuffer(bytes: StreamingJSONEncoder.encode(page))
        pageCache.store(
            body, account: identity.account, query: queryText,
            validUntil: TaskPageCache.firstOverdueMoment(of: shown, after: now))
        return JSONResponse.make(body: body)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.task)
        guard body.has("title") else { throw DoableError.invalid("title", "'title' is required.") }
        return try await respond(
            try await tasks.createTask(identity, try Self.input(body)), status: .created,
            withPhotos: false)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await respond(try await tasks.task(try context.requireIdentity(), id: try context.pathID()))
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: TaskID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.task)
        return try await respond(
            try await tasks.updateTask(
                identity, id: id, try Self.input(body),
                ifVersion: try request.ifMatchVersion()))
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await tasks.deleteTask(
            try context.requireWriter(), id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }

    @Sendable func complete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: TaskID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(emptyIsObject: true), allowed: RequestFields.completeTask)
        let includeSubtasks = try body.bool("includeSubtasks") ?? false
        return try await respond(
            try await tasks.completeTask(
                identity, id: id, includeSubtasks: includeSubtasks,
                ifVersion: try request.ifMatchVersion()))
    }

    @Sendable func reopen(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await respond(
            try await tasks.reopenTask(
                try context.requireWriter(), id: try context.pathID(),
                ifVersion: try request.ifMatchVersion()))
    }

    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await respond(
            try await tasks.restoreTask(
                try context.requireWriter(), id: try context.pathID(),
                ifVersion: try request.ifMatchVersion()))
    }

    @Sendable func duplicate(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await respond(
            try await tasks.duplicateTask(try context.requireWriter(), id: try context.pathID()),
            status: .created, withPhotos: false)
    }

    @Sendable func move(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: TaskID = try context.pathID()
        let body = try JSONObjectReader(
            try await request.jsonBody(),
            allowed: RequestFields.moveTask)
        let placement = TaskPlacement(
            listID: try body.id("listId", ListID.self),
            parentID: try body.nullableID("parentId", TaskID.self),
            beforeID: try body.id("beforeId", TaskID.self),
            afterID: try body.id("afterId", TaskID.self))
        if placement.beforeID != nil && placement.afterID != nil {
            throw DoableError.invalid("afterId", "Give either 'beforeId' or 'afterId', not both.")
        }
        return try await respond(
            try await tasks.moveTask(
                identity, id: id, placement,
                ifVersion: try request.ifMatchVersion()))
    }
}
