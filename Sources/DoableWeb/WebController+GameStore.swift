import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableArt
import DoableHTTP

/// GAME-3 in the browser (`/game/store`): the points balance, the catalogue by category as cards, buying, and
/// equipping or taking off what is owned (items no longer sold stay with their owner). A refusal (not enough
/// points, an item retired meanwhile) comes back as the domain's message, and nothing changes.
extension WebController {
    func addGameStoreRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("game/store") { _, context in try await gameStore(context) }
        web.post("game/store/{id}/buy") { _, context in try await buyItem(context) }
        web.post("game/inventory/{id}/equip") { _, context in try await equipItem(context, equipped: true) }
        web.post("game/inventory/{id}/unequip") { _, context in try await equipItem(context, equipped: false) }
    }

    static let storeCategories: [(StoreItem.Category, String)] = [
        (.clothes, "Clothes"), (.accessory, "Accessories"), (.furniture, "Furniture"), (.trinket, "Trinkets"),
    ]

    private func gameStore(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await GameNav.view(of: identity, domain: domain)
        guard view.isEnabled else { return try await gameOffPage(context) }
        async let catalogueRead = domain.game.storeCatalogue(identity)
        async let inventoryRead = domain.game.inventory(identity)
        let catalogue = try await catalogueRead
        let sold = Set(catalogue.map(\.item.id))
        // What the member owns that is no longer sold still shows, to wear or take off.
        let items = catalogue + (try await inventoryRead).filter { !sold.contains($0.item.id) }
        let points = view.profile.points
        let csrf = csrfField(context)
        let groups = Self.storeCategories.html { category, title -> HTML in
            let cards = items.filter { $0.item.category == category }
            guard !cards.isEmpty else { return "" }
            return """
                <section class="store-category" aria-labelledby="store-\(category.rawValue)">
                <h2 id="store-\(category.rawValue)">\(title)</h2>
                <ul class="store-grid">\(cards.html { storeCard($0, points: points, csrf: csrf) })</ul>
                </section>
                """
        }
        let main: HTML = """
            <h1>Store</h1>
            \(GameParts.navigation(current: "store"))
            <p class="store-balance" id="store-balance">You have <strong>\(points)</strong> \(points == 1 ? "point" : "points") to spend. \
            Completing tasks earns more.</p>
            \(items.isEmpty ? HTML("<p class=\"empty-state\">The store is empty for now.</p>") : groups)
            """
        return try await page(GameParts.page("Store", main), context)
    }

    /// One item as a card: its preview, name, description and price, and what can be done with it.
    private func storeCard(_ entry: StoreItemView, points: Int, csrf: HTML) -> HTML {
        let item = entry.item
        let id = "item-\(item.id)"
        let wear = item.slot.isWorn
        var state: HTML
        let action: HTML
        let named: HTML = "<span class=\"visually-hidden\"> \(item.name)</span>"
        if entry.isOwned {
            state =
                entry.isEquipped
                ? "<p class=\"store-state is-owned\">Owned · \(wear ? "wearing it" : "in the home")</p>"
                : "<p class=\"store-state is-owned\">Owned</p>"
            action =
                entry.isEquipped
                ? """
                <form method="post" action="/game/inventory/\(item.id)/unequip" data-inplace>\(csrf)\
                <button type="submit" class="button">Unequip\(named)</button></form>
                """
                : """
                <form method="post" action="/game/inventory/\(item.id)/equip" data-inplace>\(csrf)\
                <button type="submit" class="button primary">Equip\(named)</button></form>
                """
            if item.isRetired { state += "<p class=\"hint\">No longer sold; yours to keep.</p>" }
        } else if points >= item.price {
            state = ""
            action = """
                <form method="post" action="/game/store/\(item.id)/buy" data-inplace>\(csrf)\
                <button type="submit" class="button primary"><span>Buy\(named) for \(item.price) points</span></button></form>
                """
        } else {
            state = "<p class=\"store-short\" id=\"\(id)-short\">You need \(item.price - points) more points.</p>"
            action = """
                <form method="post" action="/game/store/\(item.id)/buy" data-inplace>\(csrf)\
                <button type="submit" class="button is-unaffordable" aria-disabled="true" aria-describedby="\(id)-short">\
                <span>Buy\(named) for \(item.price) points</span></button></form>
                """
        }
        return """
            <li class="store-card\(entry.isOwned ? " is-owned" : "")" id="\(id)">
            <div class="store-preview" aria-hidden="true">\(HTML(unsafeMarkup: CompanionArt.itemPreview(item)))</div>
            <h3 class="store-name" id="\(id)-name">\(item.name)</h3>
            <p class="store-description">\(item.description)</p>
            <p class="store-price">\(item.price) points · \(Self.storeSlotWords(item.slot))</p>
            \(state)
            \(action)
            </li>
            """
    }

    static func storeSlotWords(_ slot: StoreItem.Slot) -> String {
        switch slot {
        case .head: "worn on the head"
        case .eyes: "worn over the eyes"
        case .neck: "worn around the neck"
        case .body: "worn on the body"
        case .held: "held"
        case .floorLeft: "on the floor, left"
        case .floorRight: "on the floor, right"
        case .wall: "on the wall"
        case .rug: "a rug"
        case .shelf: "on the shelf"
        }
    }

    private func buyItem(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let id: StoreItemID = try context.pathID("id")
        do {
            let view = try await domain.game.buyItem(identity, id: id)
            let name = try await domain.game.inventory(identity).first { $0.item.id == id }?.item.name ?? "The item"
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
            let view = try await domain.game.equipItem(identity, id: id, equipped: equipped)
            let item = try await domain.game.inventory(identity).first { $0.item.id == id }?.item
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
