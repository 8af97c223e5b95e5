import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 34: a reminder delivered silently inside the quiet hours (NOTIF-3) says so, for the web app.
    static func migration12NotificationSilent(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE notifications ADD COLUMN silent INTEGER NOT NULL DEFAULT 0")
    }
}
