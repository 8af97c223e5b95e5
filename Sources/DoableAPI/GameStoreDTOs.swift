public import DoableCore
import PublicInit

/// GAME-3: an item of the store as the caller sees it; `svg` is a standalone picture of it.
@PublicInit
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
}

@PublicInit
public struct StoreDTO: Codable, Sendable {
    public let points: Int
    public let items: [StoreItemDTO]
}

/// GAME-3 for admins: an item with its stored fragment (`svg`) and its picture (`preview`).
@PublicInit
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
}

/// GAME-7: a plan as members see it.
@PublicInit
public struct PlanDTO: Codable, Sendable {
    public let id: SubscriptionPlanID
    public let name: String
    public let price: Double
    public let period: SubscriptionPlan.Period
    public let description: String
}

/// GAME-7 for admins: retired plans too.
@PublicInit
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
}
