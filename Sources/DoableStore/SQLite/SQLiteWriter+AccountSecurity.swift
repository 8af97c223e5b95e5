import DoableCore
import GRDB

extension SQLiteWriter {
    static let accountLinks = SQLiteTable(
        "account_links",
        columns: ["id", "account_id", "purpose", "token_hash", "email", "created_at", "expires_at", "used_at", "version"])

    static let invitations = SQLiteTable(
        "invitations",
        columns: [
            "id", "created_by", "email", "token_hash", "list_id", "role", "created_at", "expires_at", "used_at",
            "used_by", "version",
        ])

    /// Issue 31's rows: credential use, emailed links, invitations, the audit log, failed sign-ins.
    func applySecurity(_ operation: WriteBatch.AccountOperation) throws {
        switch operation {
        case .touchCredential(let id, let accountID, let at, let address):
            try execute(
                "UPDATE credentials SET last_used_at = ?, address = COALESCE(?, address) WHERE id = ?",
                arguments: [at.milliseconds, address, id.description])
            try execute(
                "UPDATE accounts SET last_seen_at = ? WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at < ?)",
                arguments: [at.milliseconds, accountID.description, at.milliseconds])
        case .putAccountLink(let link):
            try put(
                Self.accountLinks, version: link.version, id: link.id.description,
                arguments: [
                    link.id.description, link.accountID.description, link.purpose.rawValue, link.tokenHash, link.email,
                    link.createdAt.milliseconds, link.expiresAt.milliseconds, link.usedAt?.milliseconds, link.version,
                ])
        case .putInvitation(let invitation):
            try put(
                Self.invitations, version: invitation.version, id: invitation.id.description,
                arguments: [
                    invitation.id.description, invitation.createdBy.description, invitation.email,
                    invitation.tokenHash, invitation.listID?.description, invitation.role?.rawValue,
                    invitation.createdAt.milliseconds, invitation.expiresAt.milliseconds,
                    invitation.usedAt?.milliseconds, invitation.usedBy?.description, invitation.version,
                ])
        case .deleteInvitation(let invitation):
            try delete("invitations", id: invitation.id.description, version: invitation.version)
        case .appendAudit(let entry):
            try execute(
                """
                INSERT INTO audit_log (id, at, actor_id, actor_name, action, target_id, target_name, detail)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    entry.id.description, entry.at.milliseconds, entry.actorID?.description, entry.actorName,
                    entry.action.rawValue, entry.targetID?.description, entry.targetName, entry.detail,
                ])
        case .recordSignInFailures(let keys, let at):
            for key in keys {
                try execute("INSERT INTO sign_in_failures (key, at) VALUES (?, ?)", arguments: [key, at.milliseconds])
            }
        case .clearSignInFailures(let key, let before):
            if let key { try execute("DELETE FROM sign_in_failures WHERE key = ?", arguments: [key]) }
            try execute("DELETE FROM sign_in_failures WHERE at < ?", arguments: [before.milliseconds])
        case .putAccount, .deleteAccount, .putCredential, .deleteCredential, .deleteCredentials:
            preconditionFailure("applied by apply(_:now:)")
        }
    }
}
