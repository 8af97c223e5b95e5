import PublicInit

/// GAME-4: the pure rules of streak days. A day is closed once, at the member's midnight, in their time zone.
public enum StreakRules {
    /// The moments a local day starts and ends (23 or 25 hours long on daylight-saving days).
    public static func bounds(of day: CivilDate, in calendar: ZonedCalendar) -> (start: Timestamp, end: Timestamp) {
        (calendar.moment(on: day, hour: 0, minute: 0), calendar.moment(on: day.adding(days: 1), hour: 0, minute: 0))
    }

    /// The days to close now, oldest first: every date after `lastClosed` up to the day before `today` (the member's
    /// today, in their current time zone). Days are closed by civil date, so a member who moves across time zones never
    /// has a date closed twice (moving west, today may fall on or before `lastClosed`: nothing to close) nor skipped
    /// (moving east, every date in between is still listed).
    public static func daysToClose(lastClosed: CivilDate, today: CivilDate) -> [CivilDate] {
        let count = today.daysSinceEpoch - lastClosed.daysSinceEpoch - 1
        guard count > 0 else { return [] }
        return (1...count).map { lastClosed.adding(days: $0) }
    }

    /// What a day was: paused (game off), off (a day off), kept (nothing due left open and at least one task done),
    /// or missed.
    public static func status(openDue: Int, done: Int, isOff: Bool, isPaused: Bool) -> GameDay.Status {
        if isPaused { return .paused }
        if isOff { return .off }
        return openDue == 0 && done > 0 ? .kept : .missed
    }

    /// The streak after a day of `status`, given the streak before it.
    public static func streak(after previous: Int, _ status: GameDay.Status) -> Int {
        switch status {
        case .kept: previous + 1
        case .missed: 0
        case .off, .paused, .restored: previous
        }
    }

    /// Streak bonus points for a kept day that brought the streak to `streak`.
    public static func bonus(streak: Int, rules: GameRules) -> Int {
        rules.streakBonusPerDay * min(streak, rules.streakBonusCapDays)
    }

    /// The streak values of `days` (oldest first) recounted from `start`, the streak before the first of them.
    public static func recount(_ days: [GameDay], from start: Int) -> [GameDay] {
        var current = start
        return days.map { day in
            var day = day
            current = streak(after: current, day.status)
            day.streak = current
            return day
        }
    }

    /// The longest streak in `days`.
    public static func best(_ days: [GameDay]) -> Int { days.map(\.streak).max() ?? 0 }

    /// The broken streak that may be bought back at `now`: the latest missed day (in `days`, newest first), if the
    /// streak before it was above zero and less than `rules.restoreHours` passed since that day ended.
    public static func restoreOffer(days: [GameDay], now: Timestamp, calendar: ZonedCalendar, rules: GameRules)
        -> RestoreOffer?
    {
        guard let index = days.firstIndex(where: { $0.status == .missed }) else { return nil }
        let missed = days[index]
        let before = days.dropFirst(index + 1).first?.streak ?? 0
        guard before > 0 else { return nil }
        let deadline = bounds(of: missed.day, in: calendar).end.adding(seconds: Int64(rules.restoreHours) * 3600)
        guard now < deadline else { return nil }
        return RestoreOffer(
            day: missed.day, lostStreak: before,
            cost: rules.restoreBase + rules.restorePerDay * before, deadline: deadline)
    }
}

/// GAME-4: a broken streak that can still be bought back.
@PublicInit
public struct RestoreOffer: Sendable, Equatable, Codable {
    public var day: CivilDate
    public var lostStreak: Int
    public var cost: Int
    public var deadline: Timestamp
}

extension Mood {
    /// GAME-2: the mood from the last three closed days (newest first) and the completions of the last three days:
    /// each kept day +2, each missed day −2, each on-time completion +1, each late one −2 (capped at ±6 for
    /// completions); happy at 3 or more, sad at −2 or less.
    public static func of(recentDays: [GameDay.Status], onTime: Int, late: Int) -> Mood {
        var score = 0
        for status in recentDays.prefix(3) {
            if status == .kept { score += 2 }
            if status == .missed { score -= 2 }
        }
        score += min(onTime, 6) - min(2 * late, 6)
        if score >= 3 { return .happy }
        if score <= -2 { return .sad }
        return .neutral
    }
}
