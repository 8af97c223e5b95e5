public import DoableCore
import GRDB

extension SQLiteStore {
    static let accountLinkColumns = "id, account_id, purpose, token_hash, email, created_at, expires_at, used_at, version"
    static let invitationColumns = """
        id, created_by, email, token_hash, list_id, role, created_at, expires_at, used_at, used_by, version
        """
    static let accountSearchCondition = """
        (? IS NULL OR email_key LIKE ? ESCAPE '\\' OR username_key LIKE ? ESCAPE '\\'
            OR lower(first_name || ' ' || last_name) LIKE ? ESCAPE '\\')
        """

    public func accountLink(tokenHash: String) async throws -> AccountLink? {
        try await fetchOne(
            "SELECT \(Self.accountLinkColumns) FROM account_links WHERE token_hash = ?", [tokenHash], Self.accountLink)
    }

    public func accountLinks(of accountID: AccountID, purpose: AccountLink.Purpose, since: Timestamp) async throws
        -> [AccountLink]
    {
        try await fetchAll(
            """
            SELECT \(Self.accountLinkColumns) FROM account_links
            WHERE account_id = ? AND purpose = ? AND created_at >= ? ORDER BY created_at DESC, id DESC
            """, [accountID.description, purpose.rawValue, since.milliseconds], Self.accountLink)
    }

    public func invitation(id: InvitationID) async throws -> Invitation? {
        try await fetchOne(
            "SELECT \(Self.invitationColumns) FROM invitations WHERE id = ?", [id.description], Self.invitation)
    }

    public func invitation(tokenHash: String) async throws -> Invitation? {
        try await fetchOne(
            "SELECT \(Self.invitationColumns) FROM invitations WHERE token_hash = ?", [tokenHash], Self.invitation)
    }

    public func openInvitations(createdBy: AccountID?) async throws -> [Invitation] {
        try await fetchAll(
            """
            SELECT \(Self.invitationColumns) FROM invitations
            WHERE used_at IS NULL AND (? IS NULL OR created_by = ?) ORDER BY created_at DESC, id DESC
            """, [createdBy?.description, createdBy?.description], Self.invitation)
    }

    public func accounts(matching search: String?, limit: Int, offset: Int) async throws -> [Account] {
        let pattern = AccountSearch.pattern(search)
        return try await fetchAll(
            """
            SELECT \(SQLiteRows.accountColumns) FROM accounts WHERE \(Self.accountSearchCondition)
            ORDER BY created_at, id LIMIT ? OFFSET ?
            """, [pattern, pattern, pattern, pattern, limit, offset], SQLiteRows.account)
    }

    public func accountCount(matching search: String?) async throws -> Int {
        let pattern = AccountSearch.pattern(search)
        return try await fetchOne(
            "SELECT count(*) FROM accounts WHERE \(Self.accountSearchCondition)", [pattern, pattern, pattern, pattern]
        ) { $0.int64(0) }.map(Int.init) ?? 0
    }

    public func enabledAdminCount() async throws -> Int {
        try await fetchOne("SELECT count(*) FROM accounts WHERE is_admin = 1 AND is_disabled = 0", []) { $0.int64(0) }
            .map(Int.init) ?? 0
    }

    public func auditLog(limit: Int, before: AuditEntryID?) async throws -> [AuditEntry] {
        try await fetchAll(
            """
            SELECT id, at, actor_id, actor_name, action, target_id, target_name, detail FROM audit_log
            WHERE ? IS NULL OR id < ? ORDER BY id DESC LIMIT ?
            """, [before?.description, before?.description, limit]
        ) { columns in
            AuditEntry(
                id: columns.id(0)!, at: columns.timestamp(1), actorID: columns.optionalID(2),
                actorName: columns.text(3), action: AuditEntry.Action(rawValue: columns.text(4)) ?? .enable,
                targetID: columns.optionalID(5), targetName: columns.text(6), detail: columns.text(7))
        }
    }

    public func signInFailures(key: String, since: Timestamp) async throws -> [Timestamp] {
        try await fetchAll(
            "SELECT at FROM sign_in_failures WHERE key = ? AND at >= ? ORDER BY at", [key, since.milliseconds]
        ) { $0.timestamp(0) }
    }

    static func accountLink(_ columns: SQLiteColumns) -> AccountLink {
        AccountLink(
            id: columns.id(0)!, accountID: columns.id(1)!,
            purpose: AccountLink.Purpose(rawValue: columns.text(2)) ?? .passwordReset, tokenHash: columns.text(3),
            email: columns.text(4), createdAt: columns.timestamp(5), expiresAt: columns.timestamp(6),
            usedAt: columns.optionalTimestamp(7), version: columns.int64(8))
    }

    static func invitation(_ columns: SQLiteColumns) -> Invitation {
        Invitation(
            id: columns.id(0)!, createdBy: columns.id(1)!, email: columns.optionalText(2), tokenHash: columns.text(3),
            listID: columns.optionalID(4), role: columns.optionalText(5).flatMap(ListRole.init(rawValue:)),
            createdAt: columns.timestamp(6), expiresAt: columns.timestamp(7), usedAt: columns.optionalTimestamp(8),
            usedBy: columns.optionalID(9), version: columns.int64(10))
    }
}
