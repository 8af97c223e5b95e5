import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// GAME-1, GAME-3 and GAME-7 for admins: the formula's constants, the store's items and the subscription plans.
/// Like every admin path, 404 for anyone but an admin.
extension AdminController {
    func addGameRoutes(to group: RouterGroup<AppRequestContext>) {
        let rules = group.group("admin/game/rules")
        rules.get(use: gameRules)
        rules.patch(use: updateGameRules)
        AdminCatalogueRoutes(
            listKey: "items", fields: RequestFields.storeItem, all: game.allStoreItems,
            create: { try await game.createStoreItem($0, try Self.itemInput($1)) },
            change: { try await game.updateStoreItem($0, id: $1, try Self.itemInput($2)) },
            answer: AdminStoreItemDTO.init, version: { $0.version }
        ).add(to: group, at: "admin/store/items")
        AdminCatalogueRoutes(
            listKey: "plans", fields: RequestFields.plan, all: game.allSubscriptionPlans,
            create: { try await game.createSubscriptionPlan($0, try Self.planInput($1)) },
            change: { try await game.updateSubscriptionPlan($0, id: $1, try Self.planInput($2)) },
            answer: AdminPlanDTO.init, version: { $0.version }
        ).add(to: group, at: "admin/plans")
    }

    /// The caller, an admin with a read-write credential.
    static func writingAdmin(_ context: AppRequestContext) throws -> Identity {
        let admin = try Self.admin(context)
        guard admin.canWrite else { throw DoableError.forbidden("This token may only read.") }
        return admin
    }

    @Sendable func gameRules(_ request: Request, context: AppRequestContext) async throws -> Response {
        JSONResponse.make(try await game.gameRules(try Self.admin(context)))
    }

    /// Any subset of the constants, each a whole number in its range; an unknown name or a value out of range is a
    /// 400 naming `rules.NAME`, and then nothing changes.
    @Sendable func updateGameRules(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.writingAdmin(context)
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.gameRules, path: "rules")
        var changes: [String: Int] = [:]
        for name in body.fields.keys.sorted() { changes[name] = try body.integer(name) }
        return JSONResponse.make(try await game.updateGameRules(admin, changes))
    }

    /// A store item's fields; `retired: true` takes it off sale (whoever owns it keeps it), `false` sells it again.
    static func itemInput(_ body: JSONObjectReader) throws -> StoreItemInput {
        var input = StoreItemInput()
        input.name = try body.string("name")
        input.description = try body.string("description")
        input.category = try body.enumeration("category", StoreItem.Category.self)
        input.slot = try body.enumeration("slot", StoreItem.Slot.self)
        input.price = try body.integer("price")
        input.svg = try body.string("svg")
        input.isRetired = try body.bool("retired")
        return input
    }

    /// A plan's fields; `retired: true` takes it off offer.
    static func planInput(_ body: JSONObjectReader) throws -> PlanInput {
        var input = PlanInput()
        input.name = try body.string("name")
        // A free plan is legitimate (GAME-7), as in the admin page's form.
        input.price = try body.money("price", allowingZero: true)
        input.period = try body.enumeration("period", SubscriptionPlan.Period.self)
        input.description = try body.string("description")
        input.isRetired = try body.bool("retired")
        return input
    }
}
