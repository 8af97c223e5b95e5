/// The companion game's values (GAME): species, colours, moods, badges, the store's categories and slots, and the
/// constants of the formulas.
extension OpenAPI {
    struct GameRule: Sendable {
        let name: String
        let minimum: Int
        let maximum: Int
        let description: String
    }

    /// GameRules.constants: each constant's name, the range an admin may set it to, and what it is.
    static let gameRules: [GameRule] = [
        GameRule(name: "basePoints", minimum: 1, maximum: 1000, description: "Points (and XP) for any task done on time."),
        GameRule(
            name: "minutesPerBonusPoint", minimum: 1, maximum: 1440,
            description: "One extra point per this many minutes of the task's estimate…"),
        GameRule(name: "durationBonusCap", minimum: 0, maximum: 1000, description: "…up to this many extra points."),
        GameRule(
            name: "pointsPerDayEarly", minimum: 0, maximum: 1000,
            description: "Extra points per whole day a task with a deadline is done before it…"),
        GameRule(name: "earlyBonusCap", minimum: 0, maximum: 1000, description: "…up to this many."),
        GameRule(
            name: "recurringPercent", minimum: 100, maximum: 1000,
            description: "A repeating task done on time on every occurrence so far earns this percentage of its reward."),
        GameRule(
            name: "latePercent", minimum: 0, maximum: 100,
            description:
                "A task done after its deadline earns this percentage of the base (at least minimumPoints); in strict mode nothing."),
        GameRule(
            name: "farmingSeconds", minimum: 0, maximum: 86_400,
            description: "A task completed within this many seconds of being created earns only minimumPoints."),
        GameRule(
            name: "minimumPoints", minimum: 0, maximum: 1000, description: "The least a completion earns (outside strict mode)."),
        GameRule(name: "xpPercent", minimum: 0, maximum: 1000, description: "XP is this percentage of the points of a reward."),
        GameRule(
            name: "streakBonusPerDay", minimum: 0, maximum: 1000,
            description: "A kept day pays this many points per day of the streak…"),
        GameRule(name: "streakBonusCapDays", minimum: 0, maximum: 1000, description: "…counting at most this many days."),
        GameRule(name: "restoreBase", minimum: 0, maximum: 100_000, description: "Buying back a broken streak costs this…"),
        GameRule(name: "restorePerDay", minimum: 0, maximum: 10_000, description: "…plus this per day of the streak lost…"),
        GameRule(name: "restoreHours", minimum: 1, maximum: 720, description: "…within this many hours of the end of the missed day."),
        GameRule(
            name: "warningHour", minimum: 0, maximum: 23,
            description: "The local hour after which the \"streak about to break\" warning may go out."),
    ]

    /// Each constant of the game's formulas as an integer property with its range.
    static let gameRuleProperties = SchemaProperties(
        gameRules.map { (name: $0.name, schema: integer($0.description, minimum: $0.minimum, maximum: $0.maximum)) })

    static let count = integer(minimum: 0)
    static let companionName = text("1 to 30 characters after trimming, no control characters.", minLength: 1, maxLength: 30)

    static let gameValueSchemas: [String: JSONValue] = [
        "Species": text("GAME-2: what the companion is.", enum: ["cat", "dog", "fox", "owl", "bunny", "dragon"]),
        "CompanionColor": text(
            "GAME-2: the companion's color.", enum: ["amber", "coral", "rose", "violet", "sky", "teal", "moss", "slate"]),
        "Mood": text(
            """
            GAME-2: from the last three closed days and the last three days' completions (kept days and on-time \
            completions raise it, missed days and late completions lower it).
            """,
            enum: ["happy", "neutral", "sad"]),
        "Badge": text(
            """
            GAME-5: firstTask, tasks10, tasks100, tasks1000 (tasks completed with the game on), streak7, streak30, \
            streak100 (days of a streak), recurring10 (one repeating task done 10 times), perfectWeek (every day of a \
            Monday-to-Sunday week kept or off, one at least kept).
            """,
            enum: [
                "firstTask", "tasks10", "tasks100", "tasks1000", "streak7", "streak30", "streak100", "recurring10", "perfectWeek",
            ]),
        "ItemCategory": text("GAME-3.", enum: ["clothes", "accessory", "furniture", "trinket"]),
        "ItemSlot": text(
            """
            GAME-3: where an item goes; equipping one empties its slot of any other. Worn by the companion: head, eyes, \
            neck, body, held; in its home: floorLeft, floorRight, wall, rug, shelf.
            """,
            enum: ["head", "eyes", "neck", "body", "held", "floorLeft", "floorRight", "wall", "rug", "shelf"]),
        "PlanPeriod": text("GAME-7: what the price is for.", enum: ["month", "year"]),
        "GameRules": obj(
            gameRuleProperties,
            description: """
                GAME-1 and GAME-4: the constants of the game's formulas (docs/game.md), each a whole number; admins \
                change them.
                """),
    ]
}
