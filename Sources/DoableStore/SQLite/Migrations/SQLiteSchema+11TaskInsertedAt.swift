import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 27: when the server first stored each task, which no client can set (its `created_at` comes from
    /// CalDAV, sync and imports). Tasks stored before have none; the game then goes by `created_at`.
    static func migration11TaskInsertedAt(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE tasks ADD COLUMN inserted_at INTEGER")
    }
}
