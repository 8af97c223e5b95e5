import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes devices' sync and announcements in the change feed (SYNC).
    func apply(_ operation: WriteBatch.SyncOperation, now: Timestamp) throws {
        switch operation {
        case .advanceSyncClient(let client, let account, let mutation):
            if mutation == 1 {
                try execute(
                    """
                    INSERT INTO sync_clients (client_id, account_id, last_mutation_id, updated_at) VALUES (?, ?, 1, ?)
                    ON CONFLICT (client_id) DO NOTHING
                    """, arguments: [client.lowercasedString, account.description, Timestamp.now.milliseconds])
            } else {
                try execute(
                    """
                    UPDATE sync_clients SET last_mutation_id = ?, updated_at = ?
                    WHERE client_id = ? AND account_id = ? AND last_mutation_id = ?
                    """,
                    arguments: [
                        mutation, Timestamp.now.milliseconds, client.lowercasedString, account.description,
                        mutation - 1,
                    ])
            }
            if db.changesCount == 0 { throw StoreError.duplicate(key: "mutation") }
        case .recordSyncRejection(let rejection):
            try execute(
                """
                INSERT INTO sync_rejections (client_id, mutation_id, name, entity_id, code, field, message, at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    rejection.clientID.lowercasedString, rejection.mutationID, rejection.name,
                    rejection.entityID, rejection.code, rejection.field, rejection.message,
                    rejection.at.milliseconds,
                ])
        case .announceTask:
            break
        case .stampFieldClocks(let entity, let fields, let clock):
            for field in fields {
                try execute(
                    """
                    INSERT INTO field_clocks (entity_id, field, clock) VALUES (?, ?, ?)
                    ON CONFLICT (entity_id, field) DO UPDATE SET clock = excluded.clock WHERE excluded.clock > field_clocks.clock
                    """, arguments: [entity, field, clock])
            }
        }
    }
}
