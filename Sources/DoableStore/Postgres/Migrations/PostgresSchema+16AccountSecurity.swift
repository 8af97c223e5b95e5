extension PostgresSchema {
    /// Issue 31: accounts to rely on (as SQLite's migration 16).
    static let migration16AccountSecurity = Migration(
        id: "16-account-security",
        statements: [
            """
            ALTER TABLE accounts ADD COLUMN disabled_reason text, ADD COLUMN email_verified_at bigint,
                ADD COLUMN two_factor text, ADD COLUMN last_seen_at bigint
            """,
            """
            ALTER TABLE credentials ADD COLUMN device_name text, ADD COLUMN address text,
                ADD COLUMN last_used_at bigint
            """,
            """
            CREATE TABLE account_links (
                id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id),
                purpose text NOT NULL,
                token_hash text NOT NULL UNIQUE,
                email text NOT NULL,
                created_at bigint NOT NULL,
                expires_at bigint NOT NULL,
                used_at bigint,
                version bigint NOT NULL
            )
            """,
            "CREATE INDEX account_links_account ON account_links (account_id, purpose, created_at)",
            """
            CREATE TABLE invitations (
                id uuid PRIMARY KEY,
                created_by uuid NOT NULL REFERENCES accounts (id),
                email text,
                token_hash text NOT NULL UNIQUE,
                list_id uuid,
                role text,
                created_at bigint NOT NULL,
                expires_at bigint NOT NULL,
                used_at bigint,
                used_by uuid,
                version bigint NOT NULL
            )
            """,
            "CREATE INDEX invitations_created_by ON invitations (created_by, created_at)",
            """
            CREATE TABLE audit_log (
                id uuid PRIMARY KEY,
                at bigint NOT NULL,
                actor_id uuid,
                actor_name text NOT NULL,
                action text NOT NULL,
                target_id uuid,
                target_name text NOT NULL,
                detail text NOT NULL
            )
            """,
            "CREATE INDEX audit_log_at ON audit_log (at, id)",
            "CREATE TABLE sign_in_failures (key text NOT NULL, at bigint NOT NULL)",
            "CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at)",
        ])
}
