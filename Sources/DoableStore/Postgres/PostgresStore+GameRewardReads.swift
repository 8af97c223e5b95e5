public import DoableCore
import PostgresNIO

/// Issue 32, item 2: a completion's reward reads in one statement (see `GameStore.gameRewardReads`).
extension PostgresStore {
    /// As `SQLiteStore.gameRewardReads`: one statement, so one round trip instead of five.
    public func gameRewardReads(accountID: AccountID, taskID: TaskID, moodFrom: CivilDate, through: CivilDate)
        async throws -> GameRewardReads
    {
        let reads = try await fetchOne(
            """
            WITH mood AS (
                SELECT count(*) FILTER (WHERE on_time) AS on_time, count(*) FILTER (WHERE NOT on_time) AS late
                FROM task_completions
                WHERE actor_id = \(accountID.uuid) AND local_day >= \(moodFrom.description)
                    AND local_day <= \(through.description)
            )
            SELECT \(unescaped: GameColumns.profileJoined), r.rules,
                (SELECT inserted_at FROM tasks WHERE id = \(taskID.uuid)) AS inserted_at,
                (SELECT string_agg(status, ',' ORDER BY day DESC) FROM
                    (SELECT status, day FROM game_days WHERE account_id = \(accountID.uuid)
                    ORDER BY day DESC LIMIT 3) d) AS recent_days,
                mood.on_time, mood.late
            FROM mood LEFT JOIN game_profiles p ON p.account_id = \(accountID.uuid)
                LEFT JOIN game_rules r ON r.id = 1
            """
        ) { row in
            GameRewardReads(
                profile: try row.optionalID("account_id") as AccountID? == nil ? nil : try Self.gameProfile(row),
                rules: try (try row["rules"] as String?).map(GameColumns.rules(fromJSON:)) ?? .default,
                taskInsertedAt: try row.optionalTimestamp("inserted_at"),
                recentDays: GameColumns.statuses(try row["recent_days"]), onTime: try row["on_time"],
                late: try row["late"])
        }
        guard let reads else { throw StoreError.integrity("the reward's reads returned no row") }
        return reads
    }
}
