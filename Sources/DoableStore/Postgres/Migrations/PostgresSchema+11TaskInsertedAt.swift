import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 27: when the server first stored each task, which no client can set (its `created_at` comes from
    /// CalDAV, sync and imports). Tasks stored before have none; the game then goes by `created_at`.
    static let migration11TaskInsertedAt = Migration(
        id: "11-task-inserted-at",
        statements: [
            "ALTER TABLE tasks ADD COLUMN inserted_at bigint"
        ])
}
