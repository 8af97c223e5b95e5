import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// TASK-6: labels.
struct LabelsController: Sendable {
    let tasks: TaskService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.collection("labels", list: list, create: create, update: update, delete: delete)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        JSONResponse.make(["labels": try await tasks.labels(try context.requireIdentity()).map(LabelDTO.init)])
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.label)
        let label = try await tasks.createLabel(
            identity, name: try body.required("name", body.string),
            color: try body.string("color"))
        return JSONResponse.make(LabelDTO(label), status: .created)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: LabelID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.label)
        let label = try await tasks.updateLabel(
            identity, id: id, name: try body.string("name"),
            color: try body.string("color"), ifVersion: try request.ifMatchVersion())
        return JSONResponse.make(LabelDTO(label)).tagged(version: label.version)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await tasks.deleteLabel(
            try context.requireWriter(), id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }
}
