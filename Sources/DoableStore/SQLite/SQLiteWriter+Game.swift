import DoableCore
import GRDB

/// The companion game's writes (issue 16), with the same version checks as every other `put`: version 1 inserts (a
/// row already there is a conflict), version n updates the row only if it still has version n - 1.
extension SQLiteWriter {
    func putGameProfile(_ profile: GameProfile) throws {
        try put(
            SQLiteKeyedTable.gameProfiles, version: profile.version, id: profile.accountID.description,
            arguments: [
                profile.accountID.description, profile.isStrict, profile.points, profile.xp, profile.completedCount,
                profile.lastClosedDay.description, profile.warnedDay?.description, profile.lastLine,
                profile.pettedAt?.milliseconds, profile.createdAt.milliseconds, profile.updatedAt.milliseconds,
                profile.version, try GameProfileDetails.json(profile),
            ])
    }

    func putGameDay(_ day: GameDay) throws {
        try put(
            SQLiteKeyedTable.gameDays, version: day.version, id: "\(day.accountID) \(day.day)",
            arguments: [
                day.accountID.description, day.day.description, day.status.rawValue, day.dueCount, day.doneCount,
                day.bonus, day.streak, day.closedAt.milliseconds, day.version,
            ])
    }

    /// Ledger lines are written once and never changed.
    func addLedgerEntry(_ entry: LedgerEntry) throws {
        try execute(
            """
            INSERT INTO game_ledger (\(GameColumns.ledger)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            arguments: [
                entry.id.description, entry.accountID.description, entry.kind.rawValue, entry.reference,
                entry.points, entry.xp, entry.localDay.description, entry.detail,
                entry.at.milliseconds,
            ])
    }

    func putStoreItem(_ item: StoreItem) throws {
        try put(
            SQLiteTable.storeItems, version: item.version, id: item.id.description,
            arguments: Self.storeItemArguments(item))
    }

    static func storeItemArguments(_ item: StoreItem) -> [(any DatabaseValueConvertible)?] {
        [
            item.id.description, item.name, item.description, item.category.rawValue, item.slot.rawValue, item.price,
            item.svg, item.isRetired, item.createdAt.milliseconds, item.updatedAt.milliseconds, item.version,
        ]
    }

    func putSubscriptionPlan(_ plan: SubscriptionPlan) throws {
        try put(
            SQLiteTable.subscriptionPlans, version: plan.version, id: plan.id.description,
            arguments: [
                plan.id.description, plan.name, plan.price.cents, plan.period.rawValue, plan.description, plan.isRetired,
                plan.createdAt.milliseconds, plan.updatedAt.milliseconds, plan.version,
            ])
    }

    /// The single row of the admins' constants (id 1).
    func putGameRules(_ rules: GameRules, version: Int64) throws {
        try put(
            SQLiteKeyedTable.gameRules, version: version, id: "1",
            arguments: [1, try GameColumns.encode(rules), version])
    }

    /// ACC-6: the account's game: its profile, days and ledger.
    func deleteGameRows(of account: AccountID) throws {
        let id = account.description
        try execute("DELETE FROM game_ledger WHERE account_id = ?", arguments: [id])
        try execute("DELETE FROM game_days WHERE account_id = ?", arguments: [id])
        try execute("DELETE FROM game_profiles WHERE account_id = ?", arguments: [id])
    }

    /// Inserts a row at version 1, or updates it only if the stored version is the one before.
    func put(
        _ table: SQLiteKeyedTable, version: Int64, id: String,
        arguments: [(any DatabaseValueConvertible)?]
    ) throws {
        if version == 1 {
            try execute(table.insertSQL, arguments: StatementArguments(arguments))
            return
        }
        var values = Array(arguments.dropFirst(table.keyCount))
        values.append(contentsOf: arguments.prefix(table.keyCount))
        values.append(version - 1)
        try execute(table.updateSQL, arguments: StatementArguments(values))
        if db.changesCount == 0 { throw StoreError.versionConflict(entity: table.name, id: id) }
    }
}

/// A table written whole whose key is not a single `id` column: its key columns come first.
struct SQLiteKeyedTable: Sendable {
    let name: String
    let keyCount: Int
    let insertSQL: String
    let updateSQL: String

    init(_ name: String, keys: [String], columns: [String]) {
        self.name = name
        keyCount = keys.count
        let all = keys + columns
        let marks = Array(repeating: "?", count: all.count).joined(separator: ", ")
        insertSQL = "INSERT INTO \(name) (\(all.joined(separator: ", "))) VALUES (\(marks))"
        let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
        let match = keys.map { "\($0) = ?" }.joined(separator: " AND ")
        updateSQL = "UPDATE \(name) SET \(assignments) WHERE \(match) AND version = ?"
    }

    static let gameProfiles = SQLiteKeyedTable(
        "game_profiles", keys: ["account_id"],
        columns: [
            "is_strict", "points", "xp", "completed_count", "last_closed_day", "warned_day", "last_line", "petted_at",
            "created_at", "updated_at", "version", "details",
        ])

    static let gameDays = SQLiteKeyedTable(
        "game_days", keys: ["account_id", "day"],
        columns: [
            "status", "due_count", "done_count", "bonus", "streak", "closed_at", "version",
        ])

    static let gameRules = SQLiteKeyedTable("game_rules", keys: ["id"], columns: ["rules", "version"])
}

extension SQLiteTable {
    static let storeItems = SQLiteTable(
        "store_items",
        columns: [
            "id", "name", "description", "category", "slot", "price", "svg", "is_retired", "created_at", "updated_at",
            "version",
        ])

    static let subscriptionPlans = SQLiteTable(
        "subscription_plans",
        columns: [
            "id", "name", "price_cents", "period", "description", "is_retired", "created_at", "updated_at", "version",
        ])
}
