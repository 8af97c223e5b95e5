import DoableCore
@_spi(StoreWriting) import DoableStore
public import Logging

/// GAME-4: closing days. Each of a member's days is closed once, after their midnight, by civil date in their time
/// zone as it is then (a zone change never closes a date twice or skips one): the nightly job does it, and so does
/// the next look at the game, whichever comes first.
extension GameService {
    /// How many days one close catches up at most; a longer gap (the server was off for months) is skipped as paused.
    static let maximumDaysClosedAtOnce = 62

    /// Closes the member's days that ended since the last close. Returns how many were closed.
    @discardableResult
    func closeGameDays(of account: Account) async throws -> Int {
        let calendar = domain.calendar(of: account)
        guard let stored = try await store.gameProfile(accountID: account.id),
            stored.lastClosedDay < calendar.day(of: clock()).adding(days: -1)
        else { return 0 }
        return try await perform(by: nil) {
            let now = clock()
            let yesterday = calendar.day(of: now).adding(days: -1)
            guard var profile = try await store.gameProfile(accountID: account.id),
                profile.lastClosedDay < yesterday
            else { return (WriteBatch(), 0) }
            let rules = try await store.gameRules().rules
            var first = profile.lastClosedDay.adding(days: 1)
            if yesterday.daysSinceEpoch - first.daysSinceEpoch >= Self.maximumDaysClosedAtOnce {
                first = yesterday.adding(days: -(Self.maximumDaysClosedAtOnce - 1))
            }
            var streak = try await store.latestGameDays(accountID: account.id, limit: 1).first?.streak ?? 0
            var batch = WriteBatch(now: now)
            var closed: [GameDay] = []
            var earned: [Badge] = []
            var day = first
            while day <= yesterday {
                let bounds = StreakRules.bounds(of: day, in: calendar)
                let open = try await store.openTasksDue(
                    accountID: account.id, day: day, start: bounds.start,
                    end: bounds.end)
                let done = try await store.completions(actorID: account.id, from: day, through: day, limit: 10_000)
                let doneDue = done.filter { $0.isDue(on: day, in: calendar) }.count
                // A task due that day but done after its midnight (before this close) was not done that day.
                let doneLater = try await store.completions(
                    actorID: account.id, from: day.adding(days: 1), through: yesterday.adding(days: 1), limit: 10_000
                ).filter { $0.isDue(on: day, in: calendar) }.count
                let status = StreakRules.status(
                    openDue: open + doneLater, done: done.count,
                    isOff: profile.isOff(day), isPaused: false)
                streak = StreakRules.streak(after: streak, status)
                let bonus = status == .kept ? StreakRules.bonus(streak: streak, rules: rules) : 0
                let record = GameDay(
                    accountID: account.id, day: day, status: status, dueCount: open + doneLater + doneDue,
                    doneCount: done.count, bonus: bonus, streak: streak, closedAt: now)
                closed.append(record)
                batch.append(.putGameDay(record))
                if bonus > 0 {
                    profile.points += bonus
                    batch.append(
                        .addLedgerEntry(
                            LedgerEntry(
                                id: .make(at: now), accountID: account.id, kind: .streakBonus, reference: day.description,
                                points: bonus, xp: 0, localDay: day, detail: "Streak bonus: day \(streak) of the streak.",
                                at: now)))
                }
                for (badge, length) in [(Badge.streak7, 7), (.streak30, 30), (.streak100, 100)] where streak >= length {
                    earned.append(badge)
                }
                if ZonedCalendar.weekday(of: day) == 6,
                    try await isPerfectWeek(
                        ending: day, account: account.id,
                        closedNow: closed)
                {
                    earned.append(.perfectWeek)
                }
                day = day.adding(days: 1)
            }
            profile.lastClosedDay = yesterday
            batch.operations += try await awardOperations(earned, to: &profile, account: account, now: now)
            profile.updatedAt = now
            profile.version += 1
            batch.append(.putGameProfile(profile))
            return (batch, closed.count)
        }
    }

    /// GAME-5: a Monday-to-Sunday week ending `sunday` with every day kept, off or bought back, and one kept.
    func isPerfectWeek(ending sunday: CivilDate, account: AccountID, closedNow: [GameDay]) async throws -> Bool {
        let monday = sunday.adding(days: -6)
        var days = Dictionary(
            uniqueKeysWithValues: try await store.gameDays(
                accountID: account, from: monday, through: sunday
            ).map { ($0.day, $0.status) })
        for day in closedNow where day.day >= monday { days[day.day] = day.status }
        guard days.count == 7 else { return false }
        return days.values.allSatisfy { [.kept, .off, .restored].contains($0) } && days.values.contains(.kept)
    }

    /// GAME-4: buys back the streak the latest missed day broke, within the hours the rules allow, for points.
    public func restoreStreak(_ identity: Identity) async throws -> GameView {
        let account = try await currentAccount(identity)
        try requireGameOn(account)
        try await closeGameDays(of: account)
        try await perform(by: account.id) {
            let now = clock()
            let calendar = domain.calendar(of: account)
            let rules = try await store.gameRules().rules
            var profile = try await gameProfileOrNew(account, now: now)
            let days = try await store.latestGameDays(accountID: account.id, limit: 400)
            guard let offer = StreakRules.restoreOffer(days: days, now: now, calendar: calendar, rules: rules) else {
                let missed = days.firstIndex { $0.status == .missed }
                let lost = missed.flatMap { days.dropFirst($0 + 1).first?.streak } ?? 0
                throw DoableError.conflict(
                    code: "no_streak_to_restore", field: nil,
                    message: lost == 0
                        ? "There is no broken streak to buy back."
                        : "The streak broke more than \(rules.restoreHours) hours ago; it can no longer be bought back.")
            }
            guard profile.points >= offer.cost else {
                throw DoableError.conflict(
                    code: "not_enough_points", field: nil,
                    message: "Buying back the \(offer.lostStreak)-day streak costs \(offer.cost) points; you have \(profile.points).")
            }
            var batch = WriteBatch(now: now)
            let affected = days.filter { $0.day >= offer.day }.reversed().map { day -> GameDay in
                var day = day
                if day.day == offer.day { day.status = .restored }
                return day
            }
            for var day in StreakRules.recount(Array(affected), from: offer.lostStreak) {
                day.version += 1
                batch.append(.putGameDay(day))
            }
            profile.points -= offer.cost
            batch.append(
                .addLedgerEntry(
                    LedgerEntry(
                        id: .make(at: now), accountID: account.id, kind: .streakRestore, reference: offer.day.description,
                        points: -offer.cost, xp: 0, localDay: calendar.day(of: now),
                        detail: "Bought back the \(offer.lostStreak)-day streak broken on \(offer.day).", at: now)))
            profile.updatedAt = now
            profile.version += 1
            batch.append(.putGameProfile(profile))
            return (batch, ())
        }
        return try await game(identity)
    }

    /// One round of the nightly job: closes every playing member's finished days, and sends the evening warning to
    /// those whose streak would break tonight. Returns how many days were closed and warnings sent.
    public func runGameDays() async throws -> Int {
        var count = 0
        var after: AccountID?
        while true {
            let profiles = try await store.gameProfiles(after: after, limit: 500)
            guard let last = profiles.last else { break }
            after = last.accountID
            let accounts = ReminderService.byID(try await store.accounts(ids: profiles.map(\.accountID)), \.id)
            for profile in profiles {
                guard let account = accounts[profile.accountID], account.preferences.gameOptIn, !account.isDisabled
                else { continue }
                count += try await closeGameDays(of: account)
                if try await warnStreakIfNeeded(account) { count += 1 }
            }
            if profiles.count < 500 { break }
        }
        return count
    }

    /// GAME-4: the evening warning, once a day, after the rules' hour and outside quiet hours, when the streak is
    /// above zero and today is not kept yet.
    func warnStreakIfNeeded(_ account: Account) async throws -> Bool {
        let calendar = domain.calendar(of: account)
        let now = clock()
        let today = calendar.day(of: now)
        guard let stored = try await store.gameProfile(accountID: account.id), stored.warnedDay != today,
            !stored.isOff(today)
        else { return false }
        let rules = try await store.gameRules().rules
        guard calendar.wallTime(of: now).hour >= rules.warningHour else { return false }
        if let quiet = account.preferences.quietHours, quiet.contains(now, in: calendar) { return false }
        let streak = try await store.latestGameDays(accountID: account.id, limit: 1).first?.streak ?? 0
        guard streak > 0 else { return false }
        let progress = try await todayProgress(account: account, profile: stored, day: today)
        guard !progress.isKept else { return false }
        return try await perform(by: nil) {
            guard var profile = try await store.gameProfile(accountID: account.id), profile.warnedDay != today else {
                return (WriteBatch(), false)
            }
            profile.warnedDay = today
            profile.updatedAt = now
            profile.version += 1
            let channels = account.preferences.notificationChannels.channels(for: .streakAtRisk)
            let hooks = channels.webhook ? try await store.webhooks(accountIDs: [account.id]) : []
            let devices = channels.push ? try await store.pushSubscriptions(accountIDs: [account.id]) : []
            let what =
                progress.openDue > 0
                ? "\(progress.openDue) task\(progress.openDue == 1 ? "" : "s") due today \(progress.openDue == 1 ? "is" : "are") still open."
                : "Nothing is done yet today."
            let batch = WriteBatch(
                [.putGameProfile(profile)]
                    + domain.reminders.notificationOperations(
                        to: account, .streakAtRisk, title: "Your \(streak)-day streak ends at midnight",
                        body: CompanionLines.streakWarning(name: profile.companion.name, streak: streak) + " " + what,
                        task: nil, list: nil, actor: nil, channels: channels, webhooks: hooks, pushDevices: devices,
                        now: now), now: now)
            return (batch, true)
        }
    }
}

extension PeriodicJob {
    /// GAME-4: closes members' days after their midnight and sends the evening streak warnings, every minute.
    public static func gameDays(domain: Domain, logger: Logger) -> PeriodicJob {
        PeriodicJob(
            domain: domain, logger: logger, interval: .seconds(60), doneMessage: "Closed game days",
            failedMessage: "Closing game days failed"
        ) { try await $0.game.runGameDays() }
    }
}

extension TaskCompletion {
    /// Whether the occurrence done was due on `day` in `calendar` (a day due, or a moment within that day).
    func isDue(on day: CivilDate, in calendar: ZonedCalendar) -> Bool {
        switch due {
        case .day(let due): due == day
        case .moment(let moment): calendar.day(of: moment) == day
        case nil: false
        }
    }
}
