import DoableAPI
import DoableCore
import Foundation
import GRDB

/// The pending mutations: changes made on this device that a completed pull has not yet shown back.
enum Outbox {
    /// Queues one change: the next mutation number, the hybrid clock's next reading at `now`.
    static func append(_ db: Database, name: String, args: [String: JSONValue], now: Timestamp) throws -> Mutation {
        let id = try Meta.int(db, .lastMutationID) + 1
        var clock = try Meta.clock(db)
        let reading = clock.tick(now: now)
        let mutation = Mutation(id: id, name: name, hlc: reading.description, args: args)
        try db.execute(
            sql: "INSERT INTO outbox (id, name, hlc, args, entity_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [id, name, mutation.hlc, try BaseTables.json(args), mutation.entityID, now.description])
        try Meta.set(db, .lastMutationID, String(id))
        try Meta.set(db, .clock, reading.description)
        return mutation
    }

    /// The pending mutations after `afterID`, in id order, at most `limit` of them.
    static func mutations(_ db: Database, after afterID: Int64 = 0, limit: Int? = nil) throws -> [Mutation] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, name, hlc, args FROM outbox WHERE id > ? ORDER BY id LIMIT ?",
            arguments: [afterID, limit ?? -1])
        let decoder = JSONDecoder()
        return try rows.map { row in
            let args: String = row["args"]
            return Mutation(
                id: row["id"], name: row["name"], hlc: row["hlc"],
                args: try decoder.decode([String: JSONValue].self, from: Data(args.utf8)))
        }
    }

    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0
    }

    /// Drops the mutations a completed pull has shown back.
    static func drop(_ db: Database, through lastID: Int64) throws {
        try db.execute(sql: "DELETE FROM outbox WHERE id <= ?", arguments: [lastID])
    }

    static func remove(_ db: Database, id: Int64) throws {
        try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id])
    }
}
