public import DoableCore
import GRDB

/// Issue 32, item 2: a completion's reward reads in one statement (see `GameStore.gameRewardReads`).
extension SQLiteStore {
    /// One statement: the mood's counts (one pass over the covering index `task_completions_actor_day`), the
    /// profile and the rules joined to them (each row may be missing), the task's and the days' reads as subqueries.
    public func gameRewardReads(accountID: AccountID, taskID: TaskID, moodFrom: CivilDate, through: CivilDate)
        async throws -> GameRewardReads
    {
        let reads = try await fetchOne(
            """
            WITH mood AS (
                SELECT count(CASE WHEN on_time = 1 THEN 1 END) AS on_time,
                    count(CASE WHEN on_time = 0 THEN 1 END) AS late
                FROM task_completions WHERE actor_id = ?1 AND local_day >= ?3 AND local_day <= ?4
            )
            SELECT \(GameColumns.profileJoined), r.rules,
                (SELECT inserted_at FROM tasks WHERE id = ?2) AS inserted_at,
                (SELECT group_concat(status) FROM
                    (SELECT status FROM game_days WHERE account_id = ?1 ORDER BY day DESC LIMIT 3)) AS recent_days,
                mood.on_time, mood.late
            FROM mood LEFT JOIN game_profiles p ON p.account_id = ?1 LEFT JOIN game_rules r ON r.id = 1
            """, [accountID.description, taskID.description, moodFrom.description, through.description]
        ) { (row: Row) in
            GameRewardReads(
                profile: (row["account_id"] as String?) == nil ? nil : try Self.gameProfile(row),
                rules: try (row["rules"] as String?).map(GameColumns.rules(fromJSON:)) ?? .default,
                taskInsertedAt: (row["inserted_at"] as Int64?).map { Timestamp(milliseconds: $0) },
                recentDays: GameColumns.statuses(row["recent_days"]), onTime: row["on_time"], late: row["late"])
        }
        guard let reads else { throw StoreError.integrity("the reward's reads returned no row") }
        return reads
    }
}
