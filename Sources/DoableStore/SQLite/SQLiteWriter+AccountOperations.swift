import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes accounts and their credentials (ACC).
    func apply(_ operation: WriteBatch.AccountOperation, now: Timestamp) throws {
        switch operation {
        case .putAccount(let account):
            try put(
                SQLiteTable.accounts, version: account.version, id: account.id.description,
                arguments: try SQLiteRows.accountArguments(account))
        case .deleteAccount(let account):
            let id = account.id.description
            try execute(
                "DELETE FROM task_labels WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id])
            // What hangs on the account's own lists and tasks, and its own notifications and memberships; the domain
            // removed first, with feed entries, what others see (their members, their tasks' comments and labels).
            try execute("DELETE FROM comments WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)", arguments: [id])
            try execute(
                "DELETE FROM task_activity WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id])
            try execute(
                "DELETE FROM list_members WHERE list_id IN (SELECT id FROM lists WHERE owner_id = ?)",
                arguments: [id])
            try execute("DELETE FROM list_members WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM notifications WHERE account_id = ?", arguments: [id])
            try execute(
                "DELETE FROM reminders WHERE account_id = ? OR task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id, id])
            try execute(
                "DELETE FROM task_completions WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = ?)",
                arguments: [id])
            try execute("DELETE FROM webhooks WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM push_subscriptions WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM deliveries WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM undo_shelf WHERE account_id = ?", arguments: [id])
            try execute(
                """
                DELETE FROM field_clocks WHERE entity_id IN (SELECT id FROM tasks WHERE owner_id = ?
                    UNION ALL SELECT id FROM lists WHERE owner_id = ? UNION ALL SELECT id FROM labels WHERE owner_id = ?)
                """, arguments: [id, id, id])
            try execute(
                """
                DELETE FROM sync_rejections WHERE client_id IN (SELECT client_id FROM sync_clients WHERE account_id = ?)
                """, arguments: [id])
            try execute("DELETE FROM sync_clients WHERE account_id = ?", arguments: [id])
            try deleteMarketRows(of: account.id)
            try deleteGameRows(of: account.id)
            try deleteCalDAVRows(of: account.id)
            try execute("DELETE FROM tasks WHERE owner_id = ?", arguments: [id])
            try execute("DELETE FROM labels WHERE owner_id = ?", arguments: [id])
            try execute("DELETE FROM lists WHERE owner_id = ?", arguments: [id])
            try execute("DELETE FROM credentials WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM account_links WHERE account_id = ?", arguments: [id])
            try execute("DELETE FROM invitations WHERE created_by = ?", arguments: [id])
            try execute("DELETE FROM changes WHERE account_id = ?", arguments: [id])
            try delete(SQLiteTable.accounts.name, id: id, version: account.version)
        case .putCredential(let credential):
            try execute(
                """
                INSERT INTO credentials (id, account_id, kind, name, scope, secret_hash, created_at, expires_at,
                    device_name, address, last_used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    credential.id.description, credential.accountID.description, credential.kind.rawValue,
                    credential.name, credential.scope.rawValue, credential.secretHash,
                    credential.createdAt.milliseconds, credential.expiresAt?.milliseconds, credential.deviceName,
                    credential.address, credential.lastUsedAt?.milliseconds,
                ])
        case .deleteCredential(let credential):
            try execute("DELETE FROM credentials WHERE id = ?", arguments: [credential.id.description])
        case .deleteCredentials(let accountID, let kinds, let except):
            let marks = Array(repeating: "?", count: kinds.count).joined(separator: ",")
            try db.execute(
                sql: "DELETE FROM credentials WHERE account_id = ? AND kind IN (\(marks)) AND id != ?",
                arguments: StatementArguments(
                    [accountID.description] + kinds.map(\.rawValue)
                        + [except?.description ?? ""]))
        case .touchCredential, .putAccountLink, .putInvitation, .deleteInvitation, .appendAudit, .recordSignInFailures,
            .clearSignInFailures:
            try applySecurity(operation)
        }
    }
}
