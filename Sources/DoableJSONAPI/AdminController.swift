import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// Admin tools under `/api/v1/admin` (MKT-11: marketplace categories). Only admin accounts see them: for anyone
/// else every admin path answers 404, as if it did not exist.
struct AdminController: Sendable {
    let game: GameService
    let market: MarketService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.collection("admin/categories", list: categories, create: createCategory, update: updateCategory)
        group.get("admin/category-suggestions", use: suggestions)
    }

    /// The caller, who must be an admin (404 otherwise).
    static func admin(_ context: AppRequestContext) throws -> Identity {
        let identity = try context.requireIdentity()
        guard identity.account.isAdmin else { throw DoableError.notFound("Not found.") }
        return identity
    }

    /// Every category, archived ones included, "Other" last.
    @Sendable func categories(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try Self.admin(context)
        let categories = try await market.marketCategories(includeArchived: true)
        return JSONResponse.make(["categories": categories.map(CategoryDTO.init)])
    }

    @Sendable func createCategory(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.admin(context)
        guard admin.canWrite else { throw DoableError.forbidden("This token may only read.") }
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.category)
        let category = try await market.createCategory(admin, name: try body.required("name", body.string))
        return JSONResponse.make(CategoryDTO(category), status: .created).tagged(version: category.version)
    }

    /// Rename, archive (new postings can't pick it; those in it keep it) or bring back.
    @Sendable func updateCategory(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.admin(context)
        guard admin.canWrite else { throw DoableError.forbidden("This token may only read.") }
        let id: CategoryID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.categoryUpdate)
        let name = try body.string("name")
        let isArchived = try body.bool("isArchived")
        guard name != nil || isArchived != nil else {
            throw DoableError.invalid("name", "Give a new 'name', 'isArchived', or both.")
        }
        let category = try await market.updateCategory(admin, id: id, name: name, isArchived: isArchived)
        return JSONResponse.make(CategoryDTO(category)).tagged(version: category.version)
    }

    /// MKT-11: what members suggested with "Other", newest first.
    @Sendable func suggestions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.admin(context)
        let limit = try CollaborationController.limit(request, maximum: 1_000) ?? 100
        let suggestions = try await market.categorySuggestions(admin, limit: limit)
        return JSONResponse.make(["suggestions": suggestions.map(CategorySuggestionDTO.init)])
    }
}
