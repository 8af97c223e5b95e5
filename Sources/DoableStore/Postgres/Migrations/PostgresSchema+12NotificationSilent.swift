import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 34: a reminder delivered silently inside the quiet hours (NOTIF-3) says so, for the web app.
    static let migration12NotificationSilent = Migration(
        id: "12-notification-silent",
        statements: [
            "ALTER TABLE notifications ADD COLUMN silent boolean NOT NULL DEFAULT false"
        ])
}
