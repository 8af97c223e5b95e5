/// The companion game as the API answers it (API/GameDTOs.swift, API/GameStoreDTOs.swift).
extension OpenAPI {
    static let storeItemFields: SchemaProperties = [
        "id": idSchema,
        "name": text("1 to 60 characters.", minLength: 1, maxLength: 60),
        "description": text("At most 300 characters.", maxLength: 300),
        "category": ref("ItemCategory"),
        "slot": ref("ItemSlot"),
        "price": integer("Points.", minimum: 0, maximum: 100_000),
        "retired": boolean("No longer sold; whoever owns it keeps it."),
    ]

    static let gameSchemas: [String: JSONValue] = [
        "Companion": obj(
            [
                "name": companionName,
                "species": ref("Species"),
                "color": ref("CompanionColor"),
                "mood": ref("Mood"),
                "level": integer("The member's level, which the companion grows with.", minimum: 1, maximum: 100),
                "equipped": array(ref("StoreItem"), description: "GAME-3: what the companion wears and its home holds."),
                "greeting": text("What it says now (by the time of day, the mood and the streak).", minLength: 1),
                "svgUrl": text("Its picture, wearing what is equipped.", const: "/api/v1/game/companion.svg"),
            ], description: "GAME-2: the companion (SPEC's fields name, species, color, mood, level, equipped)."),
        "GameDay": obj(
            [
                "date": ref("Day"),
                "status": text(
                    """
                    kept: every task due that day done, and one at least; missed; off: a day off; paused: the game was \
                    off; restored: a missed day bought back.
                    """,
                    enum: ["kept", "missed", "off", "paused", "restored"]),
                "streak": integer("The streak after the day.", minimum: 0),
                "bonus": integer("Streak bonus points paid for it.", minimum: 0),
                "dueCount": count,
                "doneCount": count,
            ], description: "GAME-4: a closed day (closed once, after the member's midnight in its time zone)."),
        "Streak": streak,
        "StoreItem": obj(
            storeItemFields
                + [
                    "svg": text("A standalone SVG picture of the item.", minLength: 1),
                    "owned": bool,
                    "equipped": bool,
                    "affordable": boolean("The caller has at least its price in points."),
                ], description: "GAME-3: an item as the caller sees it."),
        "EarnedBadge": obj(
            ["id": ref("Badge"), "title": text(minLength: 1), "summary": text(minLength: 1), "awardedAt": timestamp],
            description: "GAME-5: a badge the member holds (each is awarded once)."),
        "BadgeStatus": obj(
            [
                "id": ref("Badge"),
                "title": text(minLength: 1),
                "summary": text(minLength: 1),
                "earned": bool,
                "awardedAt": nullable(described("Timestamp", "When it was earned; null if not yet.")),
            ], description: "GAME-5: a badge, earned or not."),
        "Game": obj(
            [
                "enabled": boolean("Whether the game is on (the preference gameOptIn)."),
                "strict": boolean("Strict mode: a task done after its deadline earns nothing."),
                "points": integer("Points to spend (may be below zero after a reward was taken back)."),
                "xp": integer(minimum: 0),
                "level": integer(minimum: 1, maximum: 100),
                "levelXp": integer("XP gained into the level.", minimum: 0),
                "levelNeeds": integer("XP the next level needs (0 at level 100).", minimum: 0),
                "completedCount": integer("Net tasks completed with the game on.", minimum: 0),
                "companion": ref("Companion"),
                "streak": ref("Streak"),
                "badges": array(ref("EarnedBadge"), description: "Earned badges, oldest first."),
                "rules": ref("GameRules"),
            ],
            description: """
                GAME-1, GAME-2, GAME-4, GAME-5: the caller's game (the days that ended since the last look are closed \
                first).
                """),
        "Pet": obj(["says": text(minLength: 1), "mood": ref("Mood")], description: "GAME-2: petting the companion."),
        "Store": obj(
            ["points": integer("The caller's points."), "items": array(ref("StoreItem"))],
            description: "GAME-3: the items on sale."),
        "LedgerEntry": obj(
            [
                "id": idSchema,
                "kind": text(
                    "reward and reversal (a completion and its taking back), streakBonus, purchase, streakRestore.",
                    enum: ["reward", "reversal", "streakBonus", "purchase", "streakRestore"]),
                "reference": text(
                    "The completion's id (reward, reversal), the day (streakBonus, streakRestore) or the item's id (purchase)."),
                "points": integer(),
                "xp": integer(),
                "date": described("Day", "The member's day it counts on."),
                "detail": text("How it was worked out, in words."),
                "at": timestamp,
            ], description: "GAME-1: a change to the member's points or XP; the ledger adds up to the profile."),
        "Reward": reward,
        "GameExport": gameExport,
    ]

    static let streak = obj(
        [
            "current": integer("The streak after the last closed day.", minimum: 0),
            "best": integer("The longest streak of the last 400 closed days.", minimum: 0),
            "today": obj([
                "date": ref("Day"),
                "openDue": integer("Tasks due today still open.", minimum: 0),
                "done": integer("Tasks done today.", minimum: 0),
                "kept": boolean("Kept so far: nothing due is open and something was done."),
                "off": boolean("A day off."),
            ]),
            "offWeekdays": array(
                integer(minimum: 0, maximum: 6), maxItems: 6, uniqueItems: true,
                description: "Weekdays off, 0 Monday to 6 Sunday."),
            "offDays": array(ref("Day"), uniqueItems: true, description: "Days off (a vacation), oldest first."),
            "restore": nullable(
                obj(
                    [
                        "day": described("Day", "The missed day that broke the streak."),
                        "lostStreak": integer(minimum: 1),
                        "cost": integer("Points it costs (restoreBase + restorePerDay × lostStreak).", minimum: 0),
                        "deadline": described("Timestamp", "restoreHours after the end of the missed day."),
                    ],
                    description: """
                        A broken streak that can still be bought back (POST /api/v1/game/streak/restore); null when \
                        there is none.
                        """)),
            "restorableUntil": nullable(
                described(
                    "Timestamp",
                    "SPEC's name: until when the broken streak can be bought back (restore.deadline); null when there is none.")),
            "days": array(ref("GameDay"), maxItems: 14, description: "The last 14 closed days, oldest first."),
        ], description: "GAME-4.")

    static let reward = obj(
        [
            "points": integer(minimum: 0),
            "xp": integer(minimum: 0),
            "message": text(#"One line for people: "+14 points and 14 XP: base 10, 2 days early +4.""#, minLength: 1),
            "parts": array(
                obj(["label": text(minLength: 1), "points": integer(minimum: 0)]), description: "Each part of the sum, in order."),
            "onTime": nullable(boolean("Done by its deadline; null without one.")),
            "late": boolean("Done after its deadline (earns less, nothing in strict mode)."),
            "totalPoints": integer("The caller's points after it."),
            "level": integer(minimum: 1, maximum: 100),
            "leveledUp": bool,
            "badges": array(ref("Badge"), description: "Badges this completion earned."),
            "companion": obj(["name": companionName, "mood": ref("Mood"), "says": text(minLength: 1)]),
        ], description: "QR-01 and GAME-1: what completing a task earned (the formula in docs/game.md).")

    static let gameExport = obj(
        [
            "enabled": bool,
            "strict": bool,
            "points": integer(),
            "xp": integer(minimum: 0),
            "level": integer(minimum: 1, maximum: 100),
            "completedCount": integer(minimum: 0),
            "companion": obj(["name": companionName, "species": ref("Species"), "color": ref("CompanionColor")]),
            "owned": array(obj(["itemId": idSchema, "boughtAt": timestamp])),
            "equipped": array(idSchema),
            "badges": array(obj(["id": ref("Badge"), "awardedAt": timestamp])),
            "offWeekdays": array(integer(minimum: 0, maximum: 6)),
            "offDays": array(ref("Day")),
            "lastClosedDay": ref("Day"),
            "createdAt": timestamp,
            "updatedAt": timestamp,
            "days": array(ref("GameDay"), description: "Every closed day, oldest first."),
            "ledger": array(ref("LedgerEntry"), description: "The whole ledger, newest first."),
        ], description: "GAME in the export: the profile, every closed day and the ledger.")
}
