public import DoableCore
import PostgresNIO

extension PostgresStore {
    @_spi(StoreWriting) public func purgeRecords(before cutoff: Timestamp, limit: Int) async throws -> Int {
        let at = cutoff.milliseconds
        let rows = try await fetchAll(
            """
            WITH notes AS (
                DELETE FROM notifications WHERE id IN (
                    SELECT id FROM notifications WHERE created_at < \(at) LIMIT \(limit)) RETURNING 1
            ), sent AS (
                DELETE FROM deliveries WHERE id IN (
                    SELECT id FROM deliveries WHERE state <> 'pending' AND created_at < \(at) LIMIT \(limit)) RETURNING 1
            ), rejections AS (
                DELETE FROM sync_rejections WHERE (client_id, mutation_id) IN (
                    SELECT client_id, mutation_id FROM sync_rejections WHERE at < \(at) LIMIT \(limit)) RETURNING 1
            )
            SELECT (SELECT count(*) FROM notes) + (SELECT count(*) FROM sent) + (SELECT count(*) FROM rejections) AS n
            """
        ) { try $0["n"] as Int64 }
        return Int(rows.first ?? 0)
    }
}
