import DoableCore
import DoableDomain

/// GAME-3: an item of the store as the caller sees it; `svg` is a standalone picture of it.
struct StoreItemDTO: Encodable, Sendable {
    let id: StoreItemID
    let name: String
    let description: String
    let category: StoreItem.Category
    let slot: StoreItem.Slot
    let price: Int
    let retired: Bool
    let svg: String
    let owned: Bool
    let equipped: Bool
    let affordable: Bool

    init(_ item: StoreItem, owned: Bool, equipped: Bool, affordable: Bool) {
        id = item.id
        name = item.name
        description = item.description
        category = item.category
        slot = item.slot
        price = item.price
        retired = item.isRetired
        svg = CompanionArt.itemPreview(item)
        self.owned = owned
        self.equipped = equipped
        self.affordable = affordable
    }

    init(_ view: StoreItemView) {
        self.init(view.item, owned: view.isOwned, equipped: view.isEquipped, affordable: view.canAfford)
    }
}

struct StoreDTO: Encodable, Sendable {
    let points: Int
    let items: [StoreItemDTO]
}

/// GAME-3 for admins: an item with its stored fragment (`svg`) and its picture (`preview`).
struct AdminStoreItemDTO: Encodable, Sendable {
    let id: StoreItemID
    let name: String
    let description: String
    let category: StoreItem.Category
    let slot: StoreItem.Slot
    let price: Int
    let retired: Bool
    let svg: String
    let preview: String
    let createdAt: Timestamp
    let updatedAt: Timestamp
    let version: Int64

    init(_ item: StoreItem) {
        id = item.id
        name = item.name
        description = item.description
        category = item.category
        slot = item.slot
        price = item.price
        retired = item.isRetired
        svg = item.svg
        preview = CompanionArt.itemPreview(item)
        createdAt = item.createdAt
        updatedAt = item.updatedAt
        version = item.version
    }
}

/// GAME-7: a plan as members see it.
struct PlanDTO: Encodable, Sendable {
    let id: SubscriptionPlanID
    let name: String
    let price: Double
    let period: SubscriptionPlan.Period
    let description: String

    init(_ plan: SubscriptionPlan) {
        id = plan.id
        name = plan.name
        price = plan.price.jsonNumber
        period = plan.period
        description = plan.description
    }
}

/// GAME-7 for admins: retired plans too.
struct AdminPlanDTO: Encodable, Sendable {
    let id: SubscriptionPlanID
    let name: String
    let price: Double
    let period: SubscriptionPlan.Period
    let description: String
    let retired: Bool
    let createdAt: Timestamp
    let updatedAt: Timestamp
    let version: Int64

    init(_ plan: SubscriptionPlan) {
        id = plan.id
        name = plan.name
        price = plan.price.jsonNumber
        period = plan.period
        description = plan.description
        retired = plan.isRetired
        createdAt = plan.createdAt
        updatedAt = plan.updatedAt
        version = plan.version
    }
}
