extension PostgresSchema {
    /// REACH-3: the devices that receive an account's notifications by Web Push (as SQLite's migration 15).
    static let migration15PushSubscriptions = Migration(
        id: "15-push-subscriptions",
        statements: [
            """
            CREATE TABLE push_subscriptions (
                id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id),
                endpoint text NOT NULL UNIQUE,
                p256dh text NOT NULL,
                auth text NOT NULL,
                device_name text NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                version bigint NOT NULL
            )
            """,
            "CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id)",
        ])
}
