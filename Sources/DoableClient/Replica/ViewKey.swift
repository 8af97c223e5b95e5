import GRDB

/// What one replayed view of the replica was made from: the pull that wrote the base (`Meta.Key.baseToken`) and
/// the outbox, known by its last mutation id and its size.
///
/// The pair tells outboxes apart as long as the base token stays: mutation numbers only grow, so an appended
/// mutation raises the last id above any it had before, and a removed one (a rejection) lowers the count. Every
/// other change of the outbox (a completed pull dropping the acknowledged ones, logging out) changes the token.
struct ViewKey: Equatable, Sendable {
    var baseToken: String
    var lastMutationID: Int64
    var pendingCount: Int

    /// The key of what `db` holds now; nil before the first pull (the base is empty, so there is little to keep).
    static func current(_ db: Database) throws -> ViewKey? {
        guard let token = try Meta.get(db, .baseToken) else { return nil }
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*), COALESCE(MAX(id), 0) FROM outbox"))
        return ViewKey(baseToken: token, lastMutationID: row?[1] ?? 0, pendingCount: row?[0] ?? 0)
    }

    /// Whether `later` is this view with one mutation appended, and nothing else changed.
    func isFollowed(byOneAppended later: ViewKey) -> Bool {
        later.baseToken == baseToken && later.pendingCount == pendingCount + 1 && later.lastMutationID > lastMutationID
    }
}
