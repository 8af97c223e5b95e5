import DoableCore
import DoableDomain

/// GAME-1, GAME-2, GAME-4, GAME-5: the caller's game as `GET /api/v1/game` answers it.
struct GameDTO: Encodable, Sendable {
    let enabled: Bool
    let strict: Bool
    let points: Int
    let xp: Int
    let level: Int
    /// XP gained into the level, and the XP the next level needs (0 at level 100).
    let levelXp: Int
    let levelNeeds: Int
    let completedCount: Int
    /// With its level and what it wears (SPEC: `companion` has `name`, `species`, `color`, `mood`, `level`, `equipped`).
    let companion: CompanionDTO
    let streak: StreakDTO
    let badges: [EarnedBadgeDTO]
    let rules: GameRules

    init(_ view: GameView) {
        let profile = view.profile
        enabled = view.isEnabled
        strict = profile.isStrict
        points = profile.points
        xp = profile.xp
        level = view.level
        levelXp = view.levelXP
        levelNeeds = view.levelNeeds
        completedCount = profile.completedCount
        companion = CompanionDTO(
            profile.companion, mood: view.mood, greeting: view.greeting, level: view.level,
            equipped: view.equippedItems.map {
                StoreItemDTO($0, owned: true, equipped: true, affordable: profile.points >= $0.price)
            })
        streak = StreakDTO(view)
        badges = profile.badges.sorted { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }
            .map { EarnedBadgeDTO(badge: $0.key, awardedAt: $0.value) }
        rules = view.rules
    }
}

/// GAME-2: the companion with its mood, what it says now, its level (the member's) and what it wears (GAME-3).
struct CompanionDTO: Encodable, Sendable {
    let name: String
    let species: Companion.Species
    let color: Companion.Color
    let mood: Mood
    let level: Int
    let equipped: [StoreItemDTO]
    let greeting: String
    let svgUrl: String

    init(_ companion: Companion, mood: Mood, greeting: String, level: Int, equipped: [StoreItemDTO]) {
        name = companion.name
        species = companion.species
        color = companion.color
        self.mood = mood
        self.level = level
        self.equipped = equipped
        self.greeting = greeting
        svgUrl = "/api/v1/game/companion.svg"
    }
}

/// GAME-4: the streak, today so far, the days off, a buy-back on offer and the last 14 closed days.
struct StreakDTO: Encodable, Sendable {
    let current: Int
    let best: Int
    let today: TodayDTO
    let offWeekdays: [Int]
    let offDays: [CivilDate]
    @Nullable var restore: RestoreOfferDTO?
    /// SPEC's name for the buy-back's deadline.
    @Nullable var restorableUntil: Timestamp?
    let days: [GameDayDTO]

    init(_ view: GameView) {
        current = view.streak
        best = max(view.bestStreak, view.streak)
        today = TodayDTO(view.today)
        offWeekdays = view.profile.offWeekdays.sorted()
        offDays = view.profile.offDays.sorted()
        restore = view.restoreOffer.map(RestoreOfferDTO.init)
        restorableUntil = view.restoreOffer?.deadline
        days = view.recentDays.map(GameDayDTO.init)
    }
}

struct TodayDTO: Encodable, Sendable {
    let date: CivilDate
    let openDue: Int
    let done: Int
    let kept: Bool
    let off: Bool

    init(_ today: TodayProgress) {
        date = today.day
        openDue = today.openDue
        done = today.done
        kept = today.isKept
        off = today.isOff
    }
}

struct RestoreOfferDTO: Encodable, Sendable {
    let day: CivilDate
    let lostStreak: Int
    let cost: Int
    let deadline: Timestamp

    init(_ offer: RestoreOffer) {
        day = offer.day
        lostStreak = offer.lostStreak
        cost = offer.cost
        deadline = offer.deadline
    }
}

struct GameDayDTO: Encodable, Sendable {
    let date: CivilDate
    let status: GameDay.Status
    let streak: Int
    let bonus: Int
    let dueCount: Int
    let doneCount: Int

    init(_ day: GameDay) {
        date = day.day
        status = day.status
        streak = day.streak
        bonus = day.bonus
        dueCount = day.dueCount
        doneCount = day.doneCount
    }
}

/// GAME-5: a badge the member holds.
struct EarnedBadgeDTO: Encodable, Sendable {
    let id: Badge
    let title: String
    let summary: String
    let awardedAt: Timestamp

    init(badge: Badge, awardedAt: Timestamp) {
        id = badge
        title = badge.title
        summary = badge.summary
        self.awardedAt = awardedAt
    }
}

/// GAME-5: every badge, earned or not (`GET /api/v1/game/badges`).
struct BadgeDTO: Encodable, Sendable {
    let id: Badge
    let title: String
    let summary: String
    let earned: Bool
    @Nullable var awardedAt: Timestamp?

    init(badge: Badge, awardedAt: Timestamp?) {
        id = badge
        title = badge.title
        summary = badge.summary
        earned = awardedAt != nil
        self.awardedAt = awardedAt
    }
}

/// GAME-1: one line of the ledger.
struct LedgerEntryDTO: Encodable, Sendable {
    let id: LedgerEntryID
    let kind: LedgerEntry.Kind
    let reference: String
    let points: Int
    let xp: Int
    let date: CivilDate
    let detail: String
    let at: Timestamp

    init(_ entry: LedgerEntry) {
        id = entry.id
        kind = entry.kind
        reference = entry.reference
        points = entry.points
        xp = entry.xp
        date = entry.localDay
        detail = entry.detail
        at = entry.at
    }
}

/// QR-01: what completing a task earned, in the response to complete (`reward` of the task).
struct RewardDTO: Encodable, Sendable {
    let points: Int
    let xp: Int
    let message: String
    let parts: [Reward.Part]
    @Nullable var onTime: Bool?
    let late: Bool
    let totalPoints: Int
    let level: Int
    let leveledUp: Bool
    let badges: [Badge]
    let companion: Reaction

    struct Reaction: Encodable, Sendable {
        let name: String
        let mood: Mood
        let says: String
    }

    init(_ reaction: GameReaction) {
        points = reaction.reward.points
        xp = reaction.reward.xp
        message = reaction.reward.message
        parts = reaction.reward.parts
        onTime = reaction.reward.onTime
        late = reaction.reward.isLate
        totalPoints = reaction.totalPoints
        level = reaction.level
        leveledUp = reaction.leveledUp
        badges = reaction.badges
        companion = Reaction(name: reaction.companionName, mood: reaction.mood, says: reaction.line)
    }
}

/// ACC-6: the game in the export: the profile, every closed day and the whole ledger.
struct GameExportDTO: Encodable, Sendable {
    let enabled: Bool
    let strict: Bool
    let points: Int
    let xp: Int
    let level: Int
    let completedCount: Int
    let companion: Companion
    let owned: [OwnedItem]
    let equipped: [StoreItemID]
    let badges: [Earned]
    let offWeekdays: [Int]
    let offDays: [CivilDate]
    let lastClosedDay: CivilDate
    let createdAt: Timestamp
    let updatedAt: Timestamp
    let days: [GameDayDTO]
    let ledger: [LedgerEntryDTO]

    struct OwnedItem: Encodable, Sendable {
        let itemId: StoreItemID
        let boughtAt: Timestamp
    }

    struct Earned: Encodable, Sendable {
        let id: Badge
        let awardedAt: Timestamp
    }

    init(_ profile: GameProfile, enabled: Bool, days: [GameDay], ledger: [LedgerEntry]) {
        self.enabled = enabled
        strict = profile.isStrict
        points = profile.points
        xp = profile.xp
        level = profile.level
        completedCount = profile.completedCount
        companion = profile.companion
        owned = profile.owned.sorted { ($0.value, $0.key.description) < ($1.value, $1.key.description) }
            .map { OwnedItem(itemId: $0.key, boughtAt: $0.value) }
        equipped = profile.equipped
        badges = profile.badges.sorted { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }
            .map { Earned(id: $0.key, awardedAt: $0.value) }
        offWeekdays = profile.offWeekdays.sorted()
        offDays = profile.offDays.sorted()
        lastClosedDay = profile.lastClosedDay
        createdAt = profile.createdAt
        updatedAt = profile.updatedAt
        self.days = days.sorted { $0.day < $1.day }.map(GameDayDTO.init)
        self.ledger = ledger.map(LedgerEntryDTO.init)
    }
}
