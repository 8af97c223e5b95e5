import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// GAME-1, GAME-2 and GAME-4: the member's game — turning it on and off, the companion, strict mode and days off.
/// Every change is one versioned write of the profile, with its feed entry.
extension GameService {
    /// A new member's profile: the default companion, days closed up to yesterday (nothing before counts). Its
    /// version is 0, not stored yet: every write raises the version first, and the store inserts at version 1.
    func newGameProfile(for account: Account, now: Timestamp) -> GameProfile {
        GameProfile(
            accountID: account.id, companion: .default,
            lastClosedDay: domain.calendar(of: account).day(of: now).adding(days: -1), createdAt: now, updatedAt: now,
            version: 0)
    }

    /// The member's profile, or a new one (not stored yet: the caller's batch puts it).
    func gameProfileOrNew(_ account: Account, now: Timestamp) async throws -> GameProfile {
        try await store.gameProfile(accountID: account.id) ?? newGameProfile(for: account, now: now)
    }

    /// The caller's points balance (0 before the first reward): one read, for the web app's navigation.
    public func gamePoints(_ identity: Identity) async throws -> Int {
        try await store.gameProfile(accountID: identity.account.id)?.points ?? 0
    }

    /// The caller's game, with the days that ended since the last look closed first.
    public func game(_ identity: Identity) async throws -> GameView {
        let account = try await currentAccount(identity)
        if account.preferences.gameOptIn { try await closeGameDays(of: account) }
        let now = clock()
        let profile = try await gameProfileOrNew(account, now: now)
        return try await gameView(account: account, profile: profile, now: now)
    }

    func gameView(account: Account, profile: GameProfile, now: Timestamp) async throws -> GameView {
        let calendar = domain.calendar(of: account)
        let today = calendar.day(of: now)
        async let daysRead = store.latestGameDays(accountID: account.id, limit: 400)
        async let rulesRead = store.gameRules()
        async let todayRead = todayProgress(account: account, profile: profile, day: today)
        async let moodRead = currentMood(of: account.id, today: today)
        let days = try await daysRead, rules = try await rulesRead.rules
        let progress = LevelCurve.progress(xp: profile.xp)
        let streak = days.first?.streak ?? 0
        let mood = try await moodRead
        var equipped: [StoreItem] = []
        for id in profile.equipped { if let item = try await store.storeItem(id: id) { equipped.append(item) } }
        let hour = calendar.wallTime(of: now).hour
        return GameView(
            isEnabled: account.preferences.gameOptIn, profile: profile, level: progress.level, levelXP: progress.into,
            levelNeeds: progress.needed, mood: mood,
            greeting: CompanionLines.greeting(name: profile.companion.name, mood: mood, hour: hour, streak: streak),
            streak: streak, bestStreak: StreakRules.best(days), today: try await todayRead,
            recentDays: Array(days.prefix(14).reversed()),
            restoreOffer: StreakRules.restoreOffer(days: days, now: now, calendar: calendar, rules: rules),
            equippedItems: equipped, rules: rules)
    }

    /// GAME-2: the mood from the last three closed days and the last three days' completions.
    func currentMood(of accountID: AccountID, today: CivilDate) async throws -> Mood {
        async let days = store.latestGameDays(accountID: accountID, limit: 3)
        // Counted by the store from its index: a member who completes hundreds a day reads three rows, not hundreds.
        async let totals = store.completionTotalsByDay(actorID: accountID, from: Self.moodFrom(today), through: today)
        let recent = try await totals
        return Mood.of(
            recentDays: try await days.map(\.status), onTime: recent.reduce(0) { $0 + $1.onTime },
            late: recent.reduce(0) { $0 + $1.late })
    }

    /// GAME-2: the first of the days whose completions the mood counts (today and the two before).
    static func moodFrom(_ today: CivilDate) -> CivilDate { today.adding(days: -2) }

    func todayProgress(account: Account, profile: GameProfile, day: CivilDate) async throws -> TodayProgress {
        let bounds = StreakRules.bounds(of: day, in: domain.calendar(of: account))
        async let open = store.openTasksDue(accountID: account.id, day: day, start: bounds.start, end: bounds.end)
        async let done = store.completions(actorID: account.id, from: day, through: day, limit: 10_000)
        return TodayProgress(day: day, openDue: try await open, done: try await done.count, isOff: profile.isOff(day))
    }

    func currentAccount(_ identity: Identity) async throws -> Account {
        guard let account = try await store.account(id: identity.account.id) else {
            throw DoableError.unauthenticated("Your session has ended.")
        }
        return account
    }

    /// `PATCH /api/v1/game`: on and off (turning it on when it is on, or off when off, is a 409), strict mode, days off.
    public func updateGame(_ identity: Identity, _ patch: GamePatch) async throws -> GameView {
        try await perform(by: identity.account.id) {
            var account = try await currentAccount(identity)
            let now = clock()
            var profile = try await gameProfileOrNew(account, now: now)
            let today = domain.calendar(of: account).day(of: now)
            var batch = WriteBatch(now: now)
            if let on = patch.isEnabled {
                guard on != account.preferences.gameOptIn else {
                    throw DoableError.conflict(
                        code: on ? "game_already_on" : "game_already_off", field: "enabled",
                        message: on ? "The game is already on." : "The game is already off.")
                }
                account.preferences.gameOptIn = on
                account.updatedAt = now
                account.version += 1
                batch.append(.putAccount(account))
                if on { profile = Self.resumed(profile, today: today) }
            }
            if let chosen = patch.companion {
                if let name = chosen.name { profile.companion.name = try Self.companionName(name) }
                if let species = chosen.species { profile.companion.species = species }
                if let color = chosen.color { profile.companion.color = color }
            }
            if let strict = patch.isStrict { profile.isStrict = strict }
            if let weekdays = patch.offWeekdays {
                guard weekdays.allSatisfy({ (0...6).contains($0) }) else {
                    throw DoableError.invalid("offWeekdays", "Weekdays are 0 (Monday) to 6 (Sunday).")
                }
                guard weekdays.count < 7 else {
                    throw DoableError.invalid("offWeekdays", "At least one day of the week must count for the streak.")
                }
                profile.offWeekdays = weekdays
            }
            if let days = patch.offDays {
                let added = days.subtracting(profile.offDays)
                if let past = added.filter({ $0 < today }).min() {
                    throw DoableError.invalid(
                        "offDays", "\(past) is over: days off can be marked from today on, not afterwards.")
                }
                if let far = added.filter({ $0 > today.adding(days: 366) }).min() {
                    throw DoableError.invalid("offDays", "\(far) is more than a year ahead.")
                }
                guard days.count <= 366 else {
                    throw DoableError.invalid("offDays", "At most 366 days off can be marked.")
                }
                // Days already closed keep what they were; only the future changes.
                profile.offDays = days.filter { $0 >= today }.union(profile.offDays.filter { $0 < today })
            }
            profile.updatedAt = now
            profile.version += 1
            batch.append(.putGameProfile(profile))
            return (batch, ())
        }
        return try await game(identity)
    }

    /// Turning the game on again: the days it was off are skipped (they neither break nor extend the streak).
    static func resumed(_ profile: GameProfile, today: CivilDate) -> GameProfile {
        var profile = profile
        profile.lastClosedDay = max(profile.lastClosedDay, today.adding(days: -1))
        return profile
    }

    /// Operations that go with a change of `gameOptIn` made through the preferences (ACC-7).
    func gameSwitchOperations(_ account: Account, turningOn: Bool, now: Timestamp) async throws
        -> [WriteBatch.Operation]
    {
        guard turningOn else { return [] }
        var profile = Self.resumed(
            try await gameProfileOrNew(account, now: now),
            today: domain.calendar(of: account).day(of: now))
        profile.updatedAt = now
        profile.version += 1
        return [.putGameProfile(profile)]
    }

    /// GAME-2: names the companion and chooses its looks.
    public func updateCompanion(_ identity: Identity, _ patch: CompanionPatch) async throws -> GameView {
        try await perform(by: identity.account.id) {
            let account = try await currentAccount(identity)
            try requireGameOn(account)
            let now = clock()
            var profile = try await gameProfileOrNew(account, now: now)
            if let name = patch.name { profile.companion.name = try Self.companionName(name) }
            if let species = patch.species { profile.companion.species = species }
            if let color = patch.color { profile.companion.color = color }
            profile.updatedAt = now
            profile.version += 1
            return (WriteBatch([.putGameProfile(profile)], now: now), ())
        }
        return try await game(identity)
    }

    static func companionName(_ text: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 30 else {
            throw DoableError.invalid("name", "The companion's name must be 1 to 30 characters.")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DoableError.invalid("name", "The companion's name cannot contain control characters.")
        }
        return name
    }

    /// GAME-2: petting the companion: it says something (never the same twice in a row).
    public func petCompanion(_ identity: Identity) async throws -> String {
        try await perform(by: identity.account.id) {
            let account = try await currentAccount(identity)
            try requireGameOn(account)
            let now = clock()
            var profile = try await gameProfileOrNew(account, now: now)
            let index = CompanionLines.pick(
                CompanionLines.pettedLines, seed: UInt64(bitPattern: now.milliseconds),
                avoiding: profile.lastLine)
            profile.lastLine = index
            profile.pettedAt = now
            profile.updatedAt = now
            profile.version += 1
            return (WriteBatch([.putGameProfile(profile)], now: now), CompanionLines.pettedLines[index])
        }
    }

    func requireGameOn(_ account: Account) throws {
        guard account.preferences.gameOptIn else {
            throw DoableError.conflict(
                code: "game_off", field: nil,
                message: "The companion game is off; turn it on first (PATCH /api/v1/game).")
        }
    }
}
