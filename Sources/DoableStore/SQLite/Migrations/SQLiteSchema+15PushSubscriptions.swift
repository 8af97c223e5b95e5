import GRDB

extension SQLiteSchema {
    /// REACH-3: the devices that receive an account's notifications by Web Push. One row per push endpoint: a browser
    /// that subscribes again (new keys) replaces its row.
    static func migration15PushSubscriptions(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE push_subscriptions (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    endpoint TEXT NOT NULL UNIQUE,
                    p256dh TEXT NOT NULL,
                    auth TEXT NOT NULL,
                    device_name TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    version INTEGER NOT NULL
                );
                CREATE INDEX push_subscriptions_account ON push_subscriptions(account_id);
                """)
    }
}
