import DoableArt
import DoableCore
import DoableDomain

/// GAME-3: the store (`/game/store`): the points balance, and the catalogue by category as cards, each with what
/// can be done with it: buy, or equip and take off what is owned (items no longer sold stay with their owner).
struct GameStorePage {
    static let storeCategories: [(StoreItem.Category, String)] = [
        (.clothes, "Clothes"), (.accessory, "Accessories"), (.furniture, "Furniture"), (.trinket, "Trinkets"),
    ]

    /// What is sold, and what the member owns that no longer is.
    var items: [StoreItemView]
    var points: Int
    var csrf: HTML

    var page: WebPage {
        let groups = Self.storeCategories.html { category, title -> HTML in
            let cards = Self.affordableFirst(items.filter { $0.item.category == category }, points: points)
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
        return GameParts.page("Store", main)
    }

    /// What the member can buy now first (cheapest first), then what they own, then what needs more points
    /// (closest first): the store leads with what is possible, not with a wall of "you need more".
    static func affordableFirst(_ items: [StoreItemView], points: Int) -> [StoreItemView] {
        func rank(_ entry: StoreItemView) -> Int { entry.isOwned ? 1 : entry.item.price <= points ? 0 : 2 }
        return items.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            if a.item.price != b.item.price { return a.item.price < b.item.price }
            return left.offset < right.offset
        }.map(\.element)
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
}
