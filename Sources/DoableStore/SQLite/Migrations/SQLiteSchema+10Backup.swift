import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 26 (OPS-4): retention purges notifications, finished deliveries and sync rejections by age. (On
    /// PostgreSQL this migration also makes the foreign keys deferrable, for restores; SQLite defers per
    /// transaction with `PRAGMA defer_foreign_keys`.)
    static func migration10Backup(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX notifications_created ON notifications(created_at);
                CREATE INDEX deliveries_finished ON deliveries(created_at) WHERE state != 'pending';
                CREATE INDEX sync_rejections_at ON sync_rejections(at);
                """)
    }
}
