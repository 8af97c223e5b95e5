public import DoableCore
public import Foundation
import PostgresNIO

extension PostgresStore {
    public func syncClient(id: UUID) async throws -> (accountID: AccountID, lastMutationID: Int64)? {
        try await fetchOne("SELECT account_id, last_mutation_id FROM sync_clients WHERE client_id = \(id)") { row in
            (try row.id("account_id"), try row["last_mutation_id"] as Int64)
        }
    }

    public func syncRejections(clientID: UUID, from: Int64, through: Int64) async throws -> [SyncRejection] {
        try await fetchAll(
            """
            SELECT mutation_id, name, entity_id, code, field, message, at FROM sync_rejections
            WHERE client_id = \(clientID) AND mutation_id BETWEEN \(from) AND \(through) ORDER BY mutation_id
            """
        ) { row in
            SyncRejection(
                clientID: clientID, mutationID: try row["mutation_id"], name: try row["name"],
                entityID: try row["entity_id"], code: try row["code"], field: try row["field"],
                message: try row["message"], at: try row.timestamp("at"))
        }
    }

    public func fieldClocks(entityIDs: [String]) async throws -> [String: [String: String]] {
        let ids = entityIDs.compactMap { UUID(uuidString: $0) }
        guard !ids.isEmpty else { return [:] }
        let rows = try await fetchAll(
            """
            SELECT entity_id, field, clock FROM field_clocks WHERE entity_id = ANY(\(ids))
            """
        ) { row in
            ((try row["entity_id"] as UUID).lowercasedString, try row["field"] as String, try row["clock"] as String)
        }
        var clocks: [String: [String: String]] = [:]
        for (entity, field, clock) in rows { clocks[entity, default: [:]][field] = clock }
        return clocks
    }

    public func tasks(listIDs: [ListID], after: TaskID?, limit: Int) async throws -> [TaskItem] {
        guard !listIDs.isEmpty else { return [] }
        let floor = after?.uuid ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        return try await fetchAll(
            """
            SELECT \(unescaped: PostgresRows.taskColumns) FROM tasks t
            WHERE t.list_id = ANY(\(listIDs.map(\.uuid))) AND t.id > \(floor) ORDER BY t.id LIMIT \(limit)
            """, PostgresRows.task)
    }
}
