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
        group.get("admin/game/rules", use: gameRules)
        group.patch("admin/game/rules", use: updateGameRules)
        group.get("admin/store/items", use: storeItems)
        group.post("admin/store/items", use: createStoreItem)
        group.patch("admin/store/items/{id}", use: updateStoreItem)
        group.get("admin/plans", use: allPlans)
        group.post("admin/plans", use: createPlan)
        group.patch("admin/plans/{id}", use: updatePlan)
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

    /// Every item, retired ones too.
    @Sendable func storeItems(_ request: Request, context: AppRequestContext) async throws -> Response {
        let items = try await game.allStoreItems(try Self.admin(context))
        return JSONResponse.make(["items": items.map(AdminStoreItemDTO.init)])
    }

    @Sendable func createStoreItem(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.writingAdmin(context)
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.storeItem)
        let item = try await game.createStoreItem(admin, try Self.itemInput(body))
        return JSONResponse.make(AdminStoreItemDTO(item), status: .created).tagged(version: item.version)
    }

    /// Changes an item; `retired: true` takes it off sale (whoever owns it keeps it), `false` sells it again.
    @Sendable func updateStoreItem(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.writingAdmin(context)
        let id: StoreItemID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.storeItem)
        let item = try await game.updateStoreItem(admin, id: id, try Self.itemInput(body))
        return JSONResponse.make(AdminStoreItemDTO(item)).tagged(version: item.version)
    }

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

    /// Every plan, retired ones too.
    @Sendable func allPlans(_ request: Request, context: AppRequestContext) async throws -> Response {
        let plans = try await game.allSubscriptionPlans(try Self.admin(context))
        return JSONResponse.make(["plans": plans.map(AdminPlanDTO.init)])
    }

    @Sendable func createPlan(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.writingAdmin(context)
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.plan)
        let plan = try await game.createSubscriptionPlan(admin, try Self.planInput(body))
        return JSONResponse.make(AdminPlanDTO(plan), status: .created).tagged(version: plan.version)
    }

    /// Changes a plan; `retired: true` takes it off offer.
    @Sendable func updatePlan(_ request: Request, context: AppRequestContext) async throws -> Response {
        let admin = try Self.writingAdmin(context)
        let id: SubscriptionPlanID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.plan)
        let plan = try await game.updateSubscriptionPlan(admin, id: id, try Self.planInput(body))
        return JSONResponse.make(AdminPlanDTO(plan)).tagged(version: plan.version)
    }
}
