/// Subscription plans (GAME-7) and the store's items as admins see them (API/GameStoreDTOs.swift).
extension OpenAPI {
    static let planFields: SchemaProperties = [
        "id": idSchema,
        "name": text("1 to 60 characters.", minLength: 1, maxLength: 60),
        "price": number(
            "The price per period, a number with at most two decimals (payment is out of scope).", minimum: 0,
            maximum: 1_000_000),
        "period": ref("PlanPeriod"),
        "description": text("At most 1,000 characters.", maxLength: 1000),
    ]

    static let planSchemas: [String: JSONValue] = [
        "Plan": obj(planFields, description: "GAME-7: a subscription plan on offer."),
        "AdminPlan": obj(
            planFields
                + [
                    "retired": boolean("No longer offered."), "createdAt": timestamp, "updatedAt": timestamp,
                    "version": integer(minimum: 1),
                ], description: "GAME-7: a plan as admins see it."),
        "AdminStoreItem": obj(
            storeItemFields
                + [
                    "svg": text("The item's SVG fragment as stored (drawn in its slot's 100×100 box)."),
                    "preview": text("A standalone SVG picture of the item.", minLength: 1),
                    "createdAt": timestamp,
                    "updatedAt": timestamp,
                    "version": integer(minimum: 1),
                ], description: "GAME-3: an item as admins see it."),
    ]
}
