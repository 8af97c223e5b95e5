import GRDB

extension SQLiteSchema {
    /// Issue 31: what accounts need to be relied on. On the account: a disable's reason (ADMIN-1), the verified
    /// email (ACC-9), the second factor (ACC-10) and when it was last seen. On each credential: the device, address
    /// and last use (ACC-11). Emailed single-use links (ACC-8, ACC-9), invitations (ACC-12), the admins' audit log
    /// (ADMIN-2), and failed sign-ins (OPS-2: shared by every process on one database).
    static func migration16AccountSecurity(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE accounts ADD COLUMN disabled_reason TEXT;
                ALTER TABLE accounts ADD COLUMN email_verified_at INTEGER;
                ALTER TABLE accounts ADD COLUMN two_factor TEXT;
                ALTER TABLE accounts ADD COLUMN last_seen_at INTEGER;
                ALTER TABLE credentials ADD COLUMN device_name TEXT;
                ALTER TABLE credentials ADD COLUMN address TEXT;
                ALTER TABLE credentials ADD COLUMN last_used_at INTEGER;

                CREATE TABLE account_links (
                    id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    purpose TEXT NOT NULL,
                    token_hash TEXT NOT NULL UNIQUE,
                    email TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_at INTEGER,
                    version INTEGER NOT NULL
                );
                CREATE INDEX account_links_account ON account_links(account_id, purpose, created_at);

                CREATE TABLE invitations (
                    id TEXT PRIMARY KEY NOT NULL,
                    created_by TEXT NOT NULL REFERENCES accounts(id),
                    email TEXT,
                    token_hash TEXT NOT NULL UNIQUE,
                    list_id TEXT,
                    role TEXT,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_at INTEGER,
                    used_by TEXT,
                    version INTEGER NOT NULL
                );
                CREATE INDEX invitations_created_by ON invitations(created_by, created_at);

                CREATE TABLE audit_log (
                    id TEXT PRIMARY KEY NOT NULL,
                    at INTEGER NOT NULL,
                    actor_id TEXT,
                    actor_name TEXT NOT NULL,
                    action TEXT NOT NULL,
                    target_id TEXT,
                    target_name TEXT NOT NULL,
                    detail TEXT NOT NULL
                );
                CREATE INDEX audit_log_at ON audit_log(at, id);

                CREATE TABLE sign_in_failures (
                    key TEXT NOT NULL,
                    at INTEGER NOT NULL
                );
                CREATE INDEX sign_in_failures_key ON sign_in_failures(key, at);
                """)
    }
}
