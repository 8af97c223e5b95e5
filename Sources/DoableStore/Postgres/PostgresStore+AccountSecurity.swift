public import DoableCore
import PostgresNIO

extension PostgresStore {
    static let accountLinkColumns = "id, account_id, purpose, token_hash, email, created_at, expires_at, used_at, version"
    static let invitationColumns = """
        id, created_by, email, token_hash, list_id, role, created_at, expires_at, used_at, used_by, version
        """

    public func accountLink(tokenHash: String) async throws -> AccountLink? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.accountLinkColumns) FROM account_links WHERE token_hash = \(tokenHash)
            """, Self.accountLink)
    }

    public func accountLinks(of accountID: AccountID, purpose: AccountLink.Purpose, since: Timestamp) async throws
        -> [AccountLink]
    {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.accountLinkColumns) FROM account_links
            WHERE account_id = \(accountID.uuid) AND purpose = \(purpose.rawValue) AND created_at >= \(since.milliseconds)
            ORDER BY created_at DESC, id DESC
            """, Self.accountLink)
    }

    public func invitation(id: InvitationID) async throws -> Invitation? {
        try await fetchOne(
            "SELECT \(unescaped: Self.invitationColumns) FROM invitations WHERE id = \(id.uuid)", Self.invitation)
    }

    public func invitation(tokenHash: String) async throws -> Invitation? {
        try await fetchOne(
            "SELECT \(unescaped: Self.invitationColumns) FROM invitations WHERE token_hash = \(tokenHash)",
            Self.invitation)
    }

    public func openInvitations(createdBy: AccountID?) async throws -> [Invitation] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.invitationColumns) FROM invitations
            WHERE used_at IS NULL AND (\(createdBy?.uuid)::uuid IS NULL OR created_by = \(createdBy?.uuid))
            ORDER BY created_at DESC, id DESC
            """, Self.invitation)
    }

    public func accounts(matching search: String?, limit: Int, offset: Int) async throws -> [Account] {
        let pattern = AccountSearch.pattern(search)
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.accountColumns) FROM accounts
            WHERE \(pattern)::text IS NULL OR email_key LIKE \(pattern) OR username_key LIKE \(pattern)
                OR lower(first_name || ' ' || last_name) LIKE \(pattern)
            ORDER BY created_at, id LIMIT \(limit) OFFSET \(offset)
            """, PostgresRows.account)
    }

    public func accountCount(matching search: String?) async throws -> Int {
        let pattern = AccountSearch.pattern(search)
        return try await fetchOne(
            """
            SELECT count(*) AS n FROM accounts
            WHERE \(pattern)::text IS NULL OR email_key LIKE \(pattern) OR username_key LIKE \(pattern)
                OR lower(first_name || ' ' || last_name) LIKE \(pattern)
            """
        ) { Int(try $0["n"] as Int64) } ?? 0
    }

    public func enabledAdminCount() async throws -> Int {
        try await fetchOne("SELECT count(*) AS n FROM accounts WHERE is_admin AND NOT is_disabled") {
            Int(try $0["n"] as Int64)
        } ?? 0
    }

    public func auditLog(limit: Int, before: AuditEntryID?) async throws -> [AuditEntry] {
        try await fetchAll(
            """
            SELECT id, at, actor_id, actor_name, action, target_id, target_name, detail FROM audit_log
            WHERE \(before?.uuid)::uuid IS NULL OR id < \(before?.uuid) ORDER BY id DESC LIMIT \(limit)
            """
        ) { row in
            AuditEntry(
                id: try row.id("id"), at: try row.timestamp("at"), actorID: try row.optionalID("actor_id"),
                actorName: try row["actor_name"],
                action: AuditEntry.Action(rawValue: try row["action"]) ?? .enable,
                targetID: try row.optionalID("target_id"), targetName: try row["target_name"],
                detail: try row["detail"])
        }
    }

    public func signInFailures(key: String, since: Timestamp) async throws -> [Timestamp] {
        try await fetchAll(
            "SELECT at FROM sign_in_failures WHERE key = \(key) AND at >= \(since.milliseconds) ORDER BY at"
        ) { try $0.timestamp("at") }
    }

    static func accountLink(_ row: PostgresRecord) throws -> AccountLink {
        AccountLink(
            id: try row.id("id"), accountID: try row.id("account_id"),
            purpose: AccountLink.Purpose(rawValue: try row["purpose"]) ?? .passwordReset,
            tokenHash: try row["token_hash"], email: try row["email"], createdAt: try row.timestamp("created_at"),
            expiresAt: try row.timestamp("expires_at"), usedAt: try row.optionalTimestamp("used_at"),
            version: try row["version"])
    }

    static func invitation(_ row: PostgresRecord) throws -> Invitation {
        Invitation(
            id: try row.id("id"), createdBy: try row.id("created_by"), email: try row["email"],
            tokenHash: try row["token_hash"], listID: try row.optionalID("list_id"),
            role: (try row["role"] as String?).flatMap(ListRole.init(rawValue:)),
            createdAt: try row.timestamp("created_at"), expiresAt: try row.timestamp("expires_at"),
            usedAt: try row.optionalTimestamp("used_at"), usedBy: try row.optionalID("used_by"),
            version: try row["version"])
    }
}
