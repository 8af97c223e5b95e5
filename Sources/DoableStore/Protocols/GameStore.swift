public import DoableCore

/// The companion game and statistics (GAME). One part of `Store`, which every engine implements.
public protocol GameStore: Sendable {
    func gameProfile(accountID: AccountID) async throws -> GameProfile?
    func gameProfiles(accountIDs: [AccountID]) async throws -> [GameProfile]
    /// Every profile in account-id order after `after` (the nightly job pages through them).
    func gameProfiles(after: AccountID?, limit: Int) async throws -> [GameProfile]
    /// The admins' constants and their row's version (0 and the defaults while no admin changed them).
    func gameRules() async throws -> (rules: GameRules, version: Int64)
    /// The account's closed days in `from...through`, oldest first.
    func gameDays(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [GameDay]
    /// The account's latest closed days, newest first.
    func latestGameDays(accountID: AccountID, limit: Int) async throws -> [GameDay]
    /// The account's ledger, newest first (`before`: entries strictly older than that moment).
    func ledger(accountID: AccountID, before: Timestamp?, limit: Int) async throws -> [LedgerEntry]
    /// The account's ledger entries about `reference` (a completion's reward and its reversal), oldest first.
    func ledgerEntries(accountID: AccountID, reference: String) async throws -> [LedgerEntry]
    /// GAME-6: points of rewards, reversals and streak bonuses per local day in `from...through`.
    func ledgerPointsByDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [CivilDate: Int]
    /// The store's catalogue by price then name; retired items only when asked.
    func storeItems(includeRetired: Bool) async throws -> [StoreItem]
    func storeItem(id: StoreItemID) async throws -> StoreItem?
    func subscriptionPlans(includeRetired: Bool) async throws -> [SubscriptionPlan]
    func subscriptionPlan(id: SubscriptionPlanID) async throws -> SubscriptionPlan?
    /// Completions by `actorID` whose `localDay` is in `from...through`, oldest first, at most `limit`.
    func completions(actorID: AccountID, from: CivilDate, through: CivilDate, limit: Int) async throws
        -> [TaskCompletion]
    /// How many completions the task has (GAME-5: a repeating task done 10 times).
    func completionCount(taskID: TaskID) async throws -> Int
    /// When the server first stored the task, by the clock of the batch that inserted it; nil for a task stored
    /// before this was kept (schema 11) or restored from an older backup, and for an unknown task. No client sets
    /// it (issue 27: the game's anti-farming window runs from it).
    func taskInsertedAt(id: TaskID) async throws -> Timestamp?
    /// GAME-1 and GAME-2: what rewarding `accountID`'s completion of `taskID` reads, in one statement: the profile
    /// (`gameProfile`), the rules (`gameRules`), the task's insert time (`taskInsertedAt`), the statuses of the three
    /// latest closed days (`latestGameDays`) and the on-time and late completions in `moodFrom...through` (the sums
    /// of `completionTotalsByDay`).
    func gameRewardReads(accountID: AccountID, taskID: TaskID, moodFrom: CivilDate, through: CivilDate) async throws
        -> GameRewardReads
    /// GAME-6: per local day in `from...through` (all of history when `from` is nil), the actor's completions.
    func completionTotalsByDay(actorID: AccountID, from: CivilDate?, through: CivilDate) async throws
        -> [CompletionDayTotals]
    /// GAME-4 and GAME-6: open tasks (pending or in progress, not in the trash) the member answers for — assigned to
    /// them, or unassigned in a list they own — due in the local day `day`: a `YYYY-MM-DD` due equal to it, or a
    /// due moment in `[start, end)`.
    func openTasksDue(accountID: AccountID, day: CivilDate, start: Timestamp, end: Timestamp) async throws -> Int
    /// GAME-6: the same tasks: how many are open, and how many of those are past due at `now`.
    func openTaskCounts(accountID: AccountID, now: Timestamp) async throws -> (open: Int, overdue: Int)
    /// GAME-6: the same open tasks with a due date in `from...through`, by the due's date (a moment by its UTC date).
    func openTasksByDueDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [CivilDate: Int]
}
