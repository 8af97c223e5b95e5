public import DoableCore

/// GAME-1, GAME-2, GAME-4, GAME-5: the caller's game as `GET /api/v1/game` answers it.
public struct GameDTO: Codable, Sendable {
    public let enabled: Bool
    public let strict: Bool
    public let points: Int
    public let xp: Int
    public let level: Int
    /// XP gained into the level, and the XP the next level needs (0 at level 100).
    public let levelXp: Int
    public let levelNeeds: Int
    public let completedCount: Int
    /// With its level and what it wears (SPEC: `companion` has `name`, `species`, `color`, `mood`, `level`, `equipped`).
    public let companion: CompanionDTO
    public let streak: StreakDTO
    public let badges: [EarnedBadgeDTO]
    public let rules: GameRules

    public init(
        enabled: Bool, strict: Bool, points: Int, xp: Int, level: Int, levelXp: Int, levelNeeds: Int, completedCount: Int, companion: CompanionDTO,
        streak: StreakDTO, badges: [EarnedBadgeDTO], rules: GameRules
    ) {
        self.enabled = enabled
        self.strict = strict
        self.points = points
        self.xp = xp
        self.level = level
        self.levelXp = levelXp
        self.levelNeeds = levelNeeds
        self.completedCount = completedCount
        self.companion = companion
        self.streak = streak
        self.badges = badges
        self.rules = rules
    }

}

/// GAME-2: the companion with its mood, what it says now, its level (the member's) and what it wears (GAME-3).
public struct CompanionDTO: Codable, Sendable {
    public let name: String
    public let species: Companion.Species
    public let color: Companion.Color
    public let mood: Mood
    public let level: Int
    public let equipped: [StoreItemDTO]
    public let greeting: String
    public let svgUrl: String

    public init(
        name: String, species: Companion.Species, color: Companion.Color, mood: Mood, level: Int, equipped: [StoreItemDTO], greeting: String,
        svgUrl: String
    ) {
        self.name = name
        self.species = species
        self.color = color
        self.mood = mood
        self.level = level
        self.equipped = equipped
        self.greeting = greeting
        self.svgUrl = svgUrl
    }

}

/// GAME-4: the streak, today so far, the days off, a buy-back on offer and the last 14 closed days.
public struct StreakDTO: Codable, Sendable {
    public let current: Int
    public let best: Int
    public let today: TodayDTO
    public let offWeekdays: [Int]
    public let offDays: [CivilDate]
    @Nullable public var restore: RestoreOfferDTO?
    /// SPEC's name for the buy-back's deadline.
    @Nullable public var restorableUntil: Timestamp?
    public let days: [GameDayDTO]

    public init(
        current: Int, best: Int, today: TodayDTO, offWeekdays: [Int], offDays: [CivilDate], restore: RestoreOfferDTO?, restorableUntil: Timestamp?,
        days: [GameDayDTO]
    ) {
        self.current = current
        self.best = best
        self.today = today
        self.offWeekdays = offWeekdays
        self.offDays = offDays
        self.restore = restore
        self.restorableUntil = restorableUntil
        self.days = days
    }

}

public struct TodayDTO: Codable, Sendable {
    public let date: CivilDate
    public let openDue: Int
    public let done: Int
    public let kept: Bool
    public let off: Bool

    public init(
        date: CivilDate, openDue: Int, done: Int, kept: Bool, off: Bool
    ) {
        self.date = date
        self.openDue = openDue
        self.done = done
        self.kept = kept
        self.off = off
    }

}

public struct RestoreOfferDTO: Codable, Sendable {
    public let day: CivilDate
    public let lostStreak: Int
    public let cost: Int
    public let deadline: Timestamp

    public init(
        day: CivilDate, lostStreak: Int, cost: Int, deadline: Timestamp
    ) {
        self.day = day
        self.lostStreak = lostStreak
        self.cost = cost
        self.deadline = deadline
    }

}

public struct GameDayDTO: Codable, Sendable {
    public let date: CivilDate
    public let status: GameDay.Status
    public let streak: Int
    public let bonus: Int
    public let dueCount: Int
    public let doneCount: Int

    public init(
        date: CivilDate, status: GameDay.Status, streak: Int, bonus: Int, dueCount: Int, doneCount: Int
    ) {
        self.date = date
        self.status = status
        self.streak = streak
        self.bonus = bonus
        self.dueCount = dueCount
        self.doneCount = doneCount
    }

}

/// GAME-5: a badge the member holds.
public struct EarnedBadgeDTO: Codable, Sendable {
    public let id: Badge
    public let title: String
    public let summary: String
    public let awardedAt: Timestamp

    public init(
        id: Badge, title: String, summary: String, awardedAt: Timestamp
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.awardedAt = awardedAt
    }

}

/// GAME-5: every badge, earned or not (`GET /api/v1/game/badges`).
public struct BadgeDTO: Codable, Sendable {
    public let id: Badge
    public let title: String
    public let summary: String
    public let earned: Bool
    @Nullable public var awardedAt: Timestamp?

    public init(
        id: Badge, title: String, summary: String, earned: Bool, awardedAt: Timestamp?
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.earned = earned
        self.awardedAt = awardedAt
    }

}

/// GAME-1: one line of the ledger.
public struct LedgerEntryDTO: Codable, Sendable {
    public let id: LedgerEntryID
    public let kind: LedgerEntry.Kind
    public let reference: String
    public let points: Int
    public let xp: Int
    public let date: CivilDate
    public let detail: String
    public let at: Timestamp

    public init(
        id: LedgerEntryID, kind: LedgerEntry.Kind, reference: String, points: Int, xp: Int, date: CivilDate, detail: String, at: Timestamp
    ) {
        self.id = id
        self.kind = kind
        self.reference = reference
        self.points = points
        self.xp = xp
        self.date = date
        self.detail = detail
        self.at = at
    }

}

/// QR-01: what completing a task earned, in the response to complete (`reward` of the task).
public struct RewardDTO: Codable, Sendable, Equatable {
    public let points: Int
    public let xp: Int
    public let message: String
    public let parts: [Reward.Part]
    @Nullable public var onTime: Bool?
    public let late: Bool
    public let totalPoints: Int
    public let level: Int
    public let leveledUp: Bool
    public let badges: [Badge]
    public let companion: Reaction

    public init(
        points: Int, xp: Int, message: String, parts: [Reward.Part], onTime: Bool?, late: Bool, totalPoints: Int, level: Int, leveledUp: Bool,
        badges: [Badge], companion: Reaction
    ) {
        self.points = points
        self.xp = xp
        self.message = message
        self.parts = parts
        self.onTime = onTime
        self.late = late
        self.totalPoints = totalPoints
        self.level = level
        self.leveledUp = leveledUp
        self.badges = badges
        self.companion = companion
    }

    public struct Reaction: Codable, Sendable, Equatable {
        public let name: String
        public let mood: Mood
        public let says: String

        public init(
            name: String, mood: Mood, says: String
        ) {
            self.name = name
            self.mood = mood
            self.says = says
        }
    }

}

/// ACC-6: the game in the export: the profile, every closed day and the whole ledger.
public struct GameExportDTO: Codable, Sendable {
    public let enabled: Bool
    public let strict: Bool
    public let points: Int
    public let xp: Int
    public let level: Int
    public let completedCount: Int
    public let companion: Companion
    public let owned: [OwnedItem]
    public let equipped: [StoreItemID]
    public let badges: [Earned]
    public let offWeekdays: [Int]
    public let offDays: [CivilDate]
    public let lastClosedDay: CivilDate
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let days: [GameDayDTO]
    public let ledger: [LedgerEntryDTO]

    public init(
        enabled: Bool, strict: Bool, points: Int, xp: Int, level: Int, completedCount: Int, companion: Companion, owned: [OwnedItem],
        equipped: [StoreItemID], badges: [Earned], offWeekdays: [Int], offDays: [CivilDate], lastClosedDay: CivilDate, createdAt: Timestamp,
        updatedAt: Timestamp, days: [GameDayDTO], ledger: [LedgerEntryDTO]
    ) {
        self.enabled = enabled
        self.strict = strict
        self.points = points
        self.xp = xp
        self.level = level
        self.completedCount = completedCount
        self.companion = companion
        self.owned = owned
        self.equipped = equipped
        self.badges = badges
        self.offWeekdays = offWeekdays
        self.offDays = offDays
        self.lastClosedDay = lastClosedDay
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.days = days
        self.ledger = ledger
    }

    public struct OwnedItem: Codable, Sendable {
        public let itemId: StoreItemID
        public let boughtAt: Timestamp

        public init(
            itemId: StoreItemID, boughtAt: Timestamp
        ) {
            self.itemId = itemId
            self.boughtAt = boughtAt
        }
    }

    public struct Earned: Codable, Sendable {
        public let id: Badge
        public let awardedAt: Timestamp

        public init(
            id: Badge, awardedAt: Timestamp
        ) {
            self.id = id
            self.awardedAt = awardedAt
        }
    }

}
