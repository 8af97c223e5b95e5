import DoableCore
import Foundation

/// The columns of the game's tables (migration "8-game"), in the order both engines write and decode them, and the
/// JSON both engines keep in one column.
enum GameColumns {
    static let profile = """
        account_id, is_strict, points, xp, completed_count, last_closed_day, warned_day, last_line, petted_at,
        created_at, updated_at, version, details
        """
    /// `profile`, each column of the table named `p` (a join).
    static let profileJoined = profile.split(separator: ",")
        .map { "p." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")
    static let day = "account_id, day, status, due_count, done_count, bonus, streak, closed_at, version"
    static let ledger = "id, account_id, kind, reference, points, xp, local_day, detail, at"
    static let item = "id, name, description, category, slot, price, svg, is_retired, created_at, updated_at, version"
    static let plan = "id, name, price_cents, period, description, is_retired, created_at, updated_at, version"
    /// The kinds `ledgerPointsByDay` adds up (GAME-6: points earned, not spent).
    static let earningKinds: [LedgerEntry.Kind] = [.reward, .reversal, .streakBonus]

    /// When the seeded catalogue was made: a fixed moment, so that every installation and both engines agree.
    static let catalogueSeededAt = Timestamp(milliseconds: 0)

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// The stored constants over the defaults: a constant added since they were saved keeps its default, one
    /// removed since is left out.
    static func rules(fromJSON json: String) throws -> GameRules {
        var rules = GameRules.default
        for (name, value) in try decode([String: Int].self, from: json) { try? rules.set(name, to: value) }
        return rules
    }

    /// Day statuses joined with commas (`group_concat`, `string_agg`); an unknown one reads as missed, as in a day's row.
    static func statuses(_ joined: String?) -> [GameDay.Status] {
        (joined ?? "").split(separator: ",").map { GameDay.Status(rawValue: String($0)) ?? .missed }
    }

    /// A stored `YYYY-MM-DD`; anything else is a row no write makes.
    static func civilDate(_ text: String) throws -> CivilDate {
        guard let date = CivilDate(text) else { throw StoreError.integrity("not a date: \(text)") }
        return date
    }
}

/// A profile's values kept as one JSON column (`details`): the companion and what the member owns and chose.
struct GameProfileDetails: Codable {
    var companion: Companion
    /// Item id → when bought.
    var owned: [String: Timestamp]
    var equipped: [StoreItemID]
    var badges: [Badge: Timestamp]
    var offWeekdays: [Int]
    var offDays: [CivilDate]

    init(_ profile: GameProfile) {
        companion = profile.companion
        owned = Dictionary(uniqueKeysWithValues: profile.owned.map { ($0.key.description, $0.value) })
        equipped = profile.equipped
        badges = profile.badges
        offWeekdays = profile.offWeekdays.sorted()
        offDays = profile.offDays.sorted()
    }

    /// The JSON of `profile`'s details.
    static func json(_ profile: GameProfile) throws -> String { try GameColumns.encode(GameProfileDetails(profile)) }

    /// A profile from its scalar columns and its `details` JSON.
    static func profile(
        accountID: AccountID, isStrict: Bool, points: Int, xp: Int, completedCount: Int, lastClosedDay: String,
        warnedDay: String?, lastLine: Int?, pettedAt: Timestamp?, createdAt: Timestamp, updatedAt: Timestamp,
        version: Int64, details json: String
    ) throws -> GameProfile {
        let details = try GameColumns.decode(GameProfileDetails.self, from: json)
        var owned: [StoreItemID: Timestamp] = [:]
        for (id, when) in details.owned {
            guard let id = StoreItemID(id) else { throw StoreError.integrity("not an item id: \(id)") }
            owned[id] = when
        }
        return GameProfile(
            accountID: accountID, isStrict: isStrict, points: points, xp: xp, companion: details.companion,
            owned: owned, equipped: details.equipped, badges: details.badges, completedCount: completedCount,
            offWeekdays: Set(details.offWeekdays), offDays: Set(details.offDays),
            lastClosedDay: try GameColumns.civilDate(lastClosedDay),
            warnedDay: try warnedDay.map(GameColumns.civilDate),
            lastLine: lastLine, pettedAt: pettedAt, createdAt: createdAt, updatedAt: updatedAt, version: version)
    }
}
