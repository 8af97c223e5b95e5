import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes devices' sync and announcements in the change feed (SYNC).
    func apply(_ operation: WriteBatch.SyncOperation, now: Timestamp) async throws {
        switch operation {
        case .advanceSyncClient(let client, let account, let mutation):
            try await advanceSyncClient(client, account: account, from: mutation, to: mutation)
        case .recordSyncRejection(let rejection):
            try await execute(
                """
                INSERT INTO sync_rejections (client_id, mutation_id, name, entity_id, code, field, message, at)
                VALUES (\(rejection.clientID), \(rejection.mutationID), \(rejection.name), \(rejection.entityID),
                        \(rejection.code), \(rejection.field), \(rejection.message), \(rejection.at.milliseconds))
                """)
        case .announceTask:
            break
        case .stampFieldClocks(let entity, let fields, let clock):
            guard let id = UUID(uuidString: entity) else { break }
            try await execute(
                """
                INSERT INTO field_clocks (entity_id, field, clock) SELECT \(id), f, \(clock) FROM unnest(\(fields)) AS f
                ON CONFLICT (entity_id, field) DO UPDATE SET clock = excluded.clock
                WHERE excluded.clock > field_clocks.clock
                """)
        }
    }

    /// Moves a device's progress from `first - 1` to `last`: mutations `first` through `last` handled.
    func advanceSyncClient(_ client: UUID, account: AccountID, from first: Int64, to last: Int64) async throws {
        // A concurrent request handling the same mutation waits on the row (or the key) and then finds it moved.
        let moved: [PostgresRecord]
        if first == 1 {
            moved = try await fetch(
                """
                INSERT INTO sync_clients (client_id, account_id, last_mutation_id, updated_at)
                VALUES (\(client), \(account.uuid), \(last), \(Timestamp.now.milliseconds))
                ON CONFLICT (client_id) DO NOTHING RETURNING client_id
                """)
        } else {
            moved = try await fetch(
                """
                UPDATE sync_clients SET last_mutation_id = \(last), updated_at = \(Timestamp.now.milliseconds)
                WHERE client_id = \(client) AND account_id = \(account.uuid) AND last_mutation_id = \(first - 1)
                RETURNING client_id
                """)
        }
        if moved.isEmpty { throw StoreError.duplicate(key: "mutation") }
    }
}
