import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// TASK-8: what is in the trash.
struct TrashController: Sendable {
    let tasks: TaskService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("trash", use: show)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let trash = try await tasks.trash(try context.requireIdentity())
        let now = Timestamp.now
        return JSONResponse.make(
            TrashDTO(
                lists: trash.lists.map { ListDTO($0, openTaskCount: 0) }, tasks: trash.tasks.map { TaskDTO($0, now: now) },
                retentionDays: Int(TaskService.trashRetentionSeconds / 86_400)))
    }
}
