/// GAME-1 to GAME-5 and GAME-7: the companion game (opt-in), its store, streaks, badges and ledger, and the plans.
extension OpenAPI {
    static let itemNotFound = "No store item has this id (`field` itemId)."

    /// A picture drawn as SVG, never run as anything else.
    static func svgOK(_ description: String) -> JSONValue {
        .object([
            "description": .string(description),
            "headers": .object(["X-Content-Type-Options": header("Never run as anything but SVG.", text(const: "nosniff"))]),
            "content": .object([
                "image/svg+xml": .object(["schema": text("An SVG document: shapes and text only, no script, nothing fetched.")])
            ]),
        ])
    }

    static let gamePaths: [String: [String: Operation]] = [
        "/api/v1/game": [
            "get": Operation(
                tag: "Game", id: "getGame", summary: "GAME-1, GAME-2, GAME-4, GAME-5: the caller's game, on or off.",
                description: "The days that ended since the last look are closed first.", ok: ok(ref("Game")), isReadOnly: true),
            "patch": Operation(
                tag: "Game", id: "updateGame", summary: "GAME-1 and GAME-4: turn the game on or off, strict mode, days off.",
                body: "GamePatch", ok: ok(ref("Game")), conflicts: ["game_already_on", "game_already_off", "edit_conflict"],
                badRequest: """
                    A weekday out of 0…6 or all seven, a day off in the past or more than a year ahead, more than 366 \
                    days off, or a wrong type; `field` names it.
                    """),
        ],
        "/api/v1/game/companion": [
            "patch": Operation(
                tag: "Game", id: "updateCompanion", summary: "GAME-2: name the companion, choose its species and colour.",
                body: "CompanionPatch", ok: ok(ref("Game")), conflicts: ["game_off", "edit_conflict"],
                badRequest: "A name empty or over 30 characters, or an unknown species or colour; `field` names it.")
        ],
        "/api/v1/game/companion/pet": [
            "post": Operation(
                tag: "Game", id: "petCompanion",
                summary: "GAME-2: pet the companion; it answers (never the same line twice in a row).",
                description: "Any request body is ignored.", ok: ok(ref("Pet")), conflicts: ["game_off", "edit_conflict"])
        ],
        "/api/v1/game/companion.svg": [
            "get": Operation(
                tag: "Game", id: "getCompanionPicture", summary: "GAME-2 and GAME-3: the companion as SVG, wearing what is equipped.",
                description: "Its mood shows on its face; level 25 and above adds an aura.", ok: svgOK("The picture."),
                isReadOnly: true)
        ],
        "/api/v1/game/home.svg": [
            "get": Operation(
                tag: "Game", id: "getHomePicture",
                summary: "GAME-3: the companion at home as SVG, with the furniture and trinkets placed.", ok: svgOK("The picture."),
                isReadOnly: true)
        ],
        "/api/v1/game/store": [
            "get": Operation(
                tag: "Game", id: "getStore", summary: "GAME-3: the items on sale, with the caller's points.", ok: ok(ref("Store")),
                isReadOnly: true)
        ],
        "/api/v1/game/store/{itemId}/buy": [
            "post": Operation(
                tag: "Game", id: "buyItem", summary: "GAME-3: buy an item with points.",
                description: "The points and the item change together, with a line in the ledger. Any request body is ignored.",
                parameters: [itemIdParameter], ok: ok(ref("Game")), statuses: [404],
                conflicts: ["game_off", "item_retired", "already_owned", "not_enough_points", "edit_conflict"],
                notFound: itemNotFound)
        ],
        "/api/v1/game/inventory": [
            "get": Operation(
                tag: "Game", id: "getInventory", summary: "GAME-3: what the caller owns, newest first (retired items too).",
                ok: ok(wrapper("items", "StoreItem")), isReadOnly: true)
        ],
        "/api/v1/game/inventory/{itemId}/equip": [
            "post": Operation(
                tag: "Game", id: "equipItem",
                summary: "GAME-3: put an owned item on, or in the home; whatever was in its slot comes off.",
                description: "Any request body is ignored.", parameters: [itemIdParameter], ok: ok(ref("Game")),
                statuses: [404], conflicts: ["game_off", "not_owned", "edit_conflict"], notFound: itemNotFound)
        ],
        "/api/v1/game/inventory/{itemId}/unequip": [
            "post": Operation(
                tag: "Game", id: "unequipItem", summary: "GAME-3: take an item off.", description: "Any request body is ignored.",
                parameters: [itemIdParameter], ok: ok(ref("Game")), statuses: [404],
                conflicts: ["game_off", "not_owned", "edit_conflict"], notFound: itemNotFound)
        ],
        "/api/v1/game/streak/restore": [
            "post": Operation(
                tag: "Game", id: "restoreStreak",
                summary: "GAME-4: buy back the streak the latest missed day broke, within restoreHours, for points.",
                description: "The missed day counts as restored and the streak carries over it. Any request body is ignored.",
                ok: ok(ref("Game")), conflicts: ["game_off", "no_streak_to_restore", "not_enough_points", "edit_conflict"])
        ],
        "/api/v1/game/badges": [
            "get": Operation(
                tag: "Game", id: "listBadges", summary: "GAME-5: every badge, earned or not.",
                ok: ok(obj(["badges": array(ref("BadgeStatus"), minItems: 9, maxItems: 9)])), isReadOnly: true)
        ],
        "/api/v1/game/ledger": [
            "get": Operation(
                tag: "Game", id: "getLedger", summary: "GAME-1: the caller's ledger of points and XP, newest first.",
                parameters: [
                    query(
                        "before", text(format: "date-time"),
                        "Only lines before this moment (the `at` of the last line seen), for the next page."),
                    query("limit", integer(minimum: 1, maximum: 500, default: 100), "How many lines."),
                ], ok: ok(wrapper("entries", "LedgerEntry")), statuses: [400], isReadOnly: true,
                badRequest: "`before` is not an RFC 3339 date-time, or `limit` is not a whole number from 1 to 500.")
        ],
        "/api/v1/plans": [
            "get": Operation(
                tag: "Game", id: "listPlans", summary: "GAME-7: the subscription plans on offer (payment is out of scope).",
                ok: ok(wrapper("plans", "Plan")), isReadOnly: true)
        ],
    ]

    /// GAME-6: statistics and their charts, for every member.
    static let statsPaths: [String: [String: Operation]] = [
        "/api/v1/stats": [
            "get": Operation(
                tag: "Statistics", id: "getStats", summary: "GAME-6: the caller's statistics, game on or off.",
                parameters: [periodQuery], ok: ok(ref("Stats")), statuses: [400], isReadOnly: true,
                badRequest: "`period` is not week, month or year.")
        ],
        "/api/v1/stats/charts/{name}.svg": [
            "get": Operation(
                tag: "Statistics", id: "getStatsChart", summary: "GAME-6: one chart of the caller's statistics, drawn as SVG.",
                parameters: [
                    pathParameter(
                        "name",
                        """
                        completions: completed and pending per bucket; ontime: on time and late, stacked; weekdays: \
                        completions per weekday; points: points per bucket (the game on); monthly: the last 12 months \
                        (after a month of use).
                        """,
                        text(enum: statsCharts)),
                    periodQuery,
                ], ok: svgOK("The chart."), statuses: [400, 404], isReadOnly: true,
                badRequest: "`period` is not week, month or year.",
                notFound: "No chart has this name, or `points` with the game off, or `monthly` before a month of use.")
        ],
    ]
}
