import DoableCore
import Foundation
import GRDB

/// The replica's small facts, one row per key.
enum Meta {
    enum Key: String {
        case clientID = "clientId"
        case cursor
        /// The hybrid clock's last reading.
        case clock = "hlc"
        case lastSyncAt
        /// The last mutation the server confirmed with a completed pull.
        case lastMutationIDAcked = "lastMutationIdAcked"
        /// The last mutation number handed out (numbers go on across dropped outbox rows).
        case lastMutationID = "lastMutationId"
        /// Changed by every pull, so readers know when their cached base is out of date.
        case baseToken
    }

    static func get(_ db: Database, _ key: Key) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key.rawValue])
    }

    static func set(_ db: Database, _ key: Key, _ value: String?) throws {
        if let value {
            try db.execute(
                sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key.rawValue, value])
        } else {
            try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [key.rawValue])
        }
    }

    static func int(_ db: Database, _ key: Key) throws -> Int64 {
        try get(db, key).flatMap { Int64($0) } ?? 0
    }

    /// The stored client id, made (UUIDv7) when there is none.
    static func clientID(_ db: Database) throws -> UUID {
        if let text = try get(db, .clientID), let id = UUID.parse(text) { return id }
        let id = UUID.makeVersion7()
        try set(db, .clientID, id.lowercasedString)
        return id
    }

    /// The device's hybrid clock as last stored.
    static func clock(_ db: Database) throws -> HybridClock {
        let nodeName = try clientID(db).lowercasedString
        let last = try get(db, .clock).flatMap(HybridTimestamp.init).map {
            HybridTimestamp(milliseconds: $0.milliseconds, counter: $0.counter, node: nodeName)
        }
        return HybridClock(node: nodeName, last: last)
    }
}
