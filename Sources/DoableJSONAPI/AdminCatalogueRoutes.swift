import DoableCore
import DoableDomain
import DoableHTTP
import Hummingbird

/// An admin catalogue over the API (the store's items, the subscription plans): `GET` every entry, retired ones too,
/// under `listKey`; `POST` a new one (201); `PATCH …/{id}` a change. Each entry is answered with its version as the
/// ETag. Like every admin path, 404 for anyone but an admin.
struct AdminCatalogueRoutes<Entry: Sendable, Kind, Answer: Encodable & Sendable>: Sendable {
    let listKey: String
    /// The body's allowed fields, for creating and changing alike.
    let fields: Set<String>
    let all: @Sendable (Identity) async throws -> [Entry]
    let create: @Sendable (Identity, JSONObjectReader) async throws -> Entry
    let change: @Sendable (Identity, EntityID<Kind>, JSONObjectReader) async throws -> Entry
    let answer: @Sendable (Entry) -> Answer
    let version: @Sendable (Entry) -> Int64

    func add(to group: RouterGroup<AppRequestContext>, at path: RouterPath) {
        group.collection(
            path,
            list: { _, context in
                let entries = try await all(try AdminController.admin(context))
                return JSONResponse.make([listKey: entries.map(answer)])
            },
            create: { request, context in
                let admin = try AdminController.writingAdmin(context)
                let body = try JSONObjectReader(try await request.jsonBody(), allowed: fields)
                let entry = try await create(admin, body)
                return JSONResponse.make(answer(entry), status: .created).tagged(version: version(entry))
            },
            update: { request, context in
                let admin = try AdminController.writingAdmin(context)
                let id: EntityID<Kind> = try context.pathID()
                let body = try JSONObjectReader(try await request.jsonBody(), allowed: fields)
                let entry = try await change(admin, id, body)
                return JSONResponse.make(answer(entry)).tagged(version: version(entry))
            })
    }
}
