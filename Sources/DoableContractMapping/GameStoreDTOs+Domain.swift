public import DoableAPI
import DoableArt
public import DoableCore
public import DoableDomain

extension StoreItemDTO {
    public init(_ item: StoreItem, owned: Bool, equipped: Bool, affordable: Bool) {
        self.init(
            id: item.id, name: item.name, description: item.description, category: item.category, slot: item.slot,
            price: item.price, retired: item.isRetired, svg: CompanionArt.itemPreview(item), owned: owned,
            equipped: equipped, affordable: affordable)
    }
}

extension StoreItemDTO {
    public init(_ view: StoreItemView) {
        self.init(view.item, owned: view.isOwned, equipped: view.isEquipped, affordable: view.canAfford)
    }
}

extension AdminStoreItemDTO {
    public init(_ item: StoreItem) {
        self.init(
            id: item.id, name: item.name, description: item.description, category: item.category, slot: item.slot,
            price: item.price, retired: item.isRetired, svg: item.svg, preview: CompanionArt.itemPreview(item),
            createdAt: item.createdAt, updatedAt: item.updatedAt, version: item.version)
    }
}

extension PlanDTO {
    public init(_ plan: SubscriptionPlan) {
        self.init(
            id: plan.id, name: plan.name, price: plan.price.jsonNumber, period: plan.period,
            description: plan.description)
    }
}

extension AdminPlanDTO {
    public init(_ plan: SubscriptionPlan) {
        self.init(
            id: plan.id, name: plan.name, price: plan.price.jsonNumber, period: plan.period,
            description: plan.description, retired: plan.isRetired, createdAt: plan.createdAt,
            updatedAt: plan.updatedAt, version: plan.version)
    }
}
