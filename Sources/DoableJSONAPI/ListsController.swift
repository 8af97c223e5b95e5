import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// LIST-1..4 and the list side of TASK-8.
struct ListsController: Sendable {
    let tasks: TaskService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let list = group.collection(
            "lists", list: self.list, create: create, show: show, update: update, delete: delete)
        list.post("move", use: move)
        list.post("restore", use: restore)
    }

    static func input(_ body: JSONObjectReader) throws -> ListInput {
        var input = ListInput()
        input.name = try body.string("name")
        input.description = try body.string("description")
        input.color = try body.string("color")
        input.icon = try body.nullableString("icon")
        input.isArchived = try body.bool("isArchived")
        return input
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let lists = try await tasks.lists(try context.requireIdentity())
        return JSONResponse.make(["lists": lists.map(ListDTO.init)])
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.list)
        guard body.has("name") else { throw DoableError.invalid("name", "'name' is required.") }
        let list = try await tasks.createList(identity, try Self.input(body))
        return JSONResponse.make(ListDTO(list, openTaskCount: 0), status: .created)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let view = try await tasks.list(try context.requireIdentity(), id: try context.pathID())
        return JSONResponse.make(ListDTO(view)).tagged(version: view.list.version)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: ListID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.list)
        _ = try await tasks.updateList(identity, id: id, try Self.input(body), ifVersion: try request.ifMatchVersion())
        let view = try await tasks.list(identity, id: id)
        return JSONResponse.make(ListDTO(view)).tagged(version: view.list.version)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await tasks.deleteList(
            try context.requireWriter(), id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }

    @Sendable func move(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: ListID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.moveList)
        _ = try await tasks.moveList(
            identity, id: id, beforeID: try body.id("beforeId", ListID.self),
            afterID: try body.id("afterId", ListID.self),
            ifVersion: try request.ifMatchVersion())
        let view = try await tasks.list(identity, id: id)
        return JSONResponse.make(ListDTO(view)).tagged(version: view.list.version)
    }

    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let list = try await tasks.restoreList(
            identity, id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        let view = try await tasks.list(identity, id: list.id)
        return JSONResponse.make(ListDTO(view)).tagged(version: view.list.version)
    }
}
