/// What the game's operations and its admin tools accept.
extension OpenAPI {
    /// GAME-7: a plan's price may be 0 (a free plan), which a posting's money may not.
    static let planPrice = number(
        """
        The price per period: a JSON number with at most two decimals, 0 (a free plan) to 1,000,000 (12.345 is \
        refused, not rounded; a string such as "12.50" is refused too).
        """,
        minimum: 0, maximum: 1_000_000)

    static let itemName = text("1 to 60 characters after trimming.", minLength: 1, maxLength: 60)
    static let planName = text("1 to 60 characters after trimming.", minLength: 1, maxLength: 60)
    static let itemPrice = integer("Points, 0 to 100,000.", minimum: 0, maximum: 100_000)

    static let gameRequestSchemas: [String: JSONValue] = [
        "GamePatch": obj(
            [
                "enabled": boolean("Turn the game on or off (409 when it already is)."),
                "strict": boolean("Strict mode: a task done after its deadline earns nothing."),
                "offWeekdays": array(
                    integer(minimum: 0, maximum: 6), maxItems: 7,
                    description: "Weekdays off, 0 Monday to 6 Sunday (not all seven); replaces the set."),
                "offDays": array(
                    text(format: "date"), maxItems: 366,
                    description: """
                        Days off, YYYY-MM-DD, replacing the set: new ones from today to a year ahead (past ones stay \
                        as they were).
                        """),
            ], required: [], description: "GAME-1 and GAME-4: only the fields given change.",
            examples: [.object(["enabled": .bool(true)]), .object(["offWeekdays": .array([.int(5), .int(6)])])]),
        "CompanionPatch": obj(
            [
                "name": companionName,
                "species": ref("Species"),
                "color": ref("CompanionColor"),
                "colour": .object([
                    "$ref": .string("#/components/schemas/CompanionColor"), "deprecated": .bool(true),
                    "description": .string("The name of `color` before it matched SPEC; read when `color` is absent."),
                ]),
            ], required: [], description: "GAME-2: only the fields given change; the game must be on.",
            examples: [.object(["name": .string("Biscuit"), "species": .string("fox"), "color": .string("teal")])]),
        "GameRulesPatch": obj(
            gameRuleProperties, required: [],
            description: """
                GAME-1: any of the constants; an unknown name or a value out of range is a 400 naming rules.NAME, and \
                nothing changes.
                """,
            examples: [.object(["basePoints": .int(12)])]),
        "CreateStoreItemRequest": obj(
            [
                "name": itemName,
                "description": text("At most 300 characters; default empty.", maxLength: 300),
                "category": ref("ItemCategory"),
                "slot": ref("ItemSlot"),
                "price": itemPrice,
                "svg": text(
                    """
                    An SVG fragment (no <svg> root) drawn in the slot's 100×100 box: shapes, paths and text only, no \
                    script, event attributes, links or external references.
                    """),
                "retired": boolean("Default false."),
            ], required: ["name", "category", "slot", "price", "svg"], description: "GAME-3.",
            examples: [
                .object([
                    "name": .string("Bow tie"), "category": .string("clothes"), "slot": .string("neck"), "price": .int(30),
                    "svg": .string(##"<path d="M35 50 L50 58 L65 50 L65 66 L50 58 L35 66 Z" fill="#2563eb"/>"##),
                ])
            ]),
        "UpdateStoreItemRequest": obj(
            [
                "name": itemName,
                "description": text("At most 300 characters.", maxLength: 300),
                "category": ref("ItemCategory"),
                "slot": ref("ItemSlot"),
                "price": itemPrice,
                "svg": text("An SVG fragment, as for a new item."),
                "retired": boolean("true takes it off sale (whoever owns it keeps it); false sells it again."),
            ], required: [], description: "GAME-3: only the fields given change.",
            examples: [.object(["retired": .bool(true)])]),
        "CreatePlanRequest": obj(
            [
                "name": planName,
                "price": planPrice,
                "period": ref("PlanPeriod"),
                "description": text("At most 1,000 characters; default empty.", maxLength: 1000),
                "retired": boolean("Default false."),
            ], required: ["name", "price", "period"], description: "GAME-7.",
            examples: [
                .object([
                    "name": .string("Plus"), "price": .double(4.99), "period": .string("month"),
                    "description": .string("Every store item."),
                ])
            ]),
        "UpdatePlanRequest": obj(
            [
                "name": planName,
                "price": planPrice,
                "period": ref("PlanPeriod"),
                "description": text("At most 1,000 characters.", maxLength: 1000),
                "retired": boolean("true takes it off offer; false offers it again."),
            ], required: [], description: "GAME-7: only the fields given change.",
            examples: [.object(["retired": .bool(true)])]),
    ]
}
