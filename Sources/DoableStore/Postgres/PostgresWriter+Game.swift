import DoableCore
import Foundation
import PostgresNIO

/// The companion game's writes (issue 16), as `SQLiteWriter+Game`: version 1 inserts (a row already there breaks its
/// primary key, a conflict), version n updates the row only if it still has version n - 1.
extension PostgresWriter {
    func putGameProfile(_ profile: GameProfile) async throws {
        var values = PostgresRowValues()
        try values.set("account_id", profile.accountID.uuid)
        try values.set("is_strict", profile.isStrict)
        try values.set("points", Int64(profile.points))
        try values.set("xp", Int64(profile.xp))
        try values.set("completed_count", Int64(profile.completedCount))
        try values.set("last_closed_day", profile.lastClosedDay.description)
        try values.set("warned_day", profile.warnedDay?.description)
        try values.set("last_line", profile.lastLine.map(Int64.init))
        try values.set("petted_at", profile.pettedAt?.milliseconds)
        try values.set("created_at", profile.createdAt.milliseconds)
        try values.set("updated_at", profile.updatedAt.milliseconds)
        try values.set("version", profile.version)
        try values.set("details", try GameProfileDetails.json(profile), cast: "jsonb")
        try await put("game_profiles", id: profile.accountID.description, version: profile.version, values: values)
    }

    func putGameDay(_ day: GameDay) async throws {
        if day.version == 1 {
            try await execute(
                """
                INSERT INTO game_days (\(unescaped: GameColumns.day))
                VALUES (\(day.accountID.uuid), \(day.day.description), \(day.status.rawValue), \(Int64(day.dueCount)),
                        \(Int64(day.doneCount)), \(Int64(day.bonus)), \(Int64(day.streak)),
                        \(day.closedAt.milliseconds), \(day.version))
                """)
            return
        }
        let updated = try await fetch(
            """
            UPDATE game_days SET status = \(day.status.rawValue), due_count = \(Int64(day.dueCount)),
                done_count = \(Int64(day.doneCount)), bonus = \(Int64(day.bonus)), streak = \(Int64(day.streak)),
                closed_at = \(day.closedAt.milliseconds), version = \(day.version)
            WHERE account_id = \(day.accountID.uuid) AND day = \(day.day.description) AND version = \(day.version - 1)
            RETURNING day
            """)
        if updated.isEmpty { throw StoreError.versionConflict(entity: "game_days", id: "\(day.accountID) \(day.day)") }
    }

    func addLedgerEntry(_ entry: LedgerEntry) async throws {
        try await execute(
            """
            INSERT INTO game_ledger (\(unescaped: GameColumns.ledger))
            VALUES (\(entry.id.uuid), \(entry.accountID.uuid), \(entry.kind.rawValue), \(entry.reference),
                    \(Int64(entry.points)), \(Int64(entry.xp)), \(entry.localDay.description), \(entry.detail),
                    \(entry.at.milliseconds))
            """)
    }

    func putStoreItem(_ item: StoreItem) async throws {
        var values = PostgresRowValues()
        try values.set("id", item.id.uuid)
        try values.set("name", item.name)
        try values.set("description", item.description)
        try values.set("category", item.category.rawValue)
        try values.set("slot", item.slot.rawValue)
        try values.set("price", Int64(item.price))
        try values.set("svg", item.svg)
        try values.set("is_retired", item.isRetired)
        try values.set("created_at", item.createdAt.milliseconds)
        try values.set("updated_at", item.updatedAt.milliseconds)
        try values.set("version", item.version)
        try await put("store_items", id: item.id.description, version: item.version, values: values)
    }

    func putSubscriptionPlan(_ plan: SubscriptionPlan) async throws {
        var values = PostgresRowValues()
        try values.set("id", plan.id.uuid)
        try values.set("name", plan.name)
        try values.set("price_cents", plan.price.cents)
        try values.set("period", plan.period.rawValue)
        try values.set("description", plan.description)
        try values.set("is_retired", plan.isRetired)
        try values.set("created_at", plan.createdAt.milliseconds)
        try values.set("updated_at", plan.updatedAt.milliseconds)
        try values.set("version", plan.version)
        try await put("subscription_plans", id: plan.id.description, version: plan.version, values: values)
    }

    /// The single row of the admins' constants (id 1).
    func putGameRules(_ rules: GameRules, version: Int64) async throws {
        var values = PostgresRowValues()
        try values.set("id", Int64(1))
        try values.set("rules", try GameColumns.encode(rules), cast: "jsonb")
        try values.set("version", version)
        try await put("game_rules", id: "1", version: version, values: values)
    }

    /// As `SQLiteWriter.deleteGameRows(of:)`.
    func deleteGameRows(of account: AccountID) async throws {
        let id = account.uuid
        try await execute("DELETE FROM game_ledger WHERE account_id = \(id)")
        try await execute("DELETE FROM game_days WHERE account_id = \(id)")
        try await execute("DELETE FROM game_profiles WHERE account_id = \(id)")
    }
}
