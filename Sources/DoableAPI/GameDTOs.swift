public import DoableCore
import PublicInit

/// GAME-1, GAME-2, GAME-4, GAME-5: the caller's game as `GET /api/v1/game` answers it.
@PublicInit
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
}

/// GAME-2: the companion with its mood, what it says now, its level (the member's) and what it wears (GAME-3).
@PublicInit
public struct CompanionDTO: Codable, Sendable {
    public let name: String
    public let species: Companion.Species
    public let color: Companion.Color
    public let mood: Mood
    public let level: Int
    public let equipped: [StoreItemDTO]
    public let greeting: String
    public let svgUrl: String
}

/// GAME-4: the streak, today so far, the days off, a buy-back on offer and the last 14 closed days.
@PublicInit
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
}

@PublicInit
public struct TodayDTO: Codable, Sendable {
    public let date: CivilDate
    public let openDue: Int
    public let done: Int
    public let kept: Bool
    public let off: Bool
}

@PublicInit
public struct RestoreOfferDTO: Codable, Sendable {
    public let day: CivilDate
    public let lostStreak: Int
    public let cost: Int
    public let deadline: Timestamp
}

@PublicInit
public struct GameDayDTO: Codable, Sendable {
    public let date: CivilDate
    public let status: GameDay.Status
    public let streak: Int
    public let bonus: Int
    public let dueCount: Int
    public let doneCount: Int
}

/// GAME-5: a badge the member holds.
@PublicInit
public struct EarnedBadgeDTO: Codable, Sendable {
    public let id: Badge
    public let title: String
    public let summary: String
    public let awardedAt: Timestamp
}

/// GAME-5: every badge, earned or not (`GET /api/v1/game/badges`).
@PublicInit
public struct BadgeDTO: Codable, Sendable {
    public let id: Badge
    public let title: String
    public let summary: String
    public let earned: Bool
    @Nullable public var awardedAt: Timestamp?
}

/// GAME-1: one line of the ledger.
@PublicInit
public struct LedgerEntryDTO: Codable, Sendable {
    public let id: LedgerEntryID
    public let kind: LedgerEntry.Kind
    public let reference: String
    public let points: Int
    public let xp: Int
    public let date: CivilDate
    public let detail: String
    public let at: Timestamp
}

/// QR-01: what completing a task earned, in the response to complete (`reward` of the task).
@PublicInit
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

    @PublicInit
    public struct Reaction: Codable, Sendable, Equatable {
        public let name: String
        public let mood: Mood
        public let says: String
    }
}

/// ACC-6: the game in the export: the profile, every closed day and the whole ledger.
@PublicInit
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

    @PublicInit
    public struct OwnedItem: Codable, Sendable {
        public let itemId: StoreItemID
        public let boughtAt: Timestamp
    }

    @PublicInit
    public struct Earned: Codable, Sendable {
        public let id: Badge
        public let awardedAt: Timestamp
    }
}
