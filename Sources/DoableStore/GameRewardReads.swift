public import DoableCore

/// GAME-1 and GAME-2: what rewarding one completion reads, read together (one statement, one snapshot): the
/// member's profile, the admins' constants, when the server first stored the task, and what the companion's mood
/// counts (the latest closed days and the last days' on-time and late completions).
public struct GameRewardReads: Sendable, Equatable {
    /// Nil before the member's first reward.
    public var profile: GameProfile?
    public var rules: GameRules
    /// As `GameStore.taskInsertedAt`.
    public var taskInsertedAt: Timestamp?
    /// The statuses of the member's three latest closed days (fewer when it has fewer), in no particular order.
    public var recentDays: [GameDay.Status]
    /// The member's completions in the mood's days done by their deadline, and after it.
    public var onTime: Int
    public var late: Int

    public init(
        profile: GameProfile?, rules: GameRules, taskInsertedAt: Timestamp?, recentDays: [GameDay.Status],
        onTime: Int, late: Int
    ) {
        self.profile = profile
        self.rules = rules
        self.taskInsertedAt = taskInsertedAt
        self.recentDays = recentDays
        self.onTime = onTime
        self.late = late
    }

    /// GAME-2: the mood these reads give (as `Mood.of`).
    public var mood: Mood { Mood.of(recentDays: recentDays, onTime: onTime, late: late) }
}
