public import DoableCore
import PublicInit

/// QR-01: what completing a task earned, and the companion's reaction, for the response and the web app's toast.
@PublicInit
public struct GameReaction: Sendable, Equatable {
    public var reward: Reward
    /// The balance and the level after it.
    public var totalPoints: Int
    public var level: Int
    public var leveledUp: Bool
    /// Badges this completion earned.
    public var badges: [Badge]
    public var companionName: String
    public var mood: Mood
    /// What the companion says.
    public var line: String
}

/// GAME: a member's game as the API and the web app show it (days up to yesterday closed first).
@PublicInit
public struct GameView: Sendable {
    public var isEnabled: Bool
    public var profile: GameProfile
    public var level: Int
    /// XP into the level and XP the next level needs (0 at level 100).
    public var levelXP: Int
    public var levelNeeds: Int
    public var mood: Mood
    public var greeting: String
    /// GAME-4: the streak after the last closed day, the best ever, and today so far.
    public var streak: Int
    public var bestStreak: Int
    public var today: TodayProgress
    /// The last 14 closed days, oldest first.
    public var recentDays: [GameDay]
    public var restoreOffer: RestoreOffer?
    /// The items worn and placed, as stored (a retired item still shows for its owner).
    public var equippedItems: [StoreItem]
    public var rules: GameRules
}

/// GAME-4: today, not closed yet: tasks due today still open, tasks done today, and whether it is a day off.
public struct TodayProgress: Sendable, Equatable {
    public var day: CivilDate
    public var openDue: Int
    public var done: Int
    public var isOff: Bool
    /// Kept so far: nothing due is open and something was done.
    public var isKept: Bool { openDue == 0 && done > 0 }

    public init(day: CivilDate, openDue: Int, done: Int, isOff: Bool) {
        self.day = day
        self.openDue = openDue
        self.done = done
        self.isOff = isOff
    }
}

/// GAME-3: an item of the store as one member sees it.
@PublicInit
public struct StoreItemView: Sendable {
    public var item: StoreItem
    public var isOwned: Bool
    public var isEquipped: Bool
    public var canAfford: Bool
}

/// What `PATCH /api/v1/game` and the game settings form change; nil leaves a field as it is.
@PublicInit
public struct GamePatch: Sendable, Equatable {
    public var isEnabled: Bool?
    public var isStrict: Bool?
    public var offWeekdays: Set<Int>?
    public var offDays: Set<CivilDate>?
    /// Issue 29: the name and looks the member chose as it turned the game on, in the same change.
    public var companion: CompanionPatch?
}

/// What `PATCH /api/v1/game/companion` changes.
@PublicInit
public struct CompanionPatch: Sendable, Equatable {
    public var name: String?
    public var species: Companion.Species?
    public var color: Companion.Color?
}

/// GAME-3: an admin's new item or change to one.
@PublicInit
public struct StoreItemInput: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var category: StoreItem.Category?
    public var slot: StoreItem.Slot?
    public var price: Int?
    public var svg: String?
    public var isRetired: Bool?
}

/// GAME-7: an admin's new plan or change to one.
@PublicInit
public struct PlanInput: Sendable, Equatable {
    public var name: String?
    public var price: Money?
    public var period: SubscriptionPlan.Period?
    public var description: String?
    public var isRetired: Bool?
}

extension Badge {
    /// How the badge is called and what it is for.
    public var title: String {
        switch self {
        case .firstTask: "First task"
        case .tasks10: "10 tasks"
        case .tasks100: "100 tasks"
        case .tasks1000: "1,000 tasks"
        case .streak7: "7-day streak"
        case .streak30: "30-day streak"
        case .streak100: "100-day streak"
        case .recurring10: "Faithful: a repeating task done 10 times"
        case .perfectWeek: "Perfect week"
        }
    }

    public var summary: String {
        switch self {
        case .firstTask: "Completed a first task with the game on."
        case .tasks10: "Completed 10 tasks."
        case .tasks100: "Completed 100 tasks."
        case .tasks1000: "Completed 1,000 tasks."
        case .streak7: "Kept a streak for 7 days."
        case .streak30: "Kept a streak for 30 days."
        case .streak100: "Kept a streak for 100 days."
        case .recurring10: "Completed one repeating task 10 times."
        case .perfectWeek: "Every day of a Monday-to-Sunday week kept (or off), at least one kept."
        }
    }

    /// Issue 29: what to do to earn it, said to the member who has not yet.
    public var goal: String {
        switch self {
        case .firstTask: "Complete any task with the game on."
        case .tasks10: "Complete 10 tasks."
        case .tasks100: "Complete 100 tasks."
        case .tasks1000: "Complete 1,000 tasks."
        case .streak7: "Keep your streak 7 days in a row."
        case .streak30: "Keep your streak 30 days in a row."
        case .streak100: "Keep your streak 100 days in a row."
        case .recurring10: "Complete one repeating task 10 times."
        case .perfectWeek: "Keep every day of a Monday-to-Sunday week (days off count as kept)."
        }
    }

    /// What the badge counts and how many it needs, for a progress bar: completed tasks or streak days; nil for
    /// the badges whose progress is not one number.
    public func progress(completed: Int, streak: Int) -> (value: Int, target: Int, unit: String)? {
        switch self {
        case .firstTask: (min(completed, 1), 1, "task")
        case .tasks10: (min(completed, 10), 10, "tasks")
        case .tasks100: (min(completed, 100), 100, "tasks")
        case .tasks1000: (min(completed, 1_000), 1_000, "tasks")
        case .streak7: (min(streak, 7), 7, "days")
        case .streak30: (min(streak, 30), 30, "days")
        case .streak100: (min(streak, 100), 100, "days")
        case .recurring10, .perfectWeek: nil
        }
    }

    /// The mark on its medal, so that no two look alike: "1", "10", "7d", "↻", "★".
    public var mark: String {
        switch self {
        case .firstTask: "1"
        case .tasks10: "10"
        case .tasks100: "100"
        case .tasks1000: "1k"
        case .streak7: "7d"
        case .streak30: "30d"
        case .streak100: "100d"
        case .recurring10: "↻"
        case .perfectWeek: "★"
        }
    }
}
