import DoableCore
import DoableDomain
import DoableHTTP
import HTTPTypes
import Hummingbird

/// GAME-3 in the browser (`/game/store`, `GameStorePage`): buying, and equipping or taking off what is owned. A
/// refusal (not enough points, an item retired meanwhile) comes back as the domain's message, and nothing changes.
extension GameWebController {
    func addStoreRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("game/store") { _, context in try await gameStore(context) }
        web.post("game/store/{id}/buy") { _, context in try await buyItem(context) }
        web.post("game/inventory/{id}/equip") { _, context in try await equipItem(context, equipped: true) }
        web.post("game/inventory/{id}/unequip") { _, context in try await equipItem(context, equipped: false) }
    }

    private func gameStore(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await game.game(identity)
        guard view.isEnabled else { return try await gameOffPage(context) }
        async let catalogueRead = game.storeCatalogue(identity)
        async let inventoryRead = game.inventory(identity)
        let catalogue = try await catalogueRead
        let sold = Set(catalogue.map(\.item.id))
        // What the member owns that is no longer sold still shows, to wear or take off.
        let items = catalogue + (try await inventoryRead).filter { !sold.contains($0.item.id) }
        let content = GameStorePage(items: items, points: view.profile.points, csrf: csrfField(context))
        return try await page(content.page, context)
    }

    private func buyItem(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let id: StoreItemID = try context.pathID("id")
        do {
            let view = try await game.buyItem(identity, id: id)
            let name = try await game.inventory(identity).first { $0.item.id == id }?.item.name ?? "The item"
            return WebResponse.done(
                context, redirect: "/game/store#item-\(id)",
                toast: Flash(
                    message: "Bought \(name). \(view.profile.points) points left."), focus: "item-\(id)")
        } catch let error as DoableError where Self.isGameRefusal(error) {
            return refusedGameAction(context, error, back: "/game/store#item-\(id)")
        }
    }

    private func equipItem(_ context: WebRequestContext, equipped: Bool) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let id: StoreItemID = try context.pathID("id")
        do {
            let view = try await game.equipItem(identity, id: id, equipped: equipped)
            let item = try await game.inventory(identity).first { $0.item.id == id }?.item
            let name = item?.name ?? "The item", worn = item?.slot.isWorn ?? true
            let companion = view.profile.companion.name
            let message =
                switch (equipped, worn) {
                case (true, true): "\(companion) is wearing \(name)."
                case (true, false): "\(name) is in \(companion)'s home."
                case (false, true): "\(companion) took off \(name)."
                case (false, false): "\(name) is put away."
                }
            return WebResponse.done(
                context, redirect: "/game/store#item-\(id)", toast: Flash(message: message),
                focus: "item-\(id)")
        } catch let error as DoableError where Self.isGameRefusal(error) {
            return refusedGameAction(context, error, back: "/game/store#item-\(id)")
        }
    }
}
