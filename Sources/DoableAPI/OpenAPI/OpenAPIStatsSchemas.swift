/// The statistics (GAME-6) as the API answers them (API/StatsDTOs.swift).
extension OpenAPI {
    static let statsCharts = ["completions", "ontime", "weekdays", "points", "monthly"]
    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    static let statsSchemas: [String: JSONValue] = [
        "Stats": stats,
        "StatsBucket": obj(
            [
                "label": text("Mon 23 (a day of the week), Nov 23 (a day of the month), Nov 2026 (a month).", minLength: 1),
                "from": ref("Day"),
                "through": ref("Day"),
                "completed": count,
                "pending": integer("Open tasks (now) due in it (0 in `monthly`).", minimum: 0),
                "onTime": integer("Completions with a deadline, done by it.", minimum: 0),
                "late": integer("Completions done after their deadline.", minimum: 0),
                "points": nullable(integer("Points earned in it (rewards, reversals and streak bonuses); null with the game off.")),
            ], description: "GAME-6: one bar of the charts."),
    ]

    static let stats = obj(
        [
            "period": text(enum: ["week", "month", "year"]),
            "from": ref("Day"),
            "through": described("Day", "Today."),
            "completed": integer("Completions in the period.", minimum: 0),
            "pending": integer("Open tasks now.", minimum: 0),
            "overdue": integer("Open tasks now past due.", minimum: 0),
            "onTimeRate": nullable(
                number(
                    "Share of the period's completions with a deadline done by it (three decimals); null when none had one.",
                    minimum: 0, maximum: 1)),
            "averageSecondsToComplete": nullable(
                number(
                    """
                    Mean whole seconds from a task's creation (or its previous occurrence) to its completion; null \
                    without data.
                    """)),
            "busiestWeekday": nullable(text("The weekday with the most completions; null with none.", enum: weekdayNames)),
            "weekdayCounts": obj(
                SchemaProperties(weekdayNames.map { (name: $0, schema: count) }), description: "Completions per weekday."),
            "points": nullable(integer("Points earned in the period; null with the game off.")),
            "buckets": array(
                ref("StatsBucket"), description: "A day each (week: 7, month: 30) or a month each (year: 12), oldest first."),
            "monthly": nullable(
                array(
                    ref("StatsBucket"), minItems: 12, maxItems: 12,
                    description: "After a month of use: the last 12 months, oldest first; null before.")),
            "charts": obj(
                [
                    "completions": text("Completed and pending per bucket.", minLength: 1),
                    "ontime": text("On time and late per bucket.", minLength: 1),
                    "weekdays": text("Completions per weekday.", minLength: 1),
                    "points": nullable(text("Points per bucket; null with the game off.", minLength: 1)),
                    "monthly": nullable(text("The monthly progress; null before a month of use.", minLength: 1)),
                ], description: "The charts' URLs (SVG)."),
        ], description: "GAME-6: the caller's statistics, game on or off.")
}
