public import DoableCore
import Foundation
import PostgresNIO

/// The companion game and statistics (GAME), issue 16, as `SQLiteStore+Game`: rows and reads. The writes are in
/// `PostgresWriter+Game.swift`.
extension PostgresStore {
    /// Below every account id (they are version 7): where paging through profiles starts.
    static let lowestID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    static func gameProfile(_ row: PostgresRecord) throws -> GameProfile {
        try GameProfileDetails.profile(
            accountID: try row.id("account_id"), isStrict: try row["is_strict"], points: try row["points"],
            xp: try row["xp"], completedCount: try row["completed_count"], lastClosedDay: try row["last_closed_day"],
            warnedDay: try row["warned_day"], lastLine: try row["last_line"],
            pettedAt: try row.optionalTimestamp("petted_at"), createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"), version: try row["version"], details: try row["details"])
    }

    static func gameDay(_ row: PostgresRecord) throws -> GameDay {
        GameDay(
            accountID: try row.id("account_id"), day: try GameColumns.civilDate(try row["day"]),
            status: GameDay.Status(rawValue: try row["status"]) ?? .missed, dueCount: try row["due_count"],
            doneCount: try row["done_count"], bonus: try row["bonus"], streak: try row["streak"],
            closedAt: try row.timestamp("closed_at"), version: try row["version"])
    }

    static func ledgerEntry(_ row: PostgresRecord) throws -> LedgerEntry {
        LedgerEntry(
            id: try row.id("id"), accountID: try row.id("account_id"),
            kind: LedgerEntry.Kind(rawValue: try row["kind"]) ?? .reward, reference: try row["reference"],
            points: try row["points"], xp: try row["xp"], localDay: try GameColumns.civilDate(try row["local_day"]),
            detail: try row["detail"], at: try row.timestamp("at"))
    }

    static func storeItem(_ row: PostgresRecord) throws -> StoreItem {
        StoreItem(
            id: try row.id("id"), name: try row["name"], description: try row["description"],
            category: StoreItem.Category(rawValue: try row["category"]) ?? .trinket,
            slot: StoreItem.Slot(rawValue: try row["slot"]) ?? .shelf, price: try row["price"], svg: try row["svg"],
            isRetired: try row["is_retired"], createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"), version: try row["version"])
    }

    static func subscriptionPlan(_ row: PostgresRecord) throws -> SubscriptionPlan {
        SubscriptionPlan(
            id: try row.id("id"), name: try row["name"], price: Money(cents: try row["price_cents"]),
            period: SubscriptionPlan.Period(rawValue: try row["period"]) ?? .month,
            description: try row["description"], isRetired: try row["is_retired"],
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            version: try row["version"])
    }

    public func gameProfile(accountID: AccountID) async throws -> GameProfile? {
        try await fetchOne(
            """
            SELECT \(unescaped: GameColumns.profile) FROM game_profiles WHERE account_id = \(accountID.uuid)
            """, Self.gameProfile)
    }

    public func gameProfiles(accountIDs: [AccountID]) async throws -> [GameProfile] {
        guard !accountIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.profile) FROM game_profiles
            WHERE account_id = ANY(\(accountIDs.map(\.uuid))) ORDER BY account_id
            """, Self.gameProfile)
    }

    public func gameProfiles(after: AccountID?, limit: Int) async throws -> [GameProfile] {
        try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.profile) FROM game_profiles
            WHERE account_id > \(after?.uuid ?? Self.lowestID) ORDER BY account_id LIMIT \(limit)
            """, Self.gameProfile)
    }

    public func gameRules() async throws -> (rules: GameRules, version: Int64) {
        let stored = try await fetchOne("SELECT rules, version FROM game_rules WHERE id = 1") { row in
            (try GameColumns.rules(fromJSON: try row["rules"]), try row["version"] as Int64)
        }
        return stored ?? (GameRules.default, 0)
    }

    public func gameDays(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [GameDay] {
        try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.day) FROM game_days
            WHERE account_id = \(accountID.uuid) AND day >= \(from.description) AND day <= \(through.description)
            ORDER BY day
            """, Self.gameDay)
    }

    public func latestGameDays(accountID: AccountID, limit: Int) async throws -> [GameDay] {
        try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.day) FROM game_days WHERE account_id = \(accountID.uuid)
            ORDER BY day DESC LIMIT \(limit)
            """, Self.gameDay)
    }

    public func ledger(accountID: AccountID, before: Timestamp?, limit: Int) async throws -> [LedgerEntry] {
        try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.ledger) FROM game_ledger
            WHERE account_id = \(accountID.uuid) AND at < \(before?.milliseconds ?? Int64.max)
            ORDER BY at DESC, id DESC LIMIT \(limit)
            """, Self.ledgerEntry)
    }

    public func ledgerEntries(accountID: AccountID, reference: String) async throws -> [LedgerEntry] {
        try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.ledger) FROM game_ledger
            WHERE account_id = \(accountID.uuid) AND reference = \(reference) ORDER BY at, id
            """, Self.ledgerEntry)
    }

    public func ledgerPointsByDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws
        -> [CivilDate: Int]
    {
        let days = try await fetchAll(
            """
            SELECT local_day, sum(points)::bigint AS points FROM game_ledger
            WHERE account_id = \(accountID.uuid) AND local_day >= \(from.description)
                AND local_day <= \(through.description) AND kind = ANY(\(GameColumns.earningKinds.map(\.rawValue)))
            GROUP BY local_day
            """
        ) { row in (try GameColumns.civilDate(try row["local_day"]), try row["points"] as Int) }
        return Dictionary(days, uniquingKeysWith: +)
    }

    public func storeItems(includeRetired: Bool) async throws -> [StoreItem] {
        try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.item) FROM store_items WHERE NOT is_retired OR \(includeRetired)
            ORDER BY price, name COLLATE "C", id
            """, Self.storeItem)
    }

    public func storeItem(id: StoreItemID) async throws -> StoreItem? {
        try await fetchOne(
            "SELECT \(unescaped: GameColumns.item) FROM store_items WHERE id = \(id.uuid)",
            Self.storeItem)
    }

    public func subscriptionPlans(includeRetired: Bool) async throws -> [SubscriptionPlan] {
        try await fetchAll(
            """
            SELECT \(unescaped: GameColumns.plan) FROM subscription_plans WHERE NOT is_retired OR \(includeRetired)
            ORDER BY price_cents, name COLLATE "C", id
            """, Self.subscriptionPlan)
    }

    public func subscriptionPlan(id: SubscriptionPlanID) async throws -> SubscriptionPlan? {
        try await fetchOne(
            "SELECT \(unescaped: GameColumns.plan) FROM subscription_plans WHERE id = \(id.uuid)",
            Self.subscriptionPlan)
    }

    public func completions(actorID: AccountID, from: CivilDate, through: CivilDate, limit: Int) async throws
        -> [TaskCompletion]
    {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.completionColumns) FROM task_completions
            WHERE actor_id = \(actorID.uuid) AND local_day >= \(from.description)
                AND local_day <= \(through.description)
            ORDER BY completed_at, id LIMIT \(limit)
            """, Self.completion)
    }

    public func completionCount(taskID: TaskID) async throws -> Int {
        try await fetchOne("SELECT count(*) AS n FROM task_completions WHERE task_id = \(taskID.uuid)") { row in
            try row["n"] as Int
        } ?? 0
    }

    public func taskInsertedAt(id: TaskID) async throws -> Timestamp? {
        try await fetchOne("SELECT inserted_at FROM tasks WHERE id = \(id.uuid)") { row in
            try row.optionalTimestamp("inserted_at")
        } ?? nil
    }

    /// One pass over the covering index `task_completions_actor_day`, in day order; rows decode as tuples (a
    /// member's whole history is hundreds of them).
    public func completionTotalsByDay(actorID: AccountID, from: CivilDate?, through: CivilDate) async throws
        -> [CompletionDayTotals]
    {
        do {
            let rows = try await client.query(
                """
                SELECT local_day, count(*), count(*) FILTER (WHERE on_time), count(*) FILTER (WHERE NOT on_time),
                    coalesce(sum(age_seconds), 0)::bigint, count(age_seconds)
                FROM task_completions
                WHERE actor_id = \(actorID.uuid) AND local_day >= \(from?.description ?? "")
                    AND local_day <= \(through.description)
                GROUP BY local_day ORDER BY local_day
                """, logger: logger)
            var totals: [CompletionDayTotals] = []
            for try await (day, completed, onTime, late, ageTotal, ageCount)
                in rows.decode((String, Int, Int, Int, Int64, Int).self)
            {
                totals.append(
                    CompletionDayTotals(
                        day: try GameColumns.civilDate(day), completed: completed, onTime: onTime, late: late,
                        ageSecondsTotal: ageTotal, ageCount: ageCount))
            }
            return totals
        } catch {
            throw Self.storeError(for: error)
        }
    }

    /// As `SQLiteStore.openTasksDue`.
    public func openTasksDue(accountID: AccountID, day: CivilDate, start: Timestamp, end: Timestamp) async throws
        -> Int
    {
        let id = accountID.uuid
        let low = min(start, day.startTimestamp).milliseconds
        let high = max(end.milliseconds, day.startTimestamp.milliseconds + 1)
        return try await fetchOne(
            """
            SELECT count(*) AS n FROM (SELECT due, due_at FROM tasks
                WHERE owner_id = \(id) AND deleted_at IS NULL AND status IN ('pending', 'inProgress')
                    AND assignee_id IS NULL
             UNION ALL
             SELECT due, due_at FROM tasks
                WHERE assignee_id = \(id) AND deleted_at IS NULL AND status IN ('pending', 'inProgress')) AS open_tasks
            WHERE due_at >= \(low) AND due_at < \(high)
                AND ((length(due) = 10 AND due = \(day.description))
                    OR (length(due) > 10 AND due_at >= \(start.milliseconds) AND due_at < \(end.milliseconds)))
            """
        ) { row in try row["n"] as Int } ?? 0
    }

    public func openTaskCounts(accountID: AccountID, now: Timestamp) async throws -> (open: Int, overdue: Int) {
        let id = accountID.uuid
        let now = now.milliseconds
        return try await fetchOne(
            """
            SELECT count(*) AS open, count(*) FILTER (WHERE length(due) = 10 AND due_at + 86400000 <= \(now)
                OR length(due) > 10 AND due_at <= \(now)) AS overdue
            FROM (SELECT due, due_at FROM tasks
                WHERE owner_id = \(id) AND deleted_at IS NULL AND status IN ('pending', 'inProgress')
                    AND assignee_id IS NULL
             UNION ALL
             SELECT due, due_at FROM tasks
                WHERE assignee_id = \(id) AND deleted_at IS NULL AND status IN ('pending', 'inProgress')) AS open_tasks
            """
        ) { row in (try row["open"] as Int, try row["overdue"] as Int) } ?? (0, 0)
    }

    public func openTasksByDueDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws
        -> [CivilDate: Int]
    {
        let id = accountID.uuid
        let days = try await fetchAll(
            """
            SELECT substr(due, 1, 10) AS day, count(*) AS n FROM (SELECT due, due_at FROM tasks
                WHERE owner_id = \(id) AND deleted_at IS NULL AND status IN ('pending', 'inProgress')
                    AND assignee_id IS NULL
             UNION ALL
             SELECT due, due_at FROM tasks
                WHERE assignee_id = \(id) AND deleted_at IS NULL AND status IN ('pending', 'inProgress')) AS open_tasks
            WHERE due_at >= \(from.startTimestamp.milliseconds)
                AND due_at < \(through.adding(days: 1).startTimestamp.milliseconds)
            GROUP BY 1
            """
        ) { row in (try GameColumns.civilDate(try row["day"]), try row["n"] as Int) }
        return Dictionary(days, uniquingKeysWith: +)
    }
}
