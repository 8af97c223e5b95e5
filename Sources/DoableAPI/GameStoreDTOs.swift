public import DoableCore

/// GAME-3: an item of the store as the caller sees it; `svg` is a standalone picture of it.
public struct StoreItemDTO: Codable, Sendable {
    public let id: StoreItemID
    public let name: String
    public let description: String
    public let category: StoreItem.Category
    public let slot: StoreItem.Slot
    public let price: Int
    public let retired: Bool
    public let svg: String
    public let owned: Bool
    public let equipped: Bool
    public let affordable: Bool

    public init(
        id: StoreItemID, name: String, description: String, category: StoreItem.Category, slot: StoreItem.Slot, price: Int, retired: Bool,
        svg: String, owned: Bool, equipped: Bool, affordable: Bool
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.category = category
        self.slot = slot
        self.price = price
        self.retired = retired
        self.svg = svg
        self.owned = owned
        self.equipped = equipped
        self.affordable = affordable
    }

}

public struct StoreDTO: Codable, Sendable {
    public let points: Int
    public let items: [StoreItemDTO]

    public init(
        points: Int, items: [StoreItemDTO]
    ) {
        self.points = points
        self.items = items
    }
}

/// GAME-3 for admins: an item with its stored fragment (`svg`) and its picture (`preview`).
public struct AdminStoreItemDTO: Codable, Sendable {
    public let id: StoreItemID
    public let name: String
    public let description: String
    public let category: StoreItem.Category
    public let slot: StoreItem.Slot
    public let price: Int
    public let retired: Bool
    public let svg: String
    public let preview: String
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64

    public init(
        id: StoreItemID, name: String, description: String, category: StoreItem.Category, slot: StoreItem.Slot, price: Int, retired: Bool,
        svg: String, preview: String, createdAt: Timestamp, updatedAt: Timestamp, version: Int64
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.category = category
        self.slot = slot
        self.price = price
        self.retired = retired
        self.svg = svg
        self.preview = preview
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

}

/// GAME-7: a plan as members see it.
public struct PlanDTO: Codable, Sendable {
    public let id: SubscriptionPlanID
    public let name: String
    public let price: Double
    public let period: SubscriptionPlan.Period
    public let description: String

    public init(
        id: SubscriptionPlanID, name: String, price: Double, period: SubscriptionPlan.Period, description: String
    ) {
        self.id = id
        self.name = name
        self.price = price
        self.period = period
        self.description = description
    }

}

/// GAME-7 for admins: retired plans too.
public struct AdminPlanDTO: Codable, Sendable {
    public let id: SubscriptionPlanID
    public let name: String
    public let price: Double
    public let period: SubscriptionPlan.Period
    public let description: String
    public let retired: Bool
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64

    public init(
        id: SubscriptionPlanID, name: String, price: Double, period: SubscriptionPlan.Period, description: String, retired: Bool,
        createdAt: Timestamp, updatedAt: Timestamp, version: Int64
    ) {
        self.id = id
        self.name = name
        self.price = price
        self.period = period
        self.description = description
        self.retired = retired
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

}
