import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// GAME-3: the companion store and the caller's inventory. Buying, equipping and taking off answer with the game
/// (points, equipped items); not enough points, a retired item or an item not owned are 409s naming `itemId`.
extension GameController {
    func addStoreRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("game/store", use: store)
        group.post("game/store/{itemId}/buy", use: buy)
        group.get("game/inventory", use: inventory)
        group.post("game/inventory/{itemId}/equip", use: equip)
        group.post("game/inventory/{itemId}/unequip", use: unequip)
    }

    /// The items on sale with the caller's points.
    @Sendable func store(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        async let items = game.storeCatalogue(identity)
        async let game = game.game(identity)
        return JSONResponse.make(
            StoreDTO(
                points: try await game.profile.points,
                items: try await items.map(StoreItemDTO.init)))
    }

    /// Any request body is ignored.
    @Sendable func buy(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        return respond(try await game.buyItem(identity, id: try context.pathID("itemId")))
    }

    /// What the caller owns, newest first (retired items too).
    @Sendable func inventory(_ request: Request, context: AppRequestContext) async throws -> Response {
        let items = try await game.inventory(try context.requireIdentity())
        return JSONResponse.make(["items": items.map(StoreItemDTO.init)])
    }

    /// Puts an owned item on (whatever was in its slot comes off). Any request body is ignored.
    @Sendable func equip(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        return respond(try await game.equipItem(identity, id: try context.pathID("itemId"), equipped: true))
    }

    @Sendable func unequip(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        return respond(try await game.equipItem(identity, id: try context.pathID("itemId"), equipped: false))
    }
}
