import PublicInit

/// GAME-1: what completing a task earns. The one place the formula lives; `docs/game.md` documents it with a table
/// of worked examples (the same table `RewardFormulaTests` checks). All arithmetic is on whole numbers, rounding down.
public enum RewardFormula {
    public static func reward(for input: RewardInput, rules: GameRules) -> Reward {
        let onTime = isOnTime(due: input.due, completedAt: input.completedAt, calendar: input.calendar)

        // A repeating task pays once per occurrence, and only once the occurrence's day has come (issue 27): its
        // next occurrences cannot be done ahead, each paying the estimate and days early again.
        if input.isRecurring, let opens = input.occurrenceOpens {
            let today = input.calendar.day(of: input.completedAt)
            if today < opens {
                let part = Reward.Part(label: "This occurrence's day has not come (it opens on \(opens))", points: 0)
                return finish(
                    points: 0, onTime: onTime, isLate: false, parts: [part],
                    summary: "this occurrence's day has not come (it opens on \(opens))", rules: rules,
                    counts: false)
            }
            if let previous = input.previousOccurrenceDoneOn, previous >= opens {
                let part = Reward.Part(
                    label: "An occurrence was already done in this period (on \(previous))",
                    points: 0)
                return finish(
                    points: 0, onTime: onTime, isLate: false, parts: [part],
                    summary: "an occurrence was already done in this period (on \(previous))",
                    rules: rules, counts: false)
            }
        }

        // Anti-farming: a task made and done within the window earns the minimum, whatever else it is. The window
        // runs from the server's own first write of the task, never from a creation time a client supplied.
        let ageMilliseconds = input.completedAt.milliseconds - input.insertedAt.milliseconds
        if ageMilliseconds < Int64(rules.farmingSeconds) * 1000 {
            let part = Reward.Part(
                label: "Made and done within \(rules.farmingSeconds) seconds",
                points: rules.minimumPoints)
            return finish(
                points: rules.minimumPoints, onTime: onTime, isLate: onTime == false, parts: [part],
                summary: "made and done within \(rules.farmingSeconds) seconds", rules: rules)
        }

        // Late: strict mode pays nothing, kind mode a share of the base (never less than the minimum).
        if onTime == false {
            if input.isStrict {
                let part = Reward.Part(label: "Done after its deadline (strict mode)", points: 0)
                return finish(
                    points: 0, onTime: false, isLate: true, parts: [part],
                    summary: "done after its deadline (strict mode)", rules: rules)
            }
            let points = max(rules.minimumPoints, rules.basePoints * rules.latePercent / 100)
            let part = Reward.Part(label: "Done after its deadline: \(rules.latePercent)% of the base", points: points)
            return finish(
                points: points, onTime: false, isLate: true, parts: [part],
                summary: "done after its deadline", rules: rules)
        }

        // On time, or no deadline: the base, then bonuses for the estimate and for finishing early.
        var parts = [Reward.Part(label: "Base", points: rules.basePoints)]
        let minutes = max(0, input.estimatedMinutes ?? 0)
        let durationBonus = min(rules.durationBonusCap, minutes / max(1, rules.minutesPerBonusPoint))
        if durationBonus > 0 {
            parts.append(Reward.Part(label: "\(minutes)-minute estimate", points: durationBonus))
        }
        let days = daysEarly(due: input.due, completedAt: input.completedAt, calendar: input.calendar)
        let earlyBonus = min(rules.earlyBonusCap, rules.pointsPerDayEarly * days)
        if earlyBonus > 0 {
            parts.append(Reward.Part(label: days == 1 ? "1 day early" : "\(days) days early", points: earlyBonus))
        }
        var points = parts.reduce(0) { $0 + $1.points }

        // A repeating task done on time on every occurrence so far: a percentage of the whole.
        if input.isRecurring && input.previousOccurrenceOnTime {
            let added = points * rules.recurringPercent / 100 - points
            if added > 0 {
                parts.append(
                    Reward.Part(
                        label: "Every occurrence on time ×\(multiplier(rules.recurringPercent))",
                        points: added))
                points += added
            }
        }
        let summary = parts.map { part in
            part.label == "Base" ? "base \(part.points)" : "\(lowercasingFirst(part.label)) +\(part.points)"
        }.joined(separator: ", ")
        return finish(points: points, onTime: onTime, isLate: false, parts: parts, summary: summary, rules: rules)
    }

    /// Whether a completion at `completedAt` met `due`: a day deadline is met by the end of that day in the member's
    /// calendar, a moment by that moment. Nil when there is no deadline.
    public static func isOnTime(due: TaskDate?, completedAt: Timestamp, calendar: ZonedCalendar) -> Bool? {
        guard let due else { return nil }
        switch due {
        case .day(let day): return calendar.day(of: completedAt) <= day
        case .moment(let moment): return completedAt <= moment
        }
    }

    /// Whole days from the completion's day to the due's day, both in the member's calendar (a day due is that day;
    /// a moment falls on the member's day it is in). 0 without a deadline or when done on or after the due day.
    public static func daysEarly(due: TaskDate?, completedAt: Timestamp, calendar: ZonedCalendar) -> Int {
        guard let due else { return 0 }
        let dueDay =
            switch due {
            case .day(let day): day
            case .moment(let moment): calendar.day(of: moment)
            }
        return max(0, dueDay.daysSinceEpoch - calendar.day(of: completedAt).daysSinceEpoch)
    }

    /// XP from the points, and the one-line message.
    private static func finish(
        points: Int, onTime: Bool?, isLate: Bool, parts: [Reward.Part], summary: String,
        rules: GameRules, counts: Bool = true
    ) -> Reward {
        let xp = points * rules.xpPercent / 100
        let gained =
            switch (points, xp) {
            case (0, _): "No points"
            case (_, 0): "+\(points) \(points == 1 ? "point" : "points")"
            default: "+\(points) \(points == 1 ? "point" : "points") and \(xp) XP"
            }
        return Reward(
            points: points, xp: xp, onTime: onTime, isLate: isLate, parts: parts,
            message: "\(gained): \(summary).", counts: counts)
    }

    /// 150 → "1.5", 200 → "2", 125 → "1.25".
    static func multiplier(_ percent: Int) -> String {
        let whole = percent / 100, hundredths = percent % 100
        if hundredths == 0 { return "\(whole)" }
        if hundredths % 10 == 0 { return "\(whole).\(hundredths / 10)" }
        return "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)"
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// What the formula needs to know of one completion.
@PublicInit
public struct RewardInput: Sendable {
    public var estimatedMinutes: Int?
    /// The deadline of the occurrence done.
    public var due: TaskDate?
    public var completedAt: Timestamp
    /// When the server first stored the task (a task completed within `farmingSeconds` of it earns the minimum).
    /// Not the task's `createdAt`, which CalDAV, sync and imports carry over from the client.
    public var insertedAt: Timestamp
    /// The completing member's calendar: days early, and the end of a day deadline.
    public var calendar: ZonedCalendar
    public var isRecurring: Bool = false
    /// A repeating task whose previous occurrence (if any) was done on time.
    public var previousOccurrenceOnTime: Bool = true
    public var isStrict: Bool = false
    /// A repeating task: the first day of the occurrence's period, in the member's calendar (its due day less the
    /// rule's gap to the next occurrence, plus one: a daily task's own day, a weekly task's week up to its due day).
    /// Before it the occurrence pays nothing. Nil: not repeating.
    public var occurrenceOpens: CivilDate?
    /// A repeating task: the member's day its previous occurrence was done (nil: none yet). When that falls in this
    /// occurrence's period, this one pays nothing: one reward per period.
    public var previousOccurrenceDoneOn: CivilDate?
}

/// GAME-1 and QR-01: a reward and how it was worked out.
public struct Reward: Sendable, Equatable, Codable {
    public var points: Int
    public var xp: Int
    /// Nil: the task had no deadline.
    public var onTime: Bool?
    public var isLate: Bool
    /// Each part of the sum in words and points, in order: ("Base", 10), ("2 days early", 4), …
    public var parts: [Part]
    /// One line for people: "+14 points and 14 XP: base 10, 2 days early +4."
    public var message: String
    /// Whether the completion counts at all (towards completion badges, with a ledger line): not when a repeating
    /// task's occurrence is done before its day or twice in one period.
    public var counts: Bool

    @PublicInit
    public struct Part: Sendable, Equatable, Codable {
        public var label: String
        public var points: Int
    }

    public init(
        points: Int, xp: Int, onTime: Bool?, isLate: Bool, parts: [Part], message: String,
        counts: Bool = true
    ) {
        self.counts = counts
        self.points = points
        self.xp = xp
        self.onTime = onTime
        self.isLate = isLate
        self.parts = parts
        self.message = message
    }
}
