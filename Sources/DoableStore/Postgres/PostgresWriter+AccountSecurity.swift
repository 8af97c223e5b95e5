import DoableCore
import PostgresNIO

extension PostgresWriter {
    /// Issue 31's rows (as SQLiteWriter's `applySecurity`).
    func applySecurity(_ operation: WriteBatch.AccountOperation) async throws {
        switch operation {
        case .touchCredential(let id, let accountID, let at, let address):
            try await execute(
                """
                UPDATE credentials SET last_used_at = \(at.milliseconds), address = COALESCE(\(address), address)
                WHERE id = \(id.uuid)
                """)
            try await execute(
                """
                UPDATE accounts SET last_seen_at = \(at.milliseconds)
                WHERE id = \(accountID.uuid) AND (last_seen_at IS NULL OR last_seen_at < \(at.milliseconds))
                """)
        case .putAccountLink(let link):
            var values = PostgresRowValues()
            try values.set("id", link.id.uuid)
            try values.set("account_id", link.accountID.uuid)
            try values.set("purpose", link.purpose.rawValue)
            try values.set("token_hash", link.tokenHash)
            try values.set("email", link.email)
            try values.set("created_at", link.createdAt.milliseconds)
            try values.set("expires_at", link.expiresAt.milliseconds)
            try values.set("used_at", link.usedAt?.milliseconds)
            try values.set("version", link.version)
            try await put("account_links", id: link.id.description, version: link.version, values: values)
        case .putInvitation(let invitation):
            var values = PostgresRowValues()
            try values.set("id", invitation.id.uuid)
            try values.set("created_by", invitation.createdBy.uuid)
            try values.set("email", invitation.email)
            try values.set("token_hash", invitation.tokenHash)
            try values.set("list_id", invitation.listID?.uuid)
            try values.set("role", invitation.role?.rawValue)
            try values.set("created_at", invitation.createdAt.milliseconds)
            try values.set("expires_at", invitation.expiresAt.milliseconds)
            try values.set("used_at", invitation.usedAt?.milliseconds)
            try values.set("used_by", invitation.usedBy?.uuid)
            try values.set("version", invitation.version)
            try await put("invitations", id: invitation.id.description, version: invitation.version, values: values)
        case .deleteInvitation(let invitation):
            try await delete("invitations", id: invitation.id.uuid, version: invitation.version)
        case .appendAudit(let entry):
            try await execute(
                """
                INSERT INTO audit_log (id, at, actor_id, actor_name, action, target_id, target_name, detail)
                VALUES (\(entry.id.uuid), \(entry.at.milliseconds), \(entry.actorID?.uuid), \(entry.actorName),
                        \(entry.action.rawValue), \(entry.targetID?.uuid), \(entry.targetName), \(entry.detail))
                """)
        case .recordSignInFailures(let keys, let at):
            try await execute(
                "INSERT INTO sign_in_failures (key, at) SELECT unnest(\(keys)::text[]), \(at.milliseconds)")
        case .clearSignInFailures(let key, let before):
            if let key { try await execute("DELETE FROM sign_in_failures WHERE key = \(key)") }
            try await execute("DELETE FROM sign_in_failures WHERE at < \(before.milliseconds)")
        case .putAccount, .deleteAccount, .putCredential, .deleteCredential, .deleteCredentials:
            preconditionFailure("applied by apply(_:now:)")
        }
    }
}
