public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// GAME-1, GAME-3 and GAME-7 for admins: the formula's constants, the store's catalogue and the subscription plans.
/// `identity` nil is the server's own command line.
extension GameService {
    public func gameRules(_ identity: Identity?) async throws -> GameRules {
        try requireAdmin(identity)
        return try await store.gameRules().rules
    }

    /// Sets the named constants (`GameRules.set`: unknown names and values out of range are refused, nothing is
    /// changed then).
    public func updateGameRules(_ identity: Identity?, _ changes: [String: Int]) async throws -> GameRules {
        try requireAdmin(identity)
        return try await perform(by: identity?.account.id) {
            let (stored, version) = try await store.gameRules()
            var rules = stored
            for (name, value) in changes.sorted(by: { $0.key < $1.key }) { try rules.set(name, to: value) }
            guard rules != stored else { return (WriteBatch(), rules) }
            return (WriteBatch([.putGameRules(rules, version: version + 1)], now: clock()), rules)
        }
    }

    /// Every item, retired ones included (the admin page).
    public func allStoreItems(_ identity: Identity?) async throws -> [StoreItem] {
        try requireAdmin(identity)
        return try await store.storeItems(includeRetired: true)
    }

    public func createStoreItem(_ identity: Identity?, _ input: StoreItemInput) async throws -> StoreItem {
        try requireAdmin(identity)
        guard let name = input.name, let category = input.category, let slot = input.slot, let price = input.price,
            let svg = input.svg
        else {
            let missing = [
                ("name", input.name == nil), ("category", input.category == nil), ("slot", input.slot == nil),
                ("price", input.price == nil), ("svg", input.svg == nil),
            ].first { $0.1 }!.0
            throw DoableError.invalid(missing, "\(missing) is required.")
        }
        let now = clock()
        let item = StoreItem(
            id: .make(at: now), name: name, description: input.description ?? "", category: category,
            slot: slot, price: price, svg: svg, isRetired: input.isRetired ?? false,
            createdAt: now, updatedAt: now)
        return try await addCatalogueEntry(identity, item, check: Self.checkItem, write: { .putStoreItem($0) })
    }

    public func updateStoreItem(_ identity: Identity?, id: StoreItemID, _ input: StoreItemInput) async throws
        -> StoreItem
    {
        try await changeCatalogueEntry(
            identity, load: { try await store.storeItem(id: id) }, missing: "There is no store item \(id).",
            check: Self.checkItem, write: { .putStoreItem($0) }
        ) { item in
            if let name = input.name { item.name = name }
            if let description = input.description { item.description = description }
            if let category = input.category { item.category = category }
            if let slot = input.slot { item.slot = slot }
            if let price = input.price { item.price = price }
            if let svg = input.svg { item.svg = svg }
            if let retired = input.isRetired { item.isRetired = retired }
        }
    }

    static func checkItem(_ item: inout StoreItem) throws {
        item.name = item.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...60).contains(item.name.count) else {
            throw DoableError.invalid("name", "An item's name must be 1 to 60 characters.")
        }
        item.description = item.description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard item.description.count <= 300 else {
            throw DoableError.invalid("description", "An item's description must be at most 300 characters.")
        }
        guard (0...100_000).contains(item.price) else {
            throw DoableError.invalid("price", "A price must be 0 to 100,000 points.")
        }
        try SVGFragment.validate(item.svg, field: "svg")
    }

    /// GAME-7: the plans (retired ones for admins only).
    public func subscriptionPlans(includeRetired: Bool = false) async throws -> [SubscriptionPlan] {
        try await store.subscriptionPlans(includeRetired: includeRetired)
    }

    public func allSubscriptionPlans(_ identity: Identity?) async throws -> [SubscriptionPlan] {
        try requireAdmin(identity)
        return try await store.subscriptionPlans(includeRetired: true)
    }

    public func createSubscriptionPlan(_ identity: Identity?, _ input: PlanInput) async throws -> SubscriptionPlan {
        try requireAdmin(identity)
        guard let name = input.name else { throw DoableError.invalid("name", "name is required.") }
        guard let price = input.price else { throw DoableError.invalid("price", "price is required.") }
        guard let period = input.period else {
            throw DoableError.invalid("period", "period is required: month or year.")
        }
        let now = clock()
        let plan = SubscriptionPlan(
            id: .make(at: now), name: name, price: price, period: period,
            description: input.description ?? "", isRetired: input.isRetired ?? false,
            createdAt: now, updatedAt: now)
        return try await addCatalogueEntry(identity, plan, check: Self.checkPlan, write: { .putSubscriptionPlan($0) })
    }

    public func updateSubscriptionPlan(_ identity: Identity?, id: SubscriptionPlanID, _ input: PlanInput) async throws
        -> SubscriptionPlan
    {
        try await changeCatalogueEntry(
            identity, load: { try await store.subscriptionPlan(id: id) }, missing: "There is no plan \(id).",
            check: Self.checkPlan, write: { .putSubscriptionPlan($0) }
        ) { plan in
            if let name = input.name { plan.name = name }
            if let price = input.price { plan.price = price }
            if let period = input.period { plan.period = period }
            if let description = input.description { plan.description = description }
            if let retired = input.isRetired { plan.isRetired = retired }
        }
    }

    static func checkPlan(_ plan: inout SubscriptionPlan) throws {
        plan.name = plan.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...60).contains(plan.name.count) else {
            throw DoableError.invalid("name", "A plan's name must be 1 to 60 characters.")
        }
        plan.description = plan.description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard plan.description.count <= 1000 else {
            throw DoableError.invalid("description", "A plan's description must be at most 1,000 characters.")
        }
        guard plan.price.cents >= 0, plan.price <= Money.maximum else {
            throw DoableError.invalid("price", "A price must be 0 to 1,000,000.00.")
        }
    }
}
