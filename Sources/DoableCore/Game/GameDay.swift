import PublicInit

/// GAME-4: a member's day, closed at their midnight (the nightly job, or the next read of their game): what was due,
/// what was done, and what the day means for the streak. Written once per member and date, never twice.
@PublicInit
public struct GameDay: Sendable, Equatable, Codable {
    public var accountID: AccountID
    public var day: CivilDate
    public var status: Status
    /// Tasks due that day (open ones at the close, and those done), and tasks done that day.
    public var dueCount: Int
    public var doneCount: Int
    /// Streak bonus points paid for it (0 unless `kept`).
    public var bonus: Int
    /// The streak after this day.
    public var streak: Int
    public var closedAt: Timestamp
    public var version: Int64 = 1

    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Every task due that day was done, and at least one task was done: the streak grows.
        case kept
        /// Something due stayed open, or nothing was done: the streak breaks.
        case missed
        /// A day off (a weekday off or a marked day): neither breaks nor extends the streak.
        case off
        /// The game was off: neither breaks nor extends.
        case paused
        /// A missed day bought back (GAME-4) within 48 hours: the streak carries over it as over a day off.
        case restored
    }
}

/// GAME-1: every change to a member's points or XP, with why: the audit trail the profile's totals add up to.
@PublicInit
public struct LedgerEntry: Sendable, Equatable, Codable {
    public var id: LedgerEntryID
    public var accountID: AccountID
    public var kind: Kind
    /// What it is about: the completion's id (reward, reversal), the day (streak bonus, buy-back), the item (purchase).
    public var reference: String
    public var points: Int
    public var xp: Int
    /// The day it counts on in the member's time zone (statistics: points earned per day).
    public var localDay: CivilDate
    /// How the reward was worked out, in words ("2 days early +4 · 30 min +3").
    public var detail: String
    public var at: Timestamp

    public enum Kind: String, Sendable, Codable, CaseIterable {
        case reward, reversal, streakBonus, purchase, streakRestore
    }
}
