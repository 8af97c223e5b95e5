public import DoableAPI
public import DoableCore
public import DoableDomain

extension GameDTO {
    public init(_ view: GameView) {
        let profile = view.profile
        self.init(
            enabled: view.isEnabled,
            strict: profile.isStrict,
            points: profile.points,
            xp: profile.xp,
            level: view.level,
            levelXp: view.levelXP,
            levelNeeds: view.levelNeeds,
            completedCount: profile.completedCount,
            companion: CompanionDTO(
                profile.companion, mood: view.mood, greeting: view.greeting, level: view.level,
                equipped: view.equippedItems.map {
                    StoreItemDTO($0, owned: true, equipped: true, affordable: profile.points >= $0.price)
                }),
            streak: StreakDTO(view),
            badges: profile.badges.sorted { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }
                .map { EarnedBadgeDTO(badge: $0.key, awardedAt: $0.value) },
            rules: view.rules)
    }
}

extension CompanionDTO {
    public init(_ companion: Companion, mood: Mood, greeting: String, level: Int, equipped: [StoreItemDTO]) {
        self.init(
            name: companion.name, species: companion.species, color: companion.color, mood: mood, level: level,
            equipped: equipped, greeting: greeting, svgUrl: "/api/v1/game/companion.svg")
    }
}

extension StreakDTO {
    public init(_ view: GameView) {
        self.init(
            current: view.streak, best: max(view.bestStreak, view.streak), today: TodayDTO(view.today),
            offWeekdays: view.profile.offWeekdays.sorted(), offDays: view.profile.offDays.sorted(),
            restore: view.restoreOffer.map(RestoreOfferDTO.init), restorableUntil: view.restoreOffer?.deadline,
            days: view.recentDays.map(GameDayDTO.init))
    }
}

extension TodayDTO {
    public init(_ today: TodayProgress) {
        self.init(
            date: today.day, openDue: today.openDue, done: today.done, kept: today.isKept, off: today.isOff)
    }
}

extension RestoreOfferDTO {
    public init(_ offer: RestoreOffer) {
        self.init(
            day: offer.day, lostStreak: offer.lostStreak, cost: offer.cost, deadline: offer.deadline)
    }
}

extension GameDayDTO {
    public init(_ day: GameDay) {
        self.init(
            date: day.day, status: day.status, streak: day.streak, bonus: day.bonus, dueCount: day.dueCount,
            doneCount: day.doneCount)
    }
}

extension EarnedBadgeDTO {
    public init(badge: Badge, awardedAt: Timestamp) {
        self.init(
            id: badge, title: badge.title, summary: badge.summary, awardedAt: awardedAt)
    }
}

extension BadgeDTO {
    public init(badge: Badge, awardedAt: Timestamp?) {
        self.init(
            id: badge, title: badge.title, summary: badge.summary, earned: awardedAt != nil, awardedAt: awardedAt)
    }
}

extension LedgerEntryDTO {
    public init(_ entry: LedgerEntry) {
        self.init(
            id: entry.id, kind: entry.kind, reference: entry.reference, points: entry.points, xp: entry.xp,
            date: entry.localDay, detail: entry.detail, at: entry.at)
    }
}

extension GameExportDTO {
    public init(_ profile: GameProfile, enabled: Bool, days: [GameDay], ledger: [LedgerEntry]) {
        self.init(
            enabled: enabled,
            strict: profile.isStrict,
            points: profile.points,
            xp: profile.xp,
            level: profile.level,
            completedCount: profile.completedCount,
            companion: profile.companion,
            owned: profile.owned.sorted { ($0.value, $0.key.description) < ($1.value, $1.key.description) }
                .map { OwnedItem(itemId: $0.key, boughtAt: $0.value) },
            equipped: profile.equipped,
            badges: profile.badges.sorted { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }
                .map { Earned(id: $0.key, awardedAt: $0.value) },
            offWeekdays: profile.offWeekdays.sorted(),
            offDays: profile.offDays.sorted(),
            lastClosedDay: profile.lastClosedDay,
            createdAt: profile.createdAt,
            updatedAt: profile.updatedAt,
            days: days.sorted { $0.day < $1.day }.map(GameDayDTO.init),
            ledger: ledger.map(LedgerEntryDTO.init))
    }
}
