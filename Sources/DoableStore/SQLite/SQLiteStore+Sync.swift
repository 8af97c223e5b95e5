public import DoableCore
public import Foundation
import GRDB

extension SQLiteStore {
    public func syncClient(id: UUID) async throws -> (accountID: AccountID, lastMutationID: Int64)? {
        try await fetchOne(
            "SELECT account_id, last_mutation_id FROM sync_clients WHERE client_id = ?",
            [id.lowercasedString]
        ) { row in
            (SQLiteRows.id(row, "account_id"), row["last_mutation_id"] as Int64)
        }
    }

    public func syncRejections(clientID: UUID, from: Int64, through: Int64) async throws -> [SyncRejection] {
        try await fetchAll(
            """
            SELECT mutation_id, name, entity_id, code, field, message, at FROM sync_rejections
            WHERE client_id = ? AND mutation_id BETWEEN ? AND ? ORDER BY mutation_id
            """, [clientID.lowercasedString, from, through]
        ) { row in
            SyncRejection(
                clientID: clientID, mutationID: row["mutation_id"], name: row["name"],
                entityID: row["entity_id"], code: row["code"], field: row["field"], message: row["message"],
                at: SQLiteRows.timestamp(row, "at"))
        }
    }

    public func fieldClocks(entityIDs: [String]) async throws -> [String: [String: String]] {
        guard !entityIDs.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT entity_id, field, clock FROM field_clocks WHERE entity_id IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(entityIDs)]
        ) { row in
            (row["entity_id"] as String, row["field"] as String, row["clock"] as String)
        }
        var clocks: [String: [String: String]] = [:]
        for (entity, field, clock) in rows { clocks[entity, default: [:]][field] = clock }
        return clocks
    }

    public func tasks(listIDs: [ListID], after: TaskID?, limit: Int) async throws -> [TaskItem] {
        guard !listIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(SQLiteRows.taskColumns) FROM tasks
            WHERE list_id IN (SELECT value FROM json_each(?)) AND id > ? ORDER BY id LIMIT ?
            """, [Self.jsonArray(listIDs.map(\.description)), after?.description ?? "", limit], SQLiteRows.task)
    }
}
