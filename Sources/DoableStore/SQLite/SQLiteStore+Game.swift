public import DoableCore
import Foundation
import GRDB

/// The companion game and statistics (GAME), issue 16: rows and reads. The writes are in `SQLiteWriter+Game.swift`.
extension SQLiteStore {
    static func gameProfile(_ row: Row) throws -> GameProfile {
        try GameProfileDetails.profile(
            accountID: SQLiteRows.id(row, "account_id"), isStrict: row["is_strict"], points: row["points"],
            xp: row["xp"], completedCount: row["completed_count"], lastClosedDay: row["last_closed_day"],
            warnedDay: row["warned_day"], lastLine: row["last_line"],
            pettedAt: SQLiteRows.optionalTimestamp(row, "petted_at"),
            createdAt: SQLiteRows.timestamp(row, "created_at"), updatedAt: SQLiteRows.timestamp(row, "updated_at"),
            version: row["version"], details: row["details"])
    }

    static func gameDay(_ row: Row) throws -> GameDay {
        GameDay(
            accountID: SQLiteRows.id(row, "account_id"), day: try GameColumns.civilDate(row["day"]),
            status: GameDay.Status(rawValue: row["status"]) ?? .missed, dueCount: row["due_count"],
            doneCount: row["done_count"], bonus: row["bonus"], streak: row["streak"],
            closedAt: SQLiteRows.timestamp(row, "closed_at"), version: row["version"])
    }

    static func ledgerEntry(_ row: Row) throws -> LedgerEntry {
        LedgerEntry(
            id: SQLiteRows.id(row, "id"), accountID: SQLiteRows.id(row, "account_id"),
            kind: LedgerEntry.Kind(rawValue: row["kind"]) ?? .reward, reference: row["reference"],
            points: row["points"], xp: row["xp"], localDay: try GameColumns.civilDate(row["local_day"]),
            detail: row["detail"], at: SQLiteRows.timestamp(row, "at"))
    }

    static func storeItem(_ row: Row) -> StoreItem {
        StoreItem(
            id: SQLiteRows.id(row, "id"), name: row["name"], description: row["description"],
            category: StoreItem.Category(rawValue: row["category"]) ?? .trinket,
            slot: StoreItem.Slot(rawValue: row["slot"]) ?? .shelf, price: row["price"], svg: row["svg"],
            isRetired: row["is_retired"], createdAt: SQLiteRows.timestamp(row, "created_at"),
            updatedAt: SQLiteRows.timestamp(row, "updated_at"), version: row["version"])
    }

    static func subscriptionPlan(_ row: Row) -> SubscriptionPlan {
        SubscriptionPlan(
            id: SQLiteRows.id(row, "id"), name: row["name"], price: Money(cents: row["price_cents"]),
            period: SubscriptionPlan.Period(rawValue: row["period"]) ?? .month, description: row["description"],
            isRetired: row["is_retired"], createdAt: SQLiteRows.timestamp(row, "created_at"),
            updatedAt: SQLiteRows.timestamp(row, "updated_at"), version: row["version"])
    }

    public func gameProfile(accountID: AccountID) async throws -> GameProfile? {
        try await fetchOne(
            "SELECT \(GameColumns.profile) FROM game_profiles WHERE account_id = ?",
            [accountID.description], Self.gameProfile)
    }

    public func gameProfiles(accountIDs: [AccountID]) async throws -> [GameProfile] {
        guard !accountIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(GameColumns.profile) FROM game_profiles WHERE account_id IN (SELECT value FROM json_each(?))
            ORDER BY account_id
            """, [Self.jsonArray(accountIDs.map(\.description))], Self.gameProfile)
    }

    public func gameProfiles(after: AccountID?, limit: Int) async throws -> [GameProfile] {
        try await fetchAll(
            """
            SELECT \(GameColumns.profile) FROM game_profiles WHERE account_id > ? ORDER BY account_id LIMIT ?
            """, [after?.description ?? "", limit], Self.gameProfile)
    }

    public func gameRules() async throws -> (rules: GameRules, version: Int64) {
        let stored = try await fetchOne("SELECT rules, version FROM game_rules WHERE id = 1", []) { (row: Row) in
            (try GameColumns.rules(fromJSON: row["rules"]), row["version"] as Int64)
        }
        return stored ?? (GameRules.default, 0)
    }

    public func gameDays(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [GameDay] {
        try await fetchAll(
            """
            SELECT \(GameColumns.day) FROM game_days WHERE account_id = ? AND day >= ? AND day <= ? ORDER BY day
            """, [accountID.description, from.description, through.description], Self.gameDay)
    }

    public func latestGameDays(accountID: AccountID, limit: Int) async throws -> [GameDay] {
        try await fetchAll(
            """
            SELECT \(GameColumns.day) FROM game_days WHERE account_id = ? ORDER BY day DESC LIMIT ?
            """, [accountID.description, limit], Self.gameDay)
    }

    public func ledger(accountID: AccountID, before: Timestamp?, limit: Int) async throws -> [LedgerEntry] {
        try await fetchAll(
            """
            SELECT \(GameColumns.ledger) FROM game_ledger WHERE account_id = ? AND at < ?
            ORDER BY at DESC, id DESC LIMIT ?
            """, [accountID.description, before?.milliseconds ?? Int64.max, limit], Self.ledgerEntry)
    }

    public func ledgerEntries(accountID: AccountID, reference: String) async throws -> [LedgerEntry] {
        try await fetchAll(
            """
            SELECT \(GameColumns.ledger) FROM game_ledger WHERE account_id = ? AND reference = ? ORDER BY at, id
            """, [accountID.description, reference], Self.ledgerEntry)
    }

    public func ledgerPointsByDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws
        -> [CivilDate: Int]
    {
        let days = try await fetchAll(
            """
            SELECT local_day, sum(points) AS points FROM game_ledger
            WHERE account_id = ? AND local_day >= ? AND local_day <= ?
                AND kind IN (SELECT value FROM json_each(?))
            GROUP BY local_day
            """,
            [
                accountID.description, from.description, through.description,
                Self.jsonArray(GameColumns.earningKinds.map(\.rawValue)),
            ]
        ) { (row: Row) in
            (try GameColumns.civilDate(row["local_day"]), row["points"] as Int)
        }
        return Dictionary(days, uniquingKeysWith: +)
    }

    public func storeItems(includeRetired: Bool) async throws -> [StoreItem] {
        try await fetchAll(
            """
            SELECT \(GameColumns.item) FROM store_items WHERE is_retired = 0 OR ? ORDER BY price, name, id
            """, [includeRetired], Self.storeItem)
    }

    public func storeItem(id: StoreItemID) async throws -> StoreItem? {
        try await fetchOne(
            "SELECT \(GameColumns.item) FROM store_items WHERE id = ?", [id.description],
            Self.storeItem)
    }

    public func subscriptionPlans(includeRetired: Bool) async throws -> [SubscriptionPlan] {
        try await fetchAll(
            """
            SELECT \(GameColumns.plan) FROM subscription_plans WHERE is_retired = 0 OR ?
            ORDER BY price_cents, name, id
            """, [includeRetired], Self.subscriptionPlan)
    }

    public func subscriptionPlan(id: SubscriptionPlanID) async throws -> SubscriptionPlan? {
        try await fetchOne(
            "SELECT \(GameColumns.plan) FROM subscription_plans WHERE id = ?", [id.description],
            Self.subscriptionPlan)
    }

    public func completions(actorID: AccountID, from: CivilDate, through: CivilDate, limit: Int) async throws
        -> [TaskCompletion]
    {
        try await fetchAll(
            """
            SELECT \(Self.completionColumns) FROM task_completions
            WHERE actor_id = ? AND local_day >= ? AND local_day <= ? ORDER BY completed_at, id LIMIT ?
            """, [actorID.description, from.description, through.description, limit], Self.completion)
    }

    public func completionCount(taskID: TaskID) async throws -> Int {
        try await fetchOne("SELECT count(*) AS n FROM task_completions WHERE task_id = ?", [taskID.description]) {
            (row: Row) in row["n"] as Int
        } ?? 0
    }

    public func taskInsertedAt(id: TaskID) async throws -> Timestamp? {
        try await fetchOne("SELECT inserted_at FROM tasks WHERE id = ?", [id.description]) { (row: Row) in
            (row["inserted_at"] as Int64?).map { Timestamp(milliseconds: $0) }
        } ?? nil
    }

    /// One pass over the covering index `task_completions_actor_day`, in day order.
    public func completionTotalsByDay(actorID: AccountID, from: CivilDate?, through: CivilDate) async throws
        -> [CompletionDayTotals]
    {
        try await fetchAll(
            """
            SELECT local_day, count(*), count(CASE WHEN on_time = 1 THEN 1 END),
                count(CASE WHEN on_time = 0 THEN 1 END), coalesce(sum(age_seconds), 0), count(age_seconds)
            FROM task_completions WHERE actor_id = ? AND local_day >= ? AND local_day <= ?
            GROUP BY local_day ORDER BY local_day
            """, [actorID.description, from?.description ?? "", through.description]
        ) { (columns: SQLiteColumns) in
            CompletionDayTotals(
                day: try GameColumns.civilDate(columns.text(0)), completed: Int(columns.int64(1)),
                onTime: Int(columns.int64(2)), late: Int(columns.int64(3)),
                ageSecondsTotal: columns.int64(4), ageCount: Int(columns.int64(5)))
        }
    }

    /// GAME-4: a `YYYY-MM-DD` due is ten characters long (a moment is longer); `due_at` is the day's UTC start for
    /// the one, the moment for the other. The bounds on `due_at` cover both, so the owner's due index narrows it.
    public func openTasksDue(accountID: AccountID, day: CivilDate, start: Timestamp, end: Timestamp) async throws
        -> Int
    {
        let low = min(start, day.startTimestamp).milliseconds
        let high = max(end.milliseconds, day.startTimestamp.milliseconds + 1)
        return try await fetchOne(
            """
            SELECT count(*) AS n FROM \(Self.answeredForSQL)
            WHERE due_at >= ? AND due_at < ?
                AND ((length(due) = 10 AND due = ?) OR (length(due) > 10 AND due_at >= ? AND due_at < ?))
            """, [accountID.description, low, high, day.description, start.milliseconds, end.milliseconds]
        ) {
            (row: Row) in
            row["n"] as Int
        } ?? 0
    }

    public func openTaskCounts(accountID: AccountID, now: Timestamp) async throws -> (open: Int, overdue: Int) {
        try await fetchOne(
            """
            SELECT count(*) AS open, count(CASE WHEN length(due) = 10 AND due_at + 86400000 <= ?2
                OR length(due) > 10 AND due_at <= ?2 THEN 1 END) AS overdue
            FROM \(Self.answeredForSQL)
            """, [accountID.description, now.milliseconds]
        ) { (row: Row) in
            (row["open"] as Int, row["overdue"] as Int)
        } ?? (0, 0)
    }

    public func openTasksByDueDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws
        -> [CivilDate: Int]
    {
        let days = try await fetchAll(
            """
            SELECT substr(due, 1, 10) AS day, count(*) AS n FROM \(Self.answeredForSQL)
            WHERE due_at >= ? AND due_at < ?
            GROUP BY substr(due, 1, 10)
            """,
            [
                accountID.description, from.startTimestamp.milliseconds,
                through.adding(days: 1).startTimestamp.milliseconds,
            ]
        ) {
            (row: Row) in (try GameColumns.civilDate(row["day"]), row["n"] as Int)
        }
        return Dictionary(days, uniquingKeysWith: +)
    }

    /// GAME-4: open tasks the member answers for (assigned to them, or unassigned and theirs), as a table of their
    /// `due` and `due_at`: two searches of partial indexes (an `OR` of the two would scan every account's tasks). The
    /// account's id is the first argument (`?1`), the others follow it.
    static let answeredForSQL = """
        (SELECT due, due_at FROM tasks INDEXED BY tasks_open_unassigned
            WHERE owner_id = ?1 AND deleted_at IS NULL AND status IN ('pending', 'inProgress') AND assignee_id IS NULL
         UNION ALL
         SELECT due, due_at FROM tasks INDEXED BY tasks_open_assigned
            WHERE assignee_id = ?1 AND deleted_at IS NULL AND status IN ('pending', 'inProgress'))
        """
}
