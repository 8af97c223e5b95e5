import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes accounts and their credentials (ACC).
    func apply(_ operation: WriteBatch.AccountOperation, now: Timestamp) async throws {
        switch operation {
        case .putAccount(let account):
            try await put(
                "accounts", id: account.id.description, version: account.version,
                values: PostgresRows.accountValues(account))
        case .deleteAccount(let account):
            let id = account.id.uuid
            try await execute("DELETE FROM task_labels WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            // As SQLiteWriter: what hangs on the account's own lists, tasks, notifications and memberships.
            try await execute("DELETE FROM comments WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            try await execute("DELETE FROM task_activity WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            try await execute("DELETE FROM list_members WHERE list_id IN (SELECT id FROM lists WHERE owner_id = \(id))")
            try await execute("DELETE FROM list_members WHERE account_id = \(id)")
            try await execute("DELETE FROM notifications WHERE account_id = \(id)")
            try await execute(
                """
                DELETE FROM reminders WHERE account_id = \(id) OR task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))
                """)
            try await execute("DELETE FROM task_completions WHERE task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))")
            try await execute("DELETE FROM webhooks WHERE account_id = \(id)")
            try await execute("DELETE FROM push_subscriptions WHERE account_id = \(id)")
            try await execute("DELETE FROM deliveries WHERE account_id = \(id)")
            try await execute("DELETE FROM undo_shelf WHERE account_id = \(id)")
            try await execute(
                """
                DELETE FROM field_clocks WHERE entity_id IN (SELECT id FROM tasks WHERE owner_id = \(id)
                    UNION ALL SELECT id FROM lists WHERE owner_id = \(id) UNION ALL SELECT id FROM labels WHERE owner_id = \(id))
                """)
            try await execute(
                """
                DELETE FROM sync_rejections WHERE client_id IN (SELECT client_id FROM sync_clients WHERE account_id = \(id))
                """)
            try await execute("DELETE FROM sync_clients WHERE account_id = \(id)")
            try await deleteMarketRows(of: account.id)
            try await deleteGameRows(of: account.id)
            try await deleteCalDAVRows(of: account.id)
            try await execute("DELETE FROM tasks WHERE owner_id = \(id)")
            try await execute("DELETE FROM labels WHERE owner_id = \(id)")
            try await execute("DELETE FROM lists WHERE owner_id = \(id)")
            try await execute("DELETE FROM credentials WHERE account_id = \(id)")
            try await execute("DELETE FROM account_links WHERE account_id = \(id)")
            try await execute("DELETE FROM invitations WHERE created_by = \(id)")
            try await execute("DELETE FROM changes WHERE account_id = \(id)")
            try await delete("accounts", id: account.id.uuid, version: account.version)
        case .putCredential(let credential):
            try await execute(
                """
                INSERT INTO credentials (id, account_id, kind, name, scope, secret_hash, created_at, expires_at,
                    device_name, address, last_used_at)
                VALUES (\(credential.id.uuid), \(credential.accountID.uuid), \(credential.kind.rawValue),
                        \(credential.name), \(credential.scope.rawValue), \(credential.secretHash),
                        \(credential.createdAt.milliseconds), \(credential.expiresAt?.milliseconds),
                        \(credential.deviceName), \(credential.address), \(credential.lastUsedAt?.milliseconds))
                """)
        case .deleteCredential(let credential):
            try await execute("DELETE FROM credentials WHERE id = \(credential.id.uuid)")
        case .deleteCredentials(let accountID, let kinds, let except):
            try await execute(
                """
                DELETE FROM credentials
                WHERE account_id = \(accountID.uuid) AND kind = ANY(\(kinds.map(\.rawValue)))
                AND id IS DISTINCT FROM \(except?.uuid)
                """)
        case .touchCredential, .putAccountLink, .putInvitation, .deleteInvitation, .appendAudit, .recordSignInFailures,
            .clearSignInFailures:
            try await applySecurity(operation)
        }
    }
}
