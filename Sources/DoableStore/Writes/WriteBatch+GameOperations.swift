public import DoableCore

/// The write operations of the companion game (GAME).
@_spi(StoreWriting)
extension WriteBatch {
    public enum GameOperation: Sendable {
        /// GAME: the member's game, in their own feed (entity `game`, id the account's).
        case putGameProfile(GameProfile)
        /// GAME-4: a closed day (version 1 to close it; a later version when it is bought back or recounted).
        case putGameDay(GameDay)
        /// GAME-1: a line of the points ledger (never changed; no feed entry: the profile's put announces it).
        case addLedgerEntry(LedgerEntry)
        /// GAME-3 and GAME-7: the catalogue and the plans (no feed entries: read fresh).
        case putStoreItem(StoreItem)
        case putSubscriptionPlan(SubscriptionPlan)
        /// GAME-1: the admins' constants; `version` is the new row version (1 for the first change).
        case putGameRules(GameRules, version: Int64)
    }
}

/// `.putGameProfile(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putGameProfile(_ gameProfile: GameProfile) -> Self { .game(.putGameProfile(gameProfile)) }
    public static func putGameDay(_ gameDay: GameDay) -> Self { .game(.putGameDay(gameDay)) }
    public static func addLedgerEntry(_ ledgerEntry: LedgerEntry) -> Self { .game(.addLedgerEntry(ledgerEntry)) }
    public static func putStoreItem(_ storeItem: StoreItem) -> Self { .game(.putStoreItem(storeItem)) }
    public static func putSubscriptionPlan(_ subscriptionPlan: SubscriptionPlan) -> Self { .game(.putSubscriptionPlan(subscriptionPlan)) }
    public static func putGameRules(_ gameRules: GameRules, version: Int64) -> Self { .game(.putGameRules(gameRules, version: version)) }
}

extension WriteBatch.GameOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putGameProfile(let profile): (profile.accountID, .game, profile.accountID.description, .put, nil)
        case .putGameDay, .addLedgerEntry, .putStoreItem, .putSubscriptionPlan, .putGameRules: nil
        }
    }
}
